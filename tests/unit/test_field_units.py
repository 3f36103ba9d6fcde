"""A number's unit may be told by the name of its field (app/domain/units.py, ``quantities``):
``session.timeout.ms 45000`` is 45000 ms, ``Seconds_Behind_Master 1260`` is 1260 s, so "45000, i.e. 45
seconds" and "1260 秒，约 21 分钟" restate their lines (and "i.e", single letters between dots that
make a common word, is prose, not a name: app/domain/specific.py). A wrong conversion, or the
number in another unit, is still refused. With the rules off, the honest claims are refused."""

from __future__ import annotations

import pytest

from app.domain import provenance, units
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "2026-06-30T12:00:05Z kafka consumer billing-sync-2: left group invoices, session.timeout.ms 45000 expired"
ZH = "2026-06-30T13:10:00Z MySQL 集群 crm-sh: 从库 db-sh-9 Seconds_Behind_Master 1260，IO 线程运行中"

HONEST = {
    "en-ie": "billing-sync-2 left group invoices: session.timeout.ms 45000, i.e. 45 seconds, expired",
    "zh-seconds": "从库 db-sh-9 的 Seconds_Behind_Master 为 1260 秒，约 21 分钟",
}
LIES = {
    "en-wrong-conversion": ("billing-sync-2 left group invoices: session.timeout.ms 45000, i.e. 45 minutes, expired",
                            "45 minutes"),
    "zh-wrong-rounding": ("从库 db-sh-9 的 Seconds_Behind_Master 为 1260 秒，约 30 分钟", "30 分钟"),
    "zh-other-unit": ("从库 db-sh-9 的 Seconds_Behind_Master 为 1260 分钟", "1260 分钟"),
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("text", "value"), [
    ("max.poll.interval.ms 300000", 300.0),
    ("seconds_behind_master 2870", 2870.0),
    ("timeout_ms=500", 0.5),
], ids=["dotted", "underscored", "assigned"])
def test_a_fields_name_gives_its_unit(text: str, value: float) -> None:
    assert ("time", value) in {(d, v) for d, v, _ in units.quantities(text)}


@pytest.mark.parametrize("text", ["max.poll.records 500", "ms.count.ms 5"], ids=["no-unit", "two-units"])
def test_a_field_naming_no_one_unit_gives_none(text: str) -> None:
    assert not units.quantities(text)


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_conversion_of_a_fields_value_is_a_finding(text: str, verifier: str) -> None:
    assert provenance.Items([_log(text)]).untraced(text) is None
    a = session_on(_log(text), text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


CASES = RuleCases(_log, LIES, {})

test_a_wrong_conversion_is_not_read_as_fact = CASES.lies_not_read_as_fact()
