"""A value put on another key of its line (app/domain/keyed.py): "lb-edge-04 had 92100 TIME_WAIT
entries" of "conntrack table: ESTABLISHED 92100 entries, TIME_WAIT 40750 entries" gives the
ESTABLISHED count to TIME_WAIT. A name by its form written right before its number (a state in
capitals) is a key as ``max_connections=300`` is; a stretch of the line naming one key of the item
with the number of another moves the value, whatever other words of the item it shares
("conntrack 表中"). Each key with its own number
is traced, in one stretch or two."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-06-03T08:20:00Z lb-edge-04: conntrack table: ESTABLISHED 92100 entries, TIME_WAIT 40750 entries, "
      "SYN_SENT 318 entries\n"
      "2026-06-03T08:21:00Z pg-main: backends: active 212, idle_in_transaction 57, max_connections=300")
ZH = ("2026-06-03 08:20:00 lb-edge-04：conntrack 表中 ESTABLISHED 92100 条，TIME_WAIT 40750 条，SYN_SENT 318 条\n"
      "2026-06-03 08:21:00 pg-main：后端连接 active 212 个，idle_in_transaction 57 个，max_connections=300")

LIES = {  # claim, what must not be read as fact
    "en-state-before": ("lb-edge-04 had 92100 TIME_WAIT entries in its conntrack table", "92100 TIME_WAIT"),
    "en-state-after": ("The conntrack table on lb-edge-04 held TIME_WAIT 92100 entries", "TIME_WAIT 92100"),
    "en-third-state": ("At 08:20 lb-edge-04 had 318 ESTABLISHED entries", "318 ESTABLISHED"),
    "en-key-other-number": ("pg-main had 212 idle_in_transaction backends", "212 idle_in_transaction"),
    "zh-state": ("lb-edge-04 的 conntrack 表中 TIME_WAIT 有 92100 条", "TIME_WAIT 有 92100 条"),
    "zh-third-state": ("lb-edge-04 上 SYN_SENT 有 40750 条", "SYN_SENT 有 40750 条"),
}
HONEST = {
    "en-both": "lb-edge-04 had 92100 ESTABLISHED entries and 40750 TIME_WAIT entries",
    "en-own": "The conntrack table on lb-edge-04 held TIME_WAIT 40750 entries",
    "en-word-label": "pg-main had 212 active backends, max_connections=300",
    "en-order": "TIME_WAIT held 40750 of the entries on lb-edge-04, ESTABLISHED 92100",
    "zh-own": "lb-edge-04 的 conntrack 表中 TIME_WAIT 有 40750 条",
    "zh-both": "lb-edge-04 上 ESTABLISHED 92100 条，SYN_SENT 318 条",
    "zh-key-own": "pg-main 的 idle_in_transaction 后端连接有 57 个",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_on_another_key_is_not_traced = CASES.lies_untraced()
test_a_value_on_another_key_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_key_with_its_own_value_is_traced = CASES.honest_traced()
test_each_key_with_its_own_value_is_a_confirmed_finding = CASES.honest_confirmed()
