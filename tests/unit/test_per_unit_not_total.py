"""A value its line counts per unit is not a total (app/domain/scopes.py): "总连接数超过了
maxClientCnxns 60" of a line saying "单 IP 连接数超过 maxClientCnxns 60" widens a bound on one address's
connections to all of them. A line giving as a total (total, overall, 总, 全局, 整体) what its line
counts per unit (per IP, each, 单 IP, 每个, 每台) is not traced; one keeping the unit, or restating a
total its line gives, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-05-08T13:02:00Z pgbouncer-2: connections per client IP above max_client_conn 200; 640 logins refused",
    "2026-05-08T13:06:00Z nginx-edge-3: each worker at 4096 open files, accept() failing",
    "2026-05-08T13:09:00Z nginx-edge-3: total active connections 18200 across 8 workers"])
ZH = "\n".join([
    "2026-05-09 16:40:00 redis-proxy-1：单 IP 连接数超过 maxclients 500，拒绝 930 次",
    "2026-05-09 16:44:00 kafka-gw：每个分区写入 1200 条/秒，限流开始",
    "2026-05-09 16:50:00 kafka-gw：总写入 9600 条/秒"])

LIES = {  # claim, what must not be read as fact
    "en-total-for-per-ip": ("pgbouncer-2 refused 640 logins because total connections were above max_client_conn 200",
                            "total connections"),
    "en-overall-for-each": ("nginx-edge-3 was at 4096 open files overall, accept() failing", "overall"),
    "zh-total-for-per-ip": ("redis-proxy-1 拒绝 930 次，因为总连接数超过 maxclients 500", "总连接数"),
    "zh-global-for-per-ip": ("redis-proxy-1 全局连接数超过 maxclients 500", "全局连接数"),
    "zh-whole-for-each": ("kafka-gw 整体写入 1200 条/秒，限流开始", "整体写入"),
}
HONEST = {
    "en-per-ip-kept": "pgbouncer-2 refused 640 logins because connections per client IP were above max_client_conn 200",
    "en-each-kept": "each nginx-edge-3 worker was at 4096 open files, accept() failing",
    "en-total-as-told": "nginx-edge-3 had 18200 total active connections across 8 workers",
    "zh-per-ip-kept": "redis-proxy-1 单 IP 连接数超过 maxclients 500，拒绝 930 次",
    "zh-each-kept": "kafka-gw 每个分区写入 1200 条/秒，限流开始",
    "zh-total-as-told": "kafka-gw 总写入 9600 条/秒",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_per_unit_value_given_as_a_total_is_not_traced = CASES.lies_untraced()
test_a_per_unit_value_given_as_a_total_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_in_its_own_scope_is_traced = CASES.honest_traced()
test_a_value_in_its_own_scope_is_a_confirmed_finding = CASES.honest_confirmed()
