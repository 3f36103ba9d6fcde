"""A change is told in its line's order (app/domain/direction.py): "05:10 集群由 red 变为 green"
holds every token of the 05:10 line "集群状态由 green 变为 red" and turns the change round. A line
telling a change its item tells the other way round is not traced; the change in its own order,
and another line's change at that line's time, are."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T05:10:00Z es-prod cluster health changed from green to red, 3 primary shards unassigned",
    "2026-12-05T05:12:30Z sentinel s1: +switch-master mymaster rds-01 -> rds-02",
    "2026-12-05T05:40:00Z es-prod cluster health changed from red to yellow"])
ZH = "\n".join([
    "2026-12-05 05:10:00 es-prod 集群状态由 green 变为 red，3 个主分片未分配",
    "2026-12-05 05:20:00 运维日志：赵敏 把 search.max_buckets 从 10000 调到 65536",
    "2026-12-05 05:40:00 es-prod 集群状态由 red 变为 yellow"])

LIES = {  # claim, what must not be read as fact
    "zh-state-change-turned-round": ("05:10 集群由 red 变为 green", "由 red 变为 green"),
    "zh-setting-change-turned-round": ("05:20 赵敏 把 search.max_buckets 从 65536 调到 10000", "从 65536 调到 10000"),
    "en-state-change-turned-round": ("At 05:10 es-prod cluster health changed from red to green", "from red to green"),
    "en-arrow-turned-round": ("At 05:12:30 sentinel s1 switched mymaster rds-02 -> rds-01", "rds-02 -> rds-01"),
}
HONEST = {
    "zh-state-change-in-order": "05:10 es-prod 集群由 green 变为 red",
    "zh-setting-change-in-order": "05:20 赵敏 把 search.max_buckets 从 10000 调到 65536",
    "zh-later-change-at-its-time": "05:40 es-prod 集群状态由 red 变为 yellow",
    "en-state-change-in-order": "At 05:10 es-prod cluster health changed from green to red",
    "en-later-change-at-its-time": "At 05:40 es-prod cluster health changed from red to yellow",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_change_turned_round_is_not_traced = CASES.lies_untraced()
test_a_change_turned_round_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_change_in_its_order_is_traced = CASES.honest_traced()
test_a_change_in_its_order_is_a_confirmed_finding = CASES.honest_confirmed()
