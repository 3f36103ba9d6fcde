"""A thing its line denies, told as done (app/domain/denied_thing.py, ``affirmed``): "config rev
c413, reload, no restart" is not restated by "was restarted to apply config rev c413"; a line
telling what its item denies, with no negation of its own, is not traced; the denial restated, or
what the item does say, is. (Chinese 没有 and 无 are read by ``app.domain.alignment`` already; their
cases stay here as the same form.)"""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-01T05:10:00Z ops-log: p.sato raised max_connections 300 -> 500 on pg-ledger-2 (config rev r88, reload, no restart)",
    "2026-10-01T05:20:00Z deploy: web-frontend v4.1 rolled to 12 pods, no rollback, no failover"])
ZH = "\n".join([
    "2026-10-02 06:10:00 运维日志：许静 将 redis-3 的 maxmemory 由 8gb 调为 12gb（配置 v12，热加载，没有重启）",
    "2026-10-02 06:20:00 发布：web-front v4.1 上线 12 个 pod，无回滚"])

LIES = {  # claim, what must not be read as fact
    "en-restart-denied": ("pg-ledger-2 was restarted to apply config rev r88", "was restarted to apply"),
    "en-rollback-denied": ("A rollback of web-frontend v4.1 followed the 12-pod rollout", "A rollback of web-frontend"),
    "en-failover-denied": ("The v4.1 rollout of web-frontend triggered a failover", "triggered a failover"),
    "zh-restart-denied": ("redis-3 重启以加载配置 v12", "重启以加载配置"),
}
HONEST = {
    "en-reload-no-restart": "pg-ledger-2 took config rev r88 by reload, with no restart",
    "en-what-it-says": "p.sato raised max_connections on pg-ledger-2 from 300 to 500",
    "en-no-rollback": "web-frontend v4.1 rolled to 12 pods with no rollback",
    "zh-reload": "redis-3 的配置 v12 热加载，没有重启",
    "zh-no-rollback": "web-front v4.1 上线 12 个 pod，无回滚",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_thing_its_line_denies_told_as_done_is_not_traced = CASES.lies_untraced()
test_a_thing_its_line_denies_told_as_done_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_denial_restated_is_traced = CASES.honest_traced()
test_the_denial_restated_is_a_confirmed_finding = CASES.honest_confirmed()
