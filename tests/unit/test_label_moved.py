"""A value read by the label its item gives another value (app/domain/measures.py ``label_moved``):
"alarm HighLatency … p95 840 ms over 5 min (threshold 500)" labels 500 the threshold, and "HighLatency's
threshold was 840 ms" puts the measured value in the threshold's place. With the rule off it was
traced: the item holds every token and word of it. A number the item itself writes after the label
("reverted PR #12 as PR #19") is not moved."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-04-09T06:30:00Z cloudwatch: alarm HighLatency in ALARM: p95 840 ms over 5 min (threshold 500)",
    "2026-04-09T06:41:00Z ops-log: l.moss reverted PR #12 as PR #19"])
ZH = "2026-04-09 06:30:00 告警 HighLatency 触发：5 分钟内 p95 840 毫秒（阈值 500）"
CASES = RuleCases(by_language(EN, ZH), {
    "en-threshold-of-the-measured": ("HighLatency's threshold was 840 ms", "threshold was 840"),
    "en-threshold-of-the-measured-at": ("At 06:30 the threshold of HighLatency was 840", "threshold of HighLatency was 840"),
    "zh-threshold-of-the-measured": ("告警 HighLatency 的阈值为 840", "阈值为 840"),
    "zh-threshold-of-the-measured-ms": ("06:30 告警 HighLatency 的阈值是 840 毫秒", "阈值是 840"),
}, {
    "en-threshold": "HighLatency's threshold was 500",
    "en-measured": "At 06:30 HighLatency's p95 was 840 ms over 5 min, against a threshold of 500",
    "en-pr-label-of-its-own": "l.moss reverted PR #12 as PR #19",
    "zh-threshold": "告警 HighLatency 的阈值为 500",
    "zh-measured": "06:30 告警 HighLatency 触发，5 分钟内 p95 840 毫秒",
})
test_a_value_read_by_another_values_label_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
