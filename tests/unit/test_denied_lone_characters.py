"""A denial of a word the vocabulary cuts into lone characters (app/domain/alignment.py
``_lone_run``): 熔断, 丢包 and 背压 are read 熔 断, 丢 包, 背 压, each character a filler alone, so
"没有熔断" denied nothing the item says. The run of lone characters right after the negator is one
word, and denied where the item holds that run. With the rule off the denials were traced to the
very lines they deny."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-10-08T14:02:00Z gw-3: upstream pay-api circuit open, error rate 41%"
ZH = "\n".join([
    "2026-10-08 14:02:00 网关 gw-3：上游 pay-api 熔断，错误率 41%",
    "2026-10-08 14:05:30 交换机 sw-12：端口 eth7 丢包，丢包率 3.2%",
    "2026-10-08 14:07:00 kafka 消费者 c-9 背压，拉取暂停 12 秒"])
CASES = RuleCases(by_language(EN, ZH), {
    "zh-no-circuit-break": ("14:02 网关 gw-3 的上游 pay-api 没有熔断", "没有熔断"),
    "zh-no-packet-loss": ("14:05:30 交换机 sw-12 的端口 eth7 未丢包", "未丢包"),
    "zh-no-backpressure": ("14:07 kafka 消费者 c-9 没有背压", "没有背压"),
    "en-not-open": ("At 14:02 the circuit for pay-api on gw-3 was not open", "not open"),
}, {
    "zh-circuit-break": "14:02 网关 gw-3 的上游 pay-api 熔断，错误率 41%",
    "zh-packet-loss": "14:05:30 交换机 sw-12 端口 eth7 丢包率 3.2%",
    "zh-backpressure": "kafka 消费者 c-9 在 14:07 背压，拉取暂停 12 秒",
    "en-open": "At 14:02 gw-3 opened the circuit for upstream pay-api, with an error rate of 41%",
})
test_a_denied_word_of_lone_characters_is_denied = CASES.lies_untraced()
test_the_denial_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
