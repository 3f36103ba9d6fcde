"""A value of one part of a line stays with that part's names (app/domain/parallel.py): "the
physical slot repl_b retained 84 GB" of "cdc_main logical active=f … retained 84 GB; repl_b
physical active=t retained 1.2 GB" puts the first part's value on the second part's name, though
the first part names several names and so ties its value to none alone. A line giving each name
its own value, or naming the value's part too, keeps its verdict, and so does a line joining a part
telling an event to the part telling its result ("the re-run uploaded 24 of 24 shards"), or one
saying its name's own value with a value of another part ("the 9 tokens of wave 3")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-03T04:00:00Z postgres db-ledger-02: pg_replication_slots: cdc_main logical active=f "
    "restart_lsn 3C/AA000060 retained WAL 84 GB; repl_b physical active=t retained WAL 1.2 GB",
    "2026-09-03T04:05:00Z redis cache-eu-4: keyspace db0 keys=912000 expires=15 evicted 340; "
    "db1 keys=3100 expires=3100 evicted 0",
    "2026-09-03T04:30:00Z airflow: ledger_export re-run by m.ito on worker af-w-05; upload_blobs succeeded, "
    "24 of 24 shards in 310 s",
    "2026-09-03T04:40:00Z deploy-bot: wave 3 of ledger-api v2.2.0 started, 9 pods; "
    "9 tokens issued for role ledger-api, token_ttl 600s",
])
ZH = "\n".join([
    "2026-09-03 12:00:00 postgres db-ledger-02：复制槽 cdc_main 逻辑 active=f restart_lsn 3C/AA000060 "
    "保留 WAL 84 GB；repl_b 物理 active=t 保留 WAL 1.2 GB",
    "2026-09-03 12:05:00 redis cache-eu-4：keyspace db0 keys=912000 expires=15 淘汰 340 个；"
    "db1 keys=3100 淘汰 0 个",
])

LIES = {
    "en-value-to-the-other-slot": ("At 04:00 the physical slot repl_b retained 84 GB of WAL", "repl_b retained 84 GB"),
    "en-value-had-retained": ("the physical slot repl_b had 84 GB of WAL retained", "repl_b had 84 GB"),
    "en-value-held": ("slot repl_b held 84 GB of WAL at 04:00", "repl_b held 84 GB"),
    "en-small-value-to-the-first": ("cdc_main retained only 1.2 GB of WAL", "cdc_main retained only 1.2 GB"),
    "en-count-to-the-other-db": ("db1 on cache-eu-4 evicted 340 keys", "db1 on cache-eu-4 evicted 340"),
    "zh-value-to-the-other-slot": ("04:00 物理复制槽 repl_b 保留了 84 GB WAL", "repl_b 保留了 84 GB"),
    "zh-value-kept": ("物理复制槽 repl_b 保留 84 GB WAL", "repl_b 保留 84 GB"),
    "zh-value-of-wal": ("repl_b 保留了 84 GB 的 WAL", "repl_b 保留了 84 GB"),
    "zh-count-to-the-other-db": ("cache-eu-4 的 db1 淘汰了 340 个 key", "db1 淘汰了 340 个"),
}
HONEST = {
    "en-each-its-own": "At 04:00 cdc_main retained 84 GB of WAL and the physical slot repl_b 1.2 GB",
    "en-first-part": "cdc_main on db-ledger-02 retained 84 GB of WAL",
    "en-second-part": "The physical slot repl_b retained 1.2 GB of WAL",
    "en-host-of-every-part": "On db-ledger-02 the logical slot cdc_main retained 84 GB of WAL",
    "en-event-and-its-result": "The ledger_export re-run uploaded 24 of 24 shards",
    "en-own-value-said-too": "The 9 tokens of wave 3 had token_ttl 600s",
    "zh-first-part": "复制槽 cdc_main 保留 WAL 84 GB",
    "zh-second-part": "cache-eu-4 的 db1 淘汰 0 个",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_value_of_another_part_is_not_traced = CASES.lies_untraced()
test_a_value_of_another_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_with_its_part_is_traced = CASES.honest_traced()
test_a_value_with_its_part_is_confirmed = CASES.honest_confirmed()
