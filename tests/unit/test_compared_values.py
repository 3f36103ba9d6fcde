"""A comparison of two values a line names, each an item's (app/domain/comparison.py; read in
``Items.untraced`` and by the Gatekeeper, which takes its words for no swapped name): "the +412.6 s
offset was more than kdc-01's 300 s max skew" is its two sides where 412.6 s > 300 s. With the rule
off the honest claims are refused; a comparison the numbers do not give stays refused."""

from __future__ import annotations

from app.domain import comparison
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-11T02:31:17Z ntp-c: GPS refclock offset jumped to +412.6 s after a receiver firmware reset\n"
      "2026-05-11T02:36:52Z krb5kdc kdc-01: 1890 requests rejected with KRB_AP_ERR_SKEW (max skew 300 s)")
ZH = ("2026-05-12 20:10:51 zk-02：Full GC（G1，堆 8G）停顿 12.8 秒\n"
      "2026-05-12 20:11:01 zk-01：与 leader zk-02 失联，syncLimit 为 10 秒，进入 LOOKING 状态")

HONEST = {
    "en-more": "The +412.6 s offset was more than kdc-01's 300 s max skew",
    "zh-more": "zk-02 的 Full GC 停顿 12.8 秒，高于 syncLimit 的 10 秒",
}
LIES = {
    "en-less": ("The +412.6 s offset was less than kdc-01's 300 s max skew", "less than"),
    "zh-less": ("zk-02 的 Full GC 停顿 12.8 秒，低于 syncLimit 的 10 秒", "低于"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_a_comparison_the_numbers_give_has_two_sides() -> None:
    assert comparison.sides("A of 412.6 s was more than B of 300 s") == ("A of 412.6 s", "B of 300 s")
    assert comparison.sides("A of 412.6 s was less than B of 300 s") is None
    assert comparison.sides("A of 412.6 s was more than B of 300 GB") is None  # two kinds: no comparison


test_a_comparison_the_numbers_give_is_traced = CASES.honest_traced()
test_a_comparison_the_numbers_give_is_confirmed = CASES.honest_confirmed()
test_a_comparison_the_numbers_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_comparison_the_numbers_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
