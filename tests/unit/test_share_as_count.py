"""A share is not a count (app/domain/shares.py): "BuildFailuresHigh fires once thirty builds have
failed" of an alert firing "(48% of builds failed over 1 h, threshold 30%)" turns its threshold, a
rate, into a count of builds. A number the item writes only as a percentage is held only as one:
with ``%``, "percent", "percentage points", 个百分点, or as a share in words (百分之三十)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-04-11T06:10:00Z alertmanager: BuildFailuresHigh firing (48% of builds failed over 1 h, threshold 30%)",
    "2026-04-11T06:12:00Z ci-ctl: 214 builds queued on ci-pool-3, 12 builders busy"])
ZH = "\n".join([
    "2026-04-11 06:10:00 告警 BuildFailuresHigh 触发（1 小时内 48% 的构建失败，阈值 30%）",
    "2026-04-11 06:12:00 ci-ctl：ci-pool-3 排队 214 个构建，12 个构建机忙"])

LIES = {  # claim, what must not be read as fact
    "en-threshold-as-a-count-in-words": ("BuildFailuresHigh fires once thirty builds have failed in 1 h",
                                         "thirty builds"),
    "en-threshold-as-a-count-in-digits": ("BuildFailuresHigh fires once 30 builds fail within 1 h", "30 builds"),
    "en-rate-as-a-count": ("BuildFailuresHigh fired after 48 builds failed over 1 h", "48 builds"),
    "en-rate-as-a-count-in-words": ("BuildFailuresHigh fired: forty-eight builds failed over 1 h",
                                    "forty-eight builds"),
    "zh-threshold-as-a-count": ("BuildFailuresHigh 在 1 小时内失败 30 个构建时触发", "30 个构建"),
    "zh-rate-as-a-count-in-words": ("BuildFailuresHigh 触发，1 小时内四十八个构建失败", "四十八个构建"),
}
HONEST = {
    "en-shares-as-written": "BuildFailuresHigh fired with 48% of builds failed over 1 h, threshold 30%",
    "en-share-in-words": "BuildFailuresHigh fires once thirty percent of builds have failed in 1 h",
    "en-a-count-its-item-gives": "214 builds were queued on ci-pool-3 with 12 builders busy",
    "zh-shares-as-written": "BuildFailuresHigh 触发，1 小时内 48% 的构建失败，阈值 30%",
    "zh-share-in-words": "BuildFailuresHigh 触发，1 小时内百分之四十八的构建失败",
    "zh-a-count-its-item-gives": "ci-pool-3 排队 214 个构建，12 个构建机忙",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_share_said_as_a_count_is_not_traced = CASES.lies_untraced()
test_a_share_said_as_a_count_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_share_or_count_as_written_is_traced = CASES.honest_traced()
test_a_share_or_count_as_written_is_a_confirmed_finding = CASES.honest_confirmed()
