"""A number its item writes twice, once ending a clause after a label and once with a measure
(app/domain/measures.py, ``other_measure``): a line giving it that measure ("调到 64 MB/s" of
"setcompactionthroughput 64，… 调到 64 MB/s") gives it the item's own measure and is traced; a
number written only after its label and given a measure of the line's own is still refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T04:20:00Z ops-log: r.diaz ran nodetool setcompactionthroughput 64, raising cass-c4's "
    "compaction_throughput from 16 MB/s to 64 MB/s",
    "2026-12-05T04:25:00Z haproxy lb-c1: 1610 open connections (backlog 57)"])
ZH = "\n".join([
    "2026-12-05 04:20:00 运维日志：林涛 执行 nodetool setcompactionthroughput 64，把 cass-c4 的 "
    "compaction_throughput 由 16 MB/s 调到 64 MB/s",
    "2026-12-05 04:25:00 haproxy lb-c1：打开连接 1610 个（积压 57）"])

LIES = {  # claim, what must not be read as fact
    "en-a-label-value-given-a-measure": ("lb-c1 had 57 connections open at 04:25", "57 connections"),
    "zh-a-label-value-given-a-measure": ("04:25 lb-c1 打开连接 57 个", "57 个"),
}
HONEST = {
    "en-the-measure-its-item-writes": "r.diaz raised cass-c4's compaction_throughput to 64 MB/s",
    "zh-the-measure-its-item-writes": "林涛 将 cass-c4 的 compaction_throughput 调到 64 MB/s",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_label_value_given_a_measure_of_its_own_is_not_traced = CASES.lies_untraced()
test_a_label_value_given_a_measure_of_its_own_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_given_the_measure_its_item_writes_it_with_is_traced = CASES.honest_traced()
test_a_value_given_the_measure_its_item_writes_it_with_is_a_confirmed_finding = CASES.honest_confirmed()
