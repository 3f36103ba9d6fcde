"""A cause told as fact in a word no material holds is not traced (app/domain/guessed_cause.py, its
cause side read whatever the hedge): "风扇 FAN3 老化导致转速 2100 rpm", "because of fan FAN3 dust"
keep the item's names and add the cause no item gives. A cause the runbook or the lines give, told
as fact, stays traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language
from tests.unit.test_guessed_cause import EN, ZH

LIES = {
    "en-led-to": ("Fan FAN3 aging on mq-07 led to the inlet temperature of 41 C", "aging"),
    "en-because-of": ("The inlet temperature of mq-07 was 41 C because of fan FAN3 dust", "dust"),
    "en-caused": ("Dust in fan FAN3 caused the inlet temperature of 41 C on mq-07", "Dust"),
    "en-from": ("mq-07 evicted 4 consumer pods because of node pressure from a queue leak", "leak"),
    "zh-daozhi": ("mq-07 的风扇 FAN3 老化导致转速 2100 rpm", "老化"),
    "zh-youyu": ("由于风扇 FAN3 老化，导致 mq-07 进风温度 41 C", "老化"),
    "zh-yinqi": ("mq-07 风扇 FAN3 磨损引起进风温度 41 C", "磨损"),
    "zh-passive": ("mq-07 进风温度 41 C 由风扇 FAN3 老化引起", "老化"),
}
HONEST = {
    "en-runbook-cause": "The inlet temperature on mq-07 is high because fan FAN3 runs slow",
    "en-held-sides": "TempHigh fired for mq-07 because the inlet temperature was 41 C",
    "en-evicted": "The 4 consumer pods on mq-07 were evicted because of node pressure",
    "zh-runbook-cause": "进风温度升高是风扇转速过低导致的",
    "zh-values": "mq-07 进风温度 41 C 是风扇 FAN3 转速 2100 rpm 导致的",
    "zh-held-sides": "TempHigh 告警由 mq-07 进风温度 41 C 引起",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_cause_told_as_fact_in_words_no_item_holds_is_not_traced = CASES.lies_untraced()
test_a_cause_told_as_fact_in_words_no_item_holds_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_cause_the_material_gives_told_as_fact_is_traced = CASES.honest_traced()
test_a_cause_the_material_gives_told_as_fact_is_confirmed = CASES.honest_confirmed()
