"""A clause comparing the value before it with a bound is the line's own arithmetic
(app/domain/comparison.py, read by provenance ``Items._borrows``).

"06:41 队列 order.created 堆积 61877 条，超过 50000 条": "超过 50000 条" is traced to the runbook's
rule, which does not name the queue; it says only that 61877 passes 50000, which the two numbers
prove, so it borrows nothing from the clause before. A bound the value does not pass is still
refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-21T06:18:40Z rabbitmq mq-3: queue pay.events backlog 48210 messages, publish rate 920 msg/s",
    "2026-11-21T06:41:10Z rabbitmq mq-3: queue pay.events backlog 61877 messages, consume rate 340 msg/s",
    "runbook: when a backlog stays above 50000 messages, escalate to P1 and page the middleware owner"])
ZH = "\n".join([
    "2026-11-21T06:18:40Z rabbitmq mq-3: 队列 pay.events 消息堆积 48210 条，投递速率 920 msg/s",
    "2026-11-21T06:41:10Z rabbitmq mq-3: 队列 pay.events 消息堆积 61877 条，消费速率 340 msg/s",
    "处理手册: 堆积超过 50000 条时，升级为 P1 并通知中间件负责人"])

HONEST = {
    "en-above-bound": "At 06:41 queue pay.events held a backlog of 61877 messages, above 50000 messages",
    "zh-above-bound": "06:41 队列 pay.events 堆积 61877 条，超过 50000 条",
}
LIES = {
    "en-not-above-bound": ("At 06:18 queue pay.events held a backlog of 48210 messages, above 50000 messages",
                           "above 50000 messages"),
    "zh-not-above-bound": ("06:18 队列 pay.events 堆积 48210 条，超过 50000 条", "超过 50000 条"),
    "zh-wrong-way": ("06:41 队列 pay.events 堆积 61877 条，不到 50000 条", "不到 50000 条"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_bound_its_value_passes_is_traced = CASES.honest_traced()
test_a_bound_its_value_passes_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_bound_its_value_does_not_pass_is_not_traced = CASES.lies_untraced()
test_a_bound_its_value_does_not_pass_is_not_read_as_fact = CASES.lies_not_read_as_fact()
