"""A role word the line gives one name is not put on another (app/domain/states.py, the replica
role, read by ``slots.other_value``): "failover completed; orders-db-2 is the writer, orders-db-1
rebooted as a reader" does not hold "orders-db-1 rebooted as the writer", the role of the other
name put in place of its own. An Aurora cluster's writer and reader instances are its primary and
replica (写实例, 读实例)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-20T02:40:12Z rds-events: cluster orders-db: failover completed; orders-db-2 is the writer, "
      "orders-db-1 rebooted as a reader (read_only=ON)\n"
      "2026-11-20T02:51:00Z rds-events: cluster ledger-db: ledger-db-b promoted to writer, ledger-db-a is now a reader")
ZH = ("2026-11-20 02:40:12 rds 事件：集群 orders-db 故障转移完成；orders-db-2 为写实例，orders-db-1 重启为读实例\n"
      "2026-11-20 02:51:00 rds 事件：集群 ledger-db 的 ledger-db-b 提升为写实例，ledger-db-a 现为读实例")

LIES = {  # claim, what must not be read as fact
    "en-rebooted-as-writer": ("At 02:40:12 orders-db-1 rebooted as the writer", "orders-db-1 rebooted as the writer"),
    "en-reader-of-the-writer": ("orders-db-2 was a reader after the failover", "orders-db-2 was a reader"),
    "en-promoted-other": ("At 02:51 ledger-db-a was promoted to writer", "ledger-db-a was promoted to writer"),
    "zh-rebooted-as-writer": ("02:40:12 orders-db-1 重启为写实例", "orders-db-1 重启为写实例"),
    "zh-other-is-reader": ("02:51 ledger-db-b 为读实例", "ledger-db-b 为读实例"),
}
HONEST = {
    "en-rebooted-as-reader": "At 02:40:12 orders-db-1 rebooted as a reader with read_only=ON",
    "en-writer": "After the failover orders-db-2 is the writer",
    "en-promoted": "At 02:51 ledger-db-b was promoted to writer",
    "zh-reader": "02:40:12 orders-db-1 重启为读实例",
    "zh-writer": "02:51 ledger-db-b 提升为写实例",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_role_of_another_name_is_not_traced = CASES.lies_untraced()
test_a_role_of_another_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_name_with_its_own_role_is_traced = CASES.honest_traced()
test_a_name_with_its_own_role_is_a_confirmed_finding = CASES.honest_confirmed()
