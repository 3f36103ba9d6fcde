"""A cause told under a hedge of a thing no material names (app/domain/guessed_cause.py):
"可能是 mq-07 的风扇老化导致温度告警" keeps the item's 风扇 and adds the ageing the item never gives;
each clause holds half its terms, the cause is the line's guess. The guess is refused in English
and Chinese, whatever the marker ("probably led to", "likely because of", "可能由于…导致", "疑似…
引起", "由…引起"); a hedged cause whose sides the material holds (the runbook's cause), and an
unhedged restatement in verbs of its own, are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-03-04T06:10:00Z ipmi mq-07: fan FAN3 speed 2100 rpm, inlet temperature 41 C\n"
      "2026-03-04T06:12:30Z alertmanager: TempHigh firing for mq-07 (inlet temperature 41 C > 38 C)\n"
      "2026-03-04T06:20:00Z kubelet mq-07: 4 consumer pods evicted (node pressure), queue backlog 12000\n"
      "Cooling runbook: 1. If inlet temperature is high because a fan runs slow, replace the fan. "
      "2. Drain the node before the swap.")
ZH = ("2026-03-04 06:10:00 ipmi mq-07：风扇 FAN3 转速 2100 rpm，进风温度 41 C\n"
      "2026-03-04 06:12:30 告警 TempHigh 触发：mq-07 进风温度 41 C 超过 38 C\n"
      "2026-03-04 06:20:00 kubelet mq-07：驱逐 4 个消费者 pod，队列积压 12000\n"
      "散热手册：1. 若因风扇转速过低导致进风温度升高，更换风扇。2. 更换前先排空节点。")

LIES = {  # claim, what must not be read as fact
    "en-probably-led-to": ("Fan FAN3 aging on mq-07 probably led to the inlet temperature of 41 C", "aging"),
    "en-likely-because-of": ("The inlet temperature of mq-07 was likely 41 C because of fan FAN3 dust", "dust"),
    "en-from": ("mq-07 evicted 4 consumer pods, likely because of node pressure from a queue leak", "leak"),
    "en-may-have-caused": ("Dust in fan FAN3 may have caused the inlet temperature of 41 C on mq-07", "Dust"),
    "zh-keshi-daozhi": ("可能是 mq-07 的风扇 FAN3 老化导致转速 2100 rpm", "老化"),
    "zh-keneng-youyu": ("可能由于风扇 FAN3 老化，导致 mq-07 进风温度 41 C", "老化"),
    "zh-yisi-yinqi": ("疑似 mq-07 风扇 FAN3 磨损引起进风温度 41 C", "磨损"),
    "zh-passive": ("mq-07 进风温度 41 C 可能由风扇 FAN3 老化引起", "老化"),
    "zh-effect": ("可能是 mq-07 风扇 FAN3 转速 2100 rpm 导致 TempHigh 告警失灵", "失灵"),
}
HONEST = {
    "en-runbook-cause": "The inlet temperature on mq-07 is probably high because fan FAN3 runs slow",
    "en-held-sides": "TempHigh fired for mq-07, likely because the inlet temperature was 41 C",
    "en-evicted": "The 4 consumer pods on mq-07 were probably evicted because of node pressure",
    "zh-runbook-cause": "进风温度升高可能是风扇转速过低导致的",
    "zh-values": "mq-07 进风温度 41 C 可能是风扇 FAN3 转速 2100 rpm 导致的",
    "zh-held-sides": "TempHigh 告警可能由 mq-07 进风温度 41 C 引起",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_hedged_cause_in_words_no_item_holds_is_not_traced = CASES.lies_untraced()
test_a_hedged_cause_in_words_no_item_holds_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_hedged_cause_the_material_gives_is_traced = CASES.honest_traced()
test_a_hedged_cause_the_material_gives_is_a_confirmed_finding = CASES.honest_confirmed()
