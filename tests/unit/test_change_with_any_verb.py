"""A change opened by 由 or 从 keeps its two sides in order whatever its verb (app/domain/
direction.py): "由 9 扩到 20" against "副本数 20 → 9" turns the change round though 扩到 is in no
list of change verbs; a line giving the sides in the item's order is traced. (English "from A to
B" was read already; its cases stay here as the same form.)"""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-20T04:00:00Z hpa api-gw: replicas 12 -> 4, cpu 22%",
    "2026-11-20T04:10:00Z ops-log: w.chen set pool size of pgbouncer-1 80 -> 40"])
ZH = "\n".join([
    "2026-11-21 05:00:00 HPA api-gw：CPU 使用率 22%，副本数 12 → 4",
    "2026-11-21 05:10:00 运维日志：吴晨 把 pgbouncer-1 的连接池 80 → 40",
    "2026-11-21 05:20:00 运维日志：吴晨 把 kafka-3 的分区数 12 → 24"])

LIES = {  # claim, what must not be read as fact
    "zh-scaled-out-turned": ("05:00 HPA 把 api-gw 副本数由 4 扩到 12", "由 4 扩到 12"),
    "zh-shrunk-turned": ("吴晨 把 pgbouncer-1 的连接池从 40 缩到 80", "从 40 缩到 80"),
    "zh-raised-turned": ("kafka-3 的分区数由 24 改成 12", "由 24 改成 12"),
    "en-from-to-turned": ("api-gw was scaled from 4 to 12 replicas", "from 4 to 12"),
}
HONEST = {
    "zh-scaled-in": "05:00 HPA 把 api-gw 副本数由 12 缩到 4",
    "zh-shrunk": "吴晨 把 pgbouncer-1 的连接池从 80 缩到 40",
    "zh-raised": "kafka-3 的分区数由 12 扩到 24",
    "en-from-to": "api-gw was scaled from 12 to 4 replicas",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_change_turned_whatever_its_verb_is_not_traced = CASES.lies_untraced()
test_a_change_turned_whatever_its_verb_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_change_in_order_whatever_its_verb_is_traced = CASES.honest_traced()
test_a_change_in_order_whatever_its_verb_is_a_confirmed_finding = CASES.honest_confirmed()
