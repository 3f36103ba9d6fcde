"""A value a key labels is that key's (app/domain/keyed.py): a line giving a measure and, beside it,
a setting or a field by its key ("xid age … = 1.87 billion (autovacuum_freeze_max_age 400
million)", "max_client_conn=500", "max.poll.interval.ms: 300000") holds every token of a lie that
gives the key's number to the measure ("the xid age of ledger was 400 million"). A line naming the
key, or a word of it, with its number, or the measure with its own, is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-07-14T02:00:00Z prometheus: xid age of database ledger on pg-ledger-02 = 1.87 billion "
    "(autovacuum_freeze_max_age 400 million)",
    "2026-07-14T02:10:00Z pgbouncer pgb-4: clients waiting 186, max_client_conn=500",
    "2026-07-14T02:12:00Z kafka payments-audit: consumer lag 211950, max.poll.interval.ms: 300000"])
ZH = "\n".join([
    "2026-07-15 02:00:00 prometheus 指标：ledger 库 xid 年龄 18.7 亿（autovacuum_freeze_max_age 4 亿）",
    "2026-07-15 02:10:00 pgbouncer pgb-4：等待中的客户端 186 个，max_client_conn=500",
    "2026-07-15 02:12:00 kafka payments-audit：消费延迟 211950 条，session.timeout.ms: 45000"])

LIES = {  # claim, what must not be read as fact
    "en-bracketed-key-on-the-measure": ("At 02:00 the xid age of ledger was 400 million", "age of ledger was 400"),
    "en-key=value-on-the-measure": ("500 clients were waiting on pgb-4", "500 clients were waiting"),
    "en-key:value-on-the-measure": ("the consumer lag of payments-audit reached 300000", "lag of payments-audit reached"),
    "zh-bracketed-key-on-the-measure": ("02:00 ledger 库的 xid 年龄为 4 亿", "xid 年龄为 4 亿"),
    "en-bracketed-key-the-measure-after": ("the database ledger had an xid age of 400 million", "xid age of 400"),
    "en-bracketed-key-host-after": ("xid age was 400 million on pg-ledger-02", "xid age was 400"),
    "zh-key=value-on-the-measure": ("pgb-4 上等待中的客户端有 500", "客户端有 500"),
    "zh-key=value-as-the-measure-s-value": ("pgb-4 等待中的客户端为 500", "客户端为 500"),
    "zh-key:value-on-the-measure": ("kafka payments-audit 消费延迟为 45000", "消费延迟为 45000"),
}
HONEST = {
    "en-the-key-with-its-value": "At 02:00 autovacuum_freeze_max_age was 400 million",
    "en-the-measure-with-its-value": "At 02:00 the xid age of ledger was 1.87 billion",
    "en-key=value-restated": "max_client_conn on pgb-4 is 500",
    "en-measure-beside-key": "186 clients were waiting on pgb-4",
    "en-key:value-restated": "max.poll.interval.ms of payments-audit is 300000",
    "zh-the-key-with-its-value": "ledger 库的 autovacuum_freeze_max_age 为 4 亿",
    "zh-the-measure-with-its-value": "02:00 ledger 库的 xid 年龄为 18.7 亿",
    "zh-measure-beside-key": "pgb-4 上等待中的客户端有 186 个",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_key_s_value_given_to_another_quantity_is_not_traced = CASES.lies_untraced()
test_a_key_s_value_given_to_another_quantity_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_key_or_a_measure_with_its_own_value_is_traced = CASES.honest_traced()
test_a_key_or_a_measure_with_its_own_value_is_a_confirmed_finding = CASES.honest_confirmed()
