"""A thing said to go on where its line says it ended (app/domain/persistence.py): "重启后仍有
READONLY 报错" against "重启后 READONLY 报错归零". Such a line is not traced; one saying the end,
or saying goes on what its line says goes on, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-02T10:14:00Z ops-log: a.kim restarted billing-worker-3; afterwards the OOMKilled restarts stopped",
    "2026-11-02T10:20:00Z kafka: consumer group billing lag on topic invoices dropped to 0 after the rebalance",
    "2026-11-02T10:25:00Z billing-api: p99 latency still above 900 ms on ledger-db reads"])
ZH = "\n".join([
    "2026-12-05 09:31:15 运维日志：王磊 重启 order-svc-5d8-k2，重启后连接到 rds-02，READONLY 报错归零",
    "2026-12-05 09:40:00 告警 DiskPressure 在 node-7 上消失",
    "2026-12-05 09:45:00 order-svc-5d8-m7 仍有 timeout 报错"])

LIES = {  # claim, what must not be read as fact
    "zh-errors-said-to-go-on": ("王磊 重启后 order-svc-5d8-k2 仍有 READONLY 报错", "仍有 READONLY 报错"),
    "zh-alert-said-to-go-on": ("09:40 node-7 上的 DiskPressure 告警依然存在", "依然存在"),
    "en-restarts-said-to-go-on": ("After a.kim restarted billing-worker-3 the OOMKilled restarts still happened",
                                  "still happened"),
    "en-lag-said-to-go-on": ("At 10:20 the billing lag on invoices was still growing after the rebalance",
                             "still growing"),
}
HONEST = {
    "zh-errors-ended": "王磊 重启后 order-svc-5d8-k2 的 READONLY 报错归零",
    "zh-goes-on-where-it-goes-on": "09:45 order-svc-5d8-m7 仍有 timeout 报错",
    "en-restarts-stopped": "After a.kim restarted billing-worker-3 the OOMKilled restarts stopped",
    "en-goes-on-where-it-goes-on": "At 10:25 billing-api p99 latency was still above 900 ms on ledger-db reads",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_thing_said_to_go_on_past_its_end_is_not_traced = CASES.lies_untraced()
test_a_thing_said_to_go_on_past_its_end_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_end_or_a_going_on_as_told_is_traced = CASES.honest_traced()
test_an_end_or_a_going_on_as_told_is_a_confirmed_finding = CASES.honest_confirmed()
