"""A sum over the parts of one line (app/domain/steps.py, ``_parted``): "lb-01: 6120 connection errors
…; lb-02: 4380" writes one thing for two names, the second part saying of itself nothing the first
does not; "lb-01 and lb-02 logged 10500 connection errors together" and "ls-1 和 ls-2 共失败 9990
条" are one step over them (``derived``: "N things together" is a sum by its form). A sum the two
numbers do not give, of another thing, or at another time stays refused. With the rule off, the
honest claims are refused ("names '1200'")."""

from __future__ import annotations

import pytest

from app.domain import derived
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-05-11T03:10:00Z haproxy px-1: 812 connection errors in last 5 min; px-2: 388",
    "2026-05-11T03:12:00Z haproxy px-1: frontend fe_api scur 100 of maxconn 900; px-2: scur 90 of maxconn 900",
])
ZH = "2026-05-12T04:00:00Z 日志投递 ls-1：失败 5200 条；ls-2：4790 条"

HONEST = {
    "en-together": "px-1 and px-2 logged 1200 connection errors together in the 5 min to 03:10",
    "zh-total": "ls-1 和 ls-2 共失败 9990 条",
}
LIES = {
    "en-wrong-sum": ("px-1 and px-2 logged 1300 connection errors together in the 5 min to 03:10", "1300"),
    "en-other-thing": ("px-1 and px-2 served 1200 requests together in the 5 min to 03:10", "1200 requests"),
    "en-other-time": ("px-1 and px-2 logged 1200 connection errors together at 03:12", "1200"),
    "zh-wrong-sum": ("ls-1 和 ls-2 共失败 9900 条", "9900"),
    "zh-other-thing": ("ls-1 和 ls-2 共成功 9990 条", "9990"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


@pytest.mark.parametrize("text", ["1200 connection errors together", "1200 errors between them"])
def test_a_number_of_things_together_is_a_sum_by_its_form(text: str) -> None:
    [fig] = derived.figures(text)
    assert fig.total and (fig.start, fig.end) == (0, 4)


test_a_sum_over_the_parts_of_a_line_is_traced = CASES.honest_traced()
test_a_sum_over_the_parts_of_a_line_is_a_finding = CASES.honest_confirmed()
test_a_sum_the_parts_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_sum_the_parts_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
