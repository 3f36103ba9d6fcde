"""A negative pronoun (nobody, nothing; 没有人, 无人) denies an event by its agent or its object, as
"did not" does by its verb: "Nobody was paged for BrokerDown" of a line telling who was paged for
it, "nothing was restarted on mq-03" of a line telling a restart there, each denies what its item
tells (``app.domain.alignment``: the English pronouns are among the negators whose following word
is the denied one). A line an item tells the denial of ("nobody paged" for another alert) keeps its
verdict, and so does the event told as its item tells it."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-14T02:05:00Z alertmanager: alert QueueDepthHigh firing for mq-03, severity warning, "
    "routed to #mq-alerts, nobody paged",
    "2026-10-14T02:31:10Z alertmanager: alert BrokerDown firing for mq-03, severity critical, paged on-call p.okafor",
    "2026-10-14T02:40:00Z ops-log: p.okafor restarted rabbitmq on mq-03 and purged queue billing-retry",
])
ZH = "\n".join([
    "2026-10-14 10:05:00 告警 QueueDepthHigh（mq-03）触发，级别 P4，未呼叫任何人",
    "2026-10-14 10:31:10 告警 BrokerDown（mq-03）触发，级别 P1，呼叫值班 周婷",
    "2026-10-14 10:40:00 运维记录：周婷 重启 mq-03 上的 rabbitmq，并清空队列 billing-retry",
])

LIES = {
    "en-nobody-paged": ("Nobody was paged for BrokerDown", "Nobody was paged for BrokerDown"),
    "en-nobody-paged-on-host": ("When BrokerDown fired for mq-03, nobody was paged", "nobody was paged"),
    "en-nothing-restarted": ("Nothing was restarted on mq-03", "Nothing was restarted"),
    "en-nobody-purged": ("Nobody purged queue billing-retry on mq-03", "Nobody purged"),
    "zh-nobody-paged": ("告警 BrokerDown 触发后没有人被呼叫", "没有人被呼叫"),
    "zh-no-one-paged": ("BrokerDown 触发后无人被呼叫", "无人被呼叫"),
}
HONEST = {
    "en-nobody-paged-for-the-other": "Nobody was paged for QueueDepthHigh; it was routed to #mq-alerts",
    "en-paged": "p.okafor was paged for BrokerDown on mq-03",
    "en-restarted": "p.okafor restarted rabbitmq on mq-03",
    "zh-nobody-paged-for-the-other": "告警 QueueDepthHigh 触发，未呼叫任何人",
    "zh-paged": "告警 BrokerDown 触发，呼叫值班 周婷",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_an_event_denied_by_a_negative_pronoun_is_not_traced = CASES.lies_untraced()
test_an_event_denied_by_a_negative_pronoun_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_denial_its_item_tells_is_traced = CASES.honest_traced()
test_a_denial_its_item_tells_is_confirmed = CASES.honest_confirmed()
