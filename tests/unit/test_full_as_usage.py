"""A thing said full is at 100% of its capacity (app/domain/filled.py): "natgw-02 的 conntrack 表
15:42:20 满了", "the /data disk on db-07 was full at 10:00", "达到上限" restate a line giving its
usage as 100% at that time. A thing its line gives below 100%, or at 100% at another time, or a
thing no line gives a usage, is not said full."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:00:00Z node-exporter db-07: disk /data usage 100%, writes failing with ENOSPC\n"
      "2026-12-05T10:30:00Z node-exporter db-07: disk /data usage 62% after cleanup\n"
      "2026-12-05T10:31:00Z node-exporter db-08: disk /data usage 41%")
ZH = ("2026-12-05 15:31:00 natgw-02：conntrack 表使用率 45%\n"
      "2026-12-05 15:42:20 natgw-02：conntrack 表使用率 100%，新建连接被丢弃\n"
      "2026-12-05 15:55:00 natgw-01：conntrack 表使用率 37%，没有丢包")

LIES = {  # claim, what must not be read as fact
    "en-other-time": ("The disk /data on db-07 was full at 10:30", "full at 10:30"),
    "en-other-host": ("The disk /data on db-08 was full at 10:31", "db-08 was full"),
    "en-limit-other-host": ("The disk /data on db-08 reached its limit at 10:31", "reached its limit"),
    "zh-other-host": ("natgw-01 的 conntrack 表 15:55 满了", "natgw-01 的 conntrack 表 15:55 满了"),
    "zh-other-time": ("natgw-02 的 conntrack 表 15:31 已满", "natgw-02 的 conntrack 表 15:31 已满"),
    "zh-limit-other-host": ("natgw-01 的 conntrack 表 15:55 达到上限", "达到上限"),
    "en-how-full-other-host": ("The disk /data on db-08 was 62% full at 10:31", "62% full"),
}
HONEST = {
    "en-full": "The disk /data on db-07 was full at 10:00",
    "en-limit": "The disk /data on db-07 reached its limit at 10:00",
    "zh-full": "natgw-02 的 conntrack 表 15:42:20 满了",
    "zh-limit": "natgw-02 的 conntrack 表 15:42:20 达到上限",
    # a percentage before "full" says how full, not the state: no reading of 100%
    "en-how-full": "The disk /data on db-07 was 62% full at 10:30",
    "en-how-full-in-words": "The disk /data on db-08 was forty-one percent full at 10:31",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_thing_said_full_where_its_usage_is_not_100_is_not_traced = CASES.lies_untraced()
test_a_thing_said_full_where_its_usage_is_not_100_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_thing_said_full_at_a_usage_of_100_is_traced = CASES.honest_traced()
test_a_thing_said_full_at_a_usage_of_100_is_a_confirmed_finding = CASES.honest_confirmed()
