"""The end of a change is not its size (app/domain/endpoints.py): "zk_watch_count 增加了 187 万" of a
line saying it rose "由 41 万升至 187 万" gives the level the count reached as the amount it grew by.
A line giving as the size of a change ("by N", "增加了 N") a number its line writes only where a
change ends ("to N", 升至 N) is not traced; one giving the end as the end, or the size its line
writes, or the size worked out from the two ends, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-07-21T05:10:00Z redis-cache-3: connected_clients rose from 820 to 4310 in 2 min",
    "2026-07-21T05:14:30Z kafka-lag-exporter: lag of group ledger-sync fell to 1200 after the consumer restart",
    "2026-07-21T05:20:00Z pg-main-1: replication slot wal size grew by 18 GB to 42 GB"])
ZH = "\n".join([
    "2026-07-22 09:03:00 mq-node-2：队列 order.paid 积压由 3100 条升至 96000 条",
    "2026-07-22 09:07:20 nginx-gw-1：5xx 响应在 1 分钟内降到 40 次",
    "2026-07-22 09:12:00 es-hot-4：索引 logs-app 分片数增加了 6 个，达到 30 个"])

LIES = {  # claim, what must not be read as fact
    "en-reached-as-rise": ("connected_clients on redis-cache-3 rose by 4310 in 2 min", "by 4310"),
    "en-level-as-drop": ("The lag of group ledger-sync fell by 1200 after the consumer restart", "by 1200"),
    "en-end-as-growth": ("The replication slot wal size of pg-main-1 grew by 42 GB", "by 42 GB"),
    "zh-end-as-increase": ("队列 order.paid 积压增加了 96000 条", "增加了 96000"),
    "zh-end-as-decrease": ("nginx-gw-1 的 5xx 响应在 1 分钟内减少了 40 次", "减少了 40"),
    "zh-end-as-increase-count": ("es-hot-4 索引 logs-app 分片数增加了 30 个", "增加了 30"),
}
HONEST = {
    "en-end-as-end": "connected_clients on redis-cache-3 rose from 820 to 4310 in 2 min",
    "en-size-worked-out": "connected_clients on redis-cache-3 rose by 3490 in 2 min",
    "en-size-as-written": "The replication slot wal size of pg-main-1 grew by 18 GB",
    "zh-end-as-end": "队列 order.paid 积压由 3100 条升至 96000 条",
    "zh-size-worked-out": "队列 order.paid 积压增加了 92900 条",
    "zh-size-as-written": "es-hot-4 索引 logs-app 分片数增加了 6 个",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_the_end_of_a_change_given_as_its_size_is_not_traced = CASES.lies_untraced()
test_the_end_of_a_change_given_as_its_size_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_end_or_a_size_as_its_line_gives_it_is_traced = CASES.honest_traced()
test_an_end_or_a_size_as_its_line_gives_it_is_a_confirmed_finding = CASES.honest_confirmed()
