"""A comparison a line makes between two named things is the one their values give
(app/domain/compared_things.py): "lb-b had a higher VRRP priority than lb-a" names no number, and
"because its priority 100 was higher than lb-a's" only its own, yet the items give lb-a 150 and
lb-b 100. Such a line is not traced; the comparison their values give, and a line naming no two
things, stay traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-06-01T10:00:02Z edge-b keepalived: VRRP advert from edge-a with priority 200, own priority 110; staying BACKUP",
    "2026-06-01T10:05:00Z node-exporter: db-1 disk usage 91%, db-2 disk usage 64%, db-1 inode usage 12%, "
    "db-2 inode usage 40%"])
ZH = "\n".join([
    "2026-06-01 10:00:02 lb-west keepalived：收到 lb-east 优先级 200 的通告，本机优先级 110，保持 BACKUP",
    "2026-06-01 10:05:00 监控：pg-1 连接数 480，pg-2 连接数 95；pg-1 慢查询 12 条，pg-2 慢查询 40 条"])

LIES = {  # claim, what must not be read as fact
    "en-higher-without-a-number": ("edge-b had a higher VRRP priority than edge-a", "higher VRRP priority than edge-a"),
    "en-lower-measure-before": ("db-1's disk usage was lower than db-2's", "lower than db-2"),
    "en-own-number-as-reason": ("edge-b stayed BACKUP because its priority 110 was higher than edge-a's priority",
                                "higher than edge-a"),
    "en-more-than": ("db-1 had more inode usage than db-2", "more inode usage than db-2"),
    "zh-bi-higher": ("lb-west 的优先级比 lb-east 高", "比 lb-east 高"),
    "zh-infix-lower": ("pg-1 的连接数低于 pg-2", "低于 pg-2"),
    "zh-own-number": ("pg-2 的慢查询 40 条，少于 pg-1", "少于 pg-1"),
}
HONEST = {
    "en-higher": "edge-a had a higher VRRP priority than edge-b",
    "en-lower": "db-2's disk usage was lower than db-1's",
    "en-own-number": "edge-b stayed BACKUP because its priority 110 was lower than edge-a's priority",
    "en-other-measure": "db-2 had more inode usage than db-1",
    "zh-bi-lower": "lb-west 的优先级比 lb-east 低",
    "zh-infix-higher": "pg-1 的连接数高于 pg-2",
    "zh-own-number": "pg-2 的慢查询 40 条，多于 pg-1",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_two_things_compared_against_their_values_are_not_traced = CASES.lies_untraced()
test_two_things_compared_against_their_values_are_not_read_as_fact = CASES.lies_not_read_as_fact()
test_two_things_compared_as_their_values_give_are_traced = CASES.honest_traced()
test_two_things_compared_as_their_values_give_are_a_confirmed_finding = CASES.honest_confirmed()
