"""A side of a line saying a quantity came to nothing is about the lines giving it none
(app/domain/nothing.py). "After the restart the retry queue of mq-2 emptied", "重启之后重试队列归零":
the side's words are those of every line of the queue, before and after the restart, and the only
line giving it none is before the restart; the line puts that reading after an event it precedes,
and is not traced, nor read as fact with the offline engine or a trusting Verifier. Its honest
twins: a quantity that a line after the event gives none, and the empty queue put before the event
it precedes."""

from __future__ import annotations

from app.domain import nothing
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T04:00:00Z mq-2: retry queue depth 0, dead letters 12",
    "2026-12-06T04:05:00Z mq-2: retry queue depth 1840 after broker-7 failed",
    "2026-12-06T04:12:00Z ops-log: m.silva restarted consumer-pool on mq-2",
    "2026-12-06T04:15:00Z mq-2: retry queue depth 620, dead letters 0",
    "2026-12-06T04:25:00Z mq-2: retry queue depth 35"])
ZH = "\n".join([
    "2026-12-06 04:00:00 mq-2：重试队列深度 0，死信 12 条",
    "2026-12-06 04:05:00 mq-2：broker-7 故障，重试队列深度 1840",
    "2026-12-06 04:12:00 运维日志：m.silva 重启 mq-2 上的 consumer-pool",
    "2026-12-06 04:15:00 mq-2：重试队列深度 620，死信 0 条",
    "2026-12-06 04:25:00 mq-2：重试队列深度 35"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-emptied-after": ("After m.silva restarted consumer-pool, the retry queue of mq-2 emptied",
                         "retry queue of mq-2 emptied"),
    "en-cleared-after": ("The retry queue depth on mq-2 cleared after m.silva restarted consumer-pool",
                         "retry queue depth on mq-2 cleared"),
    "zh-back-to-zero-after": ("m.silva 重启 consumer-pool 之后 mq-2 重试队列归零", "重试队列归零"),
    "zh-cleared-after": ("consumer-pool 重启以后 mq-2 的重试队列深度清零", "重试队列深度清零"),
    "zh-emptied-at-once-after": ("重启 consumer-pool 之后重试队列立即清空", "重试队列立即清空"),
}, {
    "en-cleared-after": "After m.silva restarted consumer-pool, dead letters on mq-2 were cleared",
    "en-empty-before": "The retry queue of mq-2 was empty before broker-7 failed",
    "zh-back-to-zero-after": "m.silva 重启 consumer-pool 之后 mq-2 死信归零",
    "zh-empty-before": "broker-7 故障之前 mq-2 重试队列深度为零",
})
test_came_to_nothing_after_an_event_no_later_line_gives_is_not_traced = CASES.lies_untraced()
test_came_to_nothing_after_an_event_no_later_line_gives_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_came_to_nothing_where_a_line_gives_none_is_traced = CASES.honest_traced()
test_came_to_nothing_where_a_line_gives_none_is_a_confirmed_finding = CASES.honest_confirmed()


def test_a_side_that_negates_or_writes_a_number_means_every_line() -> None:
    items = ["04:00 mq-2: retry queue depth 0", "04:25 mq-2: retry queue depth 35"]
    assert nothing.giving_none("the retry queue of mq-2 emptied", items) == [0]
    assert nothing.giving_none("the retry queue of mq-2 never emptied", items) == []
    assert nothing.giving_none("the retry queue of mq-2 at 35, not emptied", items) == []
