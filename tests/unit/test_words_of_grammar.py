"""A text of values and Chinese words of grammar standing alone (app/domain/provenance.py ``stems``,
app/domain/zh.py ``function_word``): "比 09:30 的 4.2 ms", what is left of "…，比 09:30 的 4.2 ms 高
0.2 ms" once its worked-out difference is out, says nothing but its values, as "at 04:47:31" does in
English, and is held by the line holding them. The nearest lies: the difference the other way ("低
0.2 ms"), and a line with a content word of its own beside the grammar ("刘洋 在 10:18:40 关闭了告警",
the line saying 确认: acknowledged, not closed), whose grammar words still count: not traced, not read
as fact."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-24T09:30:00Z prometheus: db-bill-04 commit p99 4.2 ms",
    "2026-11-24T10:18:40Z l.yang acknowledged alert PgCommitLatencyHigh",
    "2026-11-24T13:36:00Z prometheus: db-bill-04 commit p99 back to 4.4 ms"])
ZH = "\n".join([
    "2026-11-24 09:30:00 prometheus：db-bill-04 commit 延迟 p99 4.2 ms，TPS 2350",
    "2026-11-24 10:06:00 prometheus：db-bill-04 commit 延迟 p99 13.1 ms",
    "2026-11-24 10:18:40 刘洋 确认告警 PgCommitLatencyHigh",
    "2026-11-24 13:36:00 prometheus：db-bill-04 commit 延迟 p99 回落至 4.4 ms"])
LIES = {
    "en-difference-the-other-way": ("At 13:36 db-bill-04 commit p99 was 4.4 ms, 0.2 ms lower than the 4.2 ms at 09:30",
                                    "0.2 ms lower"),
    "zh-difference-the-other-way": ("13:36 db-bill-04 commit p99 回落到 4.4 ms，比 09:30 的 4.2 ms 低 0.2 ms",
                                    "低 0.2 ms"),
    "zh-acknowledged-told-as-closed": ("刘洋 在 10:18:40 关闭了告警 PgCommitLatencyHigh", "关闭了告警"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "en-difference-higher": "At 13:36 db-bill-04 commit p99 was 4.4 ms, 0.2 ms higher than the 4.2 ms at 09:30",
    "zh-difference-after-bi": "13:36 db-bill-04 commit p99 回落到 4.4 ms，比 09:30 的 4.2 ms 高 0.2 ms",
    "zh-difference-rose": "10:06 db-bill-04 commit p99 为 13.1 ms，比 09:30 的 4.2 ms 高 8.9 ms",
})

test_grammar_joining_another_value_or_word_is_not_traced = CASES.lies_untraced()
test_grammar_joining_another_value_or_word_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_values_joined_by_chinese_grammar_are_traced = CASES.honest_traced()
test_values_joined_by_chinese_grammar_are_confirmed = CASES.honest_confirmed()
