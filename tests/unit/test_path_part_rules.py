"""A part of a name's path is the name's (app/domain/alignment.py ``_PATH``), and a word of the
offline engine's that overstates is a whole word, not a part of a name (app/roles/offline.py
``ABSOLUTE``).

A log writes a setting in full (``index.blocks.read_only_allow_delete=true``); a restatement names
it by its last key ("set to read_only_allow_delete"). That key is the name the line writes, cut at
its dots, not a word put in its place: the claim is traced, and the offline engine, which finds
"only" inside the key, does not call it overstated. A key the line does not write, a part cut
inside a word of the key, or the key put on another index stays the claim's own."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-03T06:00:00Z es-hot-4: disk 95.4% over flood_stage, index metrics-2026.10.03 set to "
    "index.blocks.read_only_allow_delete=true",
    "2026-10-03T06:20:00Z ops-log: r.kim set index.blocks.read_only_allow_delete of metrics-2026.10.03 to null"])
ZH = "\n".join([
    "2026-10-03T06:00:00Z es-hot-4: 磁盘使用率 95.4%，超过 flood_stage 水位，索引 metrics-2026.10.03 被设置为 "
    "index.blocks.read_only_allow_delete=true",
    "2026-10-03T06:20:00Z 运维操作记录: r.kim 把索引 metrics-2026.10.03 的 index.blocks.read_only_allow_delete 设为 null"])

LIES = {  # claim, what must not be read as fact
    "en-key-the-line-does-not-write": ("At 06:00 index metrics-2026.10.03 was set to index.blocks.write", "write"),
    "en-part-inside-a-word-of-the-key": ("At 06:00 index metrics-2026.10.03 was set to read_only", "read_only"),
    "zh-key-on-another-index": ("索引 metrics-2026.10.02 被设置为 read_only_allow_delete", "metrics-2026.10.02"),
    "zh-key-the-line-does-not-write": ("索引 metrics-2026.10.03 被设置为 index.blocks.read_only", "index.blocks.read_only"),
}
HONEST = {
    "en-last-key-of-the-setting": "At 06:00 index metrics-2026.10.03 was set to read_only_allow_delete",
    "zh-last-key-of-the-setting": "索引 metrics-2026.10.03 被设置为 read_only_allow_delete",
    "zh-last-key-first": "06:00 被设为 read_only_allow_delete 的是索引 metrics-2026.10.03",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_key_the_line_does_not_write_is_not_traced = CASES.lies_untraced()
test_a_key_the_line_does_not_write_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_last_key_of_a_setting_is_traced = CASES.honest_traced()
test_the_last_key_of_a_setting_is_a_confirmed_finding = CASES.honest_confirmed()
