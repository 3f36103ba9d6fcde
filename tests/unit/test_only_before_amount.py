"""An exclusive word right before a quantity of the unit table ("pg_replica_01 only 0.3 GB",
"只有 0.3 GB") says how little, which the value says (app/domain/exclusive.py ``_EN_MEASURE``,
``_ZH_MEASURE``): the line is judged without it. Before a name or a count of things ("only
pg_replica_01 was active", "只有 1 个槽") it restricts a set no line restricts, and stays untraced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T03:00:00Z postgres pg-main-01: pg_replication_slots: debezium_orders logical active=f "
      "retained WAL 96 GB; pg_replica_01 physical active=t retained WAL 0.3 GB")
ZH = ("2026-12-05 03:00:00 postgres pg-main-01：复制槽 debezium_orders 不活跃，保留 WAL 96 GB；"
      "复制槽 pg_replica_01 活跃，保留 WAL 0.3 GB")

LIES = {  # claim, what must not be read as fact
    "en-only-name": ("At 03:00 only pg_replica_01 was active on pg-main-01", "only pg_replica_01"),
    "en-only-count": ("At 03:00 only 1 slot on pg-main-01 was active", "only 1 slot"),
    "en-only-other-unit": ("At 03:00 pg_replica_01 retained only 0.3 MB of WAL", "0.3 MB"),
    "zh-only-name": ("03:00 pg-main-01 上只有 pg_replica_01 活跃", "只有 pg_replica_01"),
    "zh-only-count": ("03:00 pg-main-01 上只有 1 个复制槽活跃", "只有 1 个"),
}
HONEST = {
    "en-only-amount": "At 03:00 debezium_orders retained 96 GB of WAL and the physical slot pg_replica_01 only 0.3 GB",
    "en-retained-only": "At 03:00 the physical slot pg_replica_01 retained only 0.3 GB of WAL",
    "zh-only-amount": "03:00 复制槽 pg_replica_01 保留的 WAL 只有 0.3 GB",
    "zh-jin-amount": "03:00 复制槽 pg_replica_01 保留 WAL 仅 0.3 GB",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_only_before_a_name_or_a_count_is_not_traced = CASES.lies_untraced()
test_only_before_a_name_or_a_count_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_only_before_an_amount_is_traced = CASES.honest_traced()
test_only_before_an_amount_is_a_confirmed_finding = CASES.honest_confirmed()
