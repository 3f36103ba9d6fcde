"""A value given the qualifier of another value sharing its label word (app/domain/headed.py): an
item giving "inode usage 81%, disk usage only 27%" tells the two quantities apart by the word before
usage; "disk usage was 81%" puts the inode figure on the disk. With the rule off it was traced: the
item holds every token of it. Its honest twins give each quantity its own value."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-14T11:20:00Z node-exporter db-7: /data inode usage 81% (IUsed 4.2M of 5.2M), disk usage only 27%",
    "2026-03-14T11:25:00Z kafka-bridge: ingest queue depth 640, retry queue depth 95"])
ZH = "\n".join([
    "2026-03-14 11:20:00 node-exporter db-7：/data 分区 inode 使用率 81%（IUsed 420 万 / 520 万），磁盘空间使用率仅 27%",
    "2026-03-14 11:25:00 kafka-bridge：ingest 队列深度 640，retry 队列深度 95"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-disk-given-inode": ("At 11:20 the disk usage of /data on db-7 was 81%", "disk usage of /data on db-7 was 81%"),
    "en-inode-given-disk": ("db-7 /data inode usage was 27%", "inode usage was 27%"),
    "en-retry-given-ingest": ("At 11:25 the retry queue depth of kafka-bridge was 640", "retry queue depth of kafka-bridge was 640"),
    "zh-disk-given-inode": ("11:20 db-7 /data 分区的磁盘空间使用率为 81%", "磁盘空间使用率为 81%"),
    "zh-disk-given-inode-reached": ("db-7 的磁盘空间使用率已达 81%", "磁盘空间使用率已达 81%"),
    "zh-retry-given-ingest": ("kafka-bridge 的 retry 队列深度为 640", "retry 队列深度为 640"),
}, {
    "en-inode": "At 11:20 the inode usage of /data on db-7 was 81%",
    "en-ingest": "At 11:25 the ingest queue depth of kafka-bridge was 640",
    "zh-inode": "11:20 db-7 /data 分区的 inode 使用率为 81%",
    "zh-retry": "kafka-bridge 的 retry 队列深度为 95",
})
test_a_value_given_another_values_qualifier_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
