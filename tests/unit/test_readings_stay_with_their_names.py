"""The readings a line implies (a denial's, ``app/domain/denial.py``; a change's,
``app/domain/readings.py``) keep each value with its name (``denial.strays``): a value in
brackets after another is said of that value's name ("pool-b 3.3 GiB (83%)"), which a value's
stretch alone does not tell. So "pool-a never reached 50% (48% at 15:40, 40% at 16:40)" and
"pool-a rose from 83% … to 88% …" put pool-c's and pool-b's readings on pool-a: refused, while the
same lines of the right pool are traced. With the check off, the two lies are traced."""

from __future__ import annotations

import pytest

from app.domain import denial, provenance

EN = "\n".join([
    "2026-10-10T15:40:00Z prometheus: heap used pool-a 3.6 GiB of 4.0 GiB max (90%), pool-b 3.3 GiB (83%), "
    "pool-c 1.9 GiB (48%)",
    "2026-10-10T16:40:00Z prometheus: heap used pool-a 1.7 GiB (43%), pool-c 1.6 GiB (40%), pool-b 3.5 GiB (88%)",
])
ITEMS = provenance.Items(EN.splitlines())

HONEST = {
    "denial-of-its-own": "pool-c heap never reached 50% in either reading (48% at 15:40, 40% at 16:40)",
    "change-of-its-own": "pool-b heap rose from 83% at 15:40 to 88% at 16:40",
}
LIES = {
    "denial-of-another": "pool-a heap never reached 50% in either reading (48% at 15:40, 40% at 16:40)",
    "change-of-another": "pool-a heap rose from 83% at 15:40 to 88% at 16:40",
}


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_readings_of_their_own_name_are_traced(text: str) -> None:
    assert ITEMS.untraced(text) is None


@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_readings_of_another_name_are_refused(text: str) -> None:
    why = ITEMS.untraced(text)
    assert why is not None and "another name" in why.reason


def test_a_value_in_brackets_is_said_of_the_name_before_it() -> None:
    line = EN.splitlines()[0]
    assert [getattr(denial.owner(t, line), "text", None) for t in ("83%", "48%", "3.6 GiB")] == \
        ["pool-b", "pool-c", "pool-a"]
