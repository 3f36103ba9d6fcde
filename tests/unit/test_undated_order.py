"""A time order needs a dated line on each side (app/domain/provenance.py, ``_undated_order``): "After
consumer-pool was restarted, the retry queue depth on mq-2 was 0" joins a dated reading to a step
that only the runbook names (no line says when, or that, it was done); its clauses are each traced,
but the order is the line's own, as a side of 后 must be a dated line's. Not traced, nor read as
fact with the offline engine or a trusting Verifier. Its honest twins put two dated lines in their
order, or restate the runbook's step without an order of events."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T06:00:00Z mq-2: retry queue depth 0",
    "2026-12-06T06:20:00Z mq-2: retry queue depth 900 after broker-7 failed",
    "[runbook.md § Queues] When the retry queue grows, restart consumer-pool on the queue host and purge dead letters."])
ZH = "\n".join([
    "2026-12-06 06:00:00 mq-2：重试队列深度 0",
    "2026-12-06 06:20:00 mq-2：broker-7 故障，重试队列深度 900",
    "[runbook.md § 队列] 重试队列增长时，重启队列主机上的 consumer-pool 并清理死信。"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-after-a-runbook-step": ("After consumer-pool was restarted, the retry queue depth on mq-2 was 0",
                                "retry queue depth on mq-2 was 0"),
    "en-before-a-runbook-step": ("The retry queue depth on mq-2 was 900 before dead letters were purged",
                                 "before dead letters were purged"),
    "zh-after-a-runbook-step": ("重启 consumer-pool 之后 mq-2 重试队列深度 0", "mq-2 重试队列深度 0"),
    "zh-before-a-runbook-step": ("清理死信以前 mq-2 重试队列深度 900", "mq-2 重试队列深度 900"),
}, {
    "en-two-dated-lines": "After broker-7 failed, the retry queue depth on mq-2 was 900",
    "en-runbook-step": "The runbook says to restart consumer-pool on the queue host when the retry queue grows",
    "zh-two-dated-lines": "broker-7 故障之后 mq-2 重试队列深度 900",
})
test_an_order_with_an_undated_side_is_not_traced = CASES.lies_untraced()
test_an_order_with_an_undated_side_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_order_of_dated_lines_is_traced = CASES.honest_traced()
test_an_order_of_dated_lines_is_a_confirmed_finding = CASES.honest_confirmed()
