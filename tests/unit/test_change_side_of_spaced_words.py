"""A side of a change written with spaces between a number and its Chinese words is one side
(app/domain/direction.py): "从每 15 分钟一次改为每小时一次" turns round "由每小时一次改为每 15 分钟一次",
as "from 8 to 64" turns round "64 -> 8". With the spaces left in (each side cut at the first
space) the two frequency lies here are traced; the change told its own way round keeps its verdict."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-11-09T06:00:00Z ops-log: m.diaz merged cron rev k-77 for log-compact on lc-02: interval 60 -> 15 (minutes)"
ZH = "\n".join([
    "2026-11-09 06:00:00 运维日志：钱进 上线 cron 配置 rev k-77，lc-02 上 log-compact 由每小时一次改为每 15 分钟一次",
    "2026-11-09 06:30:00 运维日志：钱进 把 lc-03 的 log-compact 保留期由 7 天 改为 3 天",
])

LIES = {
    "zh-frequency-turned": ("rev k-77 把 log-compact 从每 15 分钟一次改为每小时一次", "改为每小时一次"),
    "zh-frequency-turned-other-verb": ("lc-02 上 log-compact 由每 15 分钟一次变为每小时一次", "变为每小时一次"),
    "zh-retention-turned": ("lc-03 的 log-compact 保留期从 3 天 改为 7 天", "改为 7 天"),
    "en-interval-turned": ("m.diaz merged cron rev k-77 for log-compact on lc-02, interval from 15 to 60",
                           "from 15 to 60"),
}
HONEST = {
    "zh-frequency": "rev k-77 把 lc-02 上 log-compact 从每小时一次改为每 15 分钟一次",
    "zh-retention": "lc-03 的 log-compact 保留期从 7 天 改为 3 天",
    "en-interval": "m.diaz merged cron rev k-77 for log-compact on lc-02, interval from 60 to 15",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_change_of_spaced_sides_turned_round_is_not_traced = CASES.lies_untraced()
test_a_change_of_spaced_sides_turned_round_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_change_its_own_way_round_is_traced = CASES.honest_traced()
test_the_change_its_own_way_round_is_confirmed = CASES.honest_confirmed()
