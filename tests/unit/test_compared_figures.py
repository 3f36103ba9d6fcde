"""A Chinese comparative and a rate over a hyphenated noun are figures worked out
(app/domain/derived.py, steps.py; app/domain/evidence.py):

- "A 比 B 长 2.8 秒" (长 短 高 低 大 小 快 慢 晚 早 after 比 B) is the difference A less B (长, 高, …) or
  B less A (短, 低, …), of the two numbers the line names;
- "about 378 batch-tier requests a minute": a count per time over up to three words, a hyphenated
  one among them;
- the Verifier's support reads as an interval only a duration the evidence does not write ("10 秒"
  of "syncLimit … = 10 秒" is that value, though two lines are 10 s apart).

With each rule off the honest claims are refused; a difference the other way or a wrong rate stays
refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-05-11T02:36:52Z krb5kdc kdc-01: 1890 requests from batch-tier rejected with KRB_AP_ERR_SKEW in last 5 min"
ZH = ("2026-05-12 20:10:51 zk-02：Full GC（G1，堆 8G）停顿 12.8 秒\n"
      "2026-05-12 20:11:01 zk-01：与 leader zk-02 失联超过 syncLimit（5 × tickTime 2000ms = 10 秒），进入 LOOKING 状态")

HONEST = {
    "en-rate": "kdc-01 rejected about 378 batch-tier requests a minute with KRB_AP_ERR_SKEW in the last 5 min",
    "zh-longer": "zk-02 的 Full GC 停顿 12.8 秒，比 syncLimit 的 10 秒长 2.8 秒",
}
LIES = {
    "en-wrong-rate": ("kdc-01 rejected about 500 batch-tier requests a minute with KRB_AP_ERR_SKEW in the last 5 min",
                      "about 500"),
    "zh-wrong-difference": ("zk-02 的 Full GC 停顿 12.8 秒，比 syncLimit 的 10 秒长 3.8 秒", "3.8 秒"),
    "zh-other-way": ("zk-02 的 Full GC 停顿 12.8 秒，比 syncLimit 的 10 秒短 2.8 秒", "短 2.8 秒"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_compared_figure_is_traced = CASES.honest_traced()
test_a_compared_figure_is_confirmed = CASES.honest_confirmed()
test_a_compared_figure_the_numbers_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_compared_figure_the_numbers_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
