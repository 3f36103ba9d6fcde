"""A word of one part of a line stays with that part's names (app/domain/part_state.py): a line
telling two events in two parts between semicolons ("… drained node-4; node-6 left in service",
"…重建索引 idx-a；idx-b 保留") is not traced when it puts one part's word on the other part's name
(two parts about one kind of thing: a word of the line in both); each name with its own part's
words is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-03T02:10:00Z ops-log: v.rossi drained node-4 of cluster prod-eu after cordon; node-6 left in service",
    "2026-11-03T02:30:00Z ops-log: v.rossi restarted queue worker qw-2 on host mq-a; queue worker qw-5 on mq-b paused"])
ZH = "\n".join([
    "2026-11-04 03:10:00 运维日志：钱程 在 es-7 上重建索引 idx-a；idx-b 保留未动",
    "2026-11-04 03:30:00 运维日志：钱程 扩容 kafka-2 的磁盘到 2TB；kafka-5 的磁盘暂缓"])

LIES = {  # claim, what must not be read as fact
    "en-drained-put-on-kept-node": ("node-6 was drained at 02:10", "node-6 was drained"),
    "en-restarted-put-on-paused-worker": ("Queue worker qw-5 on mq-b was restarted", "qw-5 on mq-b was restarted"),
    "zh-rebuilt-put-on-kept-index": ("03:10 idx-b 被重建", "idx-b 被重建"),
    "zh-expanded-put-on-deferred": ("kafka-5 的磁盘扩容到 2TB", "kafka-5 的磁盘扩容"),
}
HONEST = {
    "en-own-part": "node-6 was left in service",
    "en-both-parts": "v.rossi drained node-4, while node-6 was left in service",
    "en-own-part-worker": "qw-5 on mq-b was paused",
    "zh-own-part": "idx-b 保留未动",
    "zh-first-part": "钱程 在 es-7 上重建索引 idx-a",
    "zh-own-part-deferred": "kafka-5 的磁盘暂缓",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_word_of_another_part_is_not_traced = CASES.lies_untraced()
test_a_word_of_another_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_name_with_its_own_part_is_traced = CASES.honest_traced()
test_a_name_with_its_own_part_is_a_confirmed_finding = CASES.honest_confirmed()
