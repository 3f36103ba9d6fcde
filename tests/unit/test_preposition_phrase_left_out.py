"""A restatement may leave out a phrase its source opens with a preposition before a name ("on
pg-main-01", "在 #gw-oncall") and say the slot's other words otherwise ("once" for "after", 比较 for
对比): no word then stands in the name's place (app/domain/alignment.py, ``_phrase_left_out``).

With the rule off the honest restatements are refused as swapping a value; a line keeping the
preposition, or putting more words in the slot than the source's other words, still puts a word
where the name is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-08-01T09:29:10Z ops-log: k.ito dropped replication slot cdc_orders on pg-main-01 after r.ko confirmed "
      "the consumer would be re-snapshotted\n"
      "2026-08-01T09:40:00Z pg-replica-02: replication lag 0 bytes")
ZH = ("2026-08-01 15:18:00 赵敏 在 #gw-oncall：对比 v2.30.4 与 v2.31.0，确认 tenant-blue-api 的 max_tokens 少了两个 0\n"
      "2026-08-01 15:30:00 gw-edge-02：version_info v2.30.4")

HONEST = {
    "en-once": "k.ito dropped cdc_orders at 09:29:10 once r.ko confirmed the consumer would be re-snapshotted",
    "zh-compared": "赵敏 比较 v2.30.4 和 v2.31.0 后确认 tenant-blue-api 的 max_tokens 少了两个 0",
}
LIES = {
    "en-other-place": ("k.ito dropped cdc_orders on the replica after r.ko confirmed the consumer would be "
                       "re-snapshotted", "on the replica"),
    "en-other-host": ("k.ito dropped cdc_orders at 09:29:10 on pg-replica-02 after r.ko confirmed the consumer "
                      "would be re-snapshotted", "on pg-replica-02"),
    "zh-other-place": ("赵敏 在 值班群 比较 v2.30.4 和 v2.31.0 后确认 tenant-blue-api 的 max_tokens 少了两个 0", "值班群"),
    "zh-other-host": ("赵敏 在 gw-edge-02 上对比 v2.30.4 与 v2.31.0，确认 tenant-blue-api 的 max_tokens 少了两个 0",
                      "gw-edge-02 上"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_preposition_phrase_left_out_is_traced = CASES.honest_traced()
test_a_preposition_phrase_left_out_is_confirmed = CASES.honest_confirmed()
test_a_word_in_the_place_of_the_name_is_not_traced = CASES.lies_untraced()
test_a_word_in_the_place_of_the_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
