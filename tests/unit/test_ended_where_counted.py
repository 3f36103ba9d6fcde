"""A thing said to have ended (no longer, stopped; 不再, 停止) where its line, saying no end, counts
it at more than none ("41 timeouts (504) in last 5 min", "下单接口 5 分钟内超时（504）41 次")
(``persistence.ended_where_counted``): the line tells it happening, and the end is the claim's own.
The count restated, the thing said to go on, an end a line of its own tells, and a thing taken out of a
set ("removed the rule" beside "changed 3 resources") stay traced. With
the rule off, the lies are traced to the counting line."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-09T11:00:00Z checkout-api: 41 timeouts (504) in last 5 min",
    "2026-10-09T11:40:00Z ledger-api: retries stopped after the pool resize",
    "2026-10-09T12:00:00Z terraform: apply by k.ito in workspace edge changed 3 resources; security group sg-77 lost "
    "its ingress rule for port 443"])
ZH = "\n".join([
    "2026-10-10 11:00:00 checkout-api：下单接口 5 分钟内超时（504）41 次",
    "2026-10-10 11:40:00 ledger-api：扩容连接池后重试已停止",
    "2026-10-10 12:00:00 运维日志：孙浩 经 刘洋 同意，暂停了 batch-9 的剩余 3 个批次"])

LIES = {
    "en-no-longer": ("After 11:00 checkout-api no longer had timeouts", "no longer had timeouts"),
    "en-stopped": ("checkout-api timeouts stopped at 11:00", "timeouts stopped"),
    "zh-bu-zai": ("11:00 之后 checkout-api 下单接口不再超时", "不再超时"),
    "zh-ting-zhi": ("11:00 checkout-api 下单接口超时已停止", "超时已停止"),
}
HONEST = {
    "en-count": "checkout-api had 41 timeouts in the last 5 min at 11:00",
    "en-still": "At 11:00 checkout-api still had timeouts",
    "en-end-told": "ledger-api retries stopped after the pool resize",
    "en-taken-out": "k.ito's terraform apply in edge removed the port 443 ingress rule from sg-77",
    "zh-count": "11:00 checkout-api 下单接口 5 分钟内超时 41 次",
    "zh-still": "11:00 checkout-api 下单接口仍在超时",
    "zh-end-told": "ledger-api 扩容连接池后重试已停止",
    "zh-paused": "12:00 孙浩 经 刘洋 同意，暂停了 batch-9 的剩余批次",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_end_of_a_thing_counted_happening_is_not_traced = CASES.lies_untraced()
test_an_end_of_a_thing_counted_happening_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_or_a_told_end_is_traced = CASES.honest_traced()
test_a_count_or_a_told_end_is_a_finding = CASES.honest_confirmed()
