"""A duration of a number and a half of its unit is one value (app/domain/chronology.py ``_half``).

"four and a half minutes", "6 分半", "两个半小时" are an interval worked out between two times of
the lines, as "4 min 30 s" is: held exactly to the half unit it is written to (within a quarter
of the unit), after a hedge within half of it. Before, "four" and "minutes" were read as two
tokens no line holds. Another number of units and a half is another value, not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-21T03:02:10Z alertmanager: alert DiskPressure firing for kv-store-3, notified on-call r.ahmed",
    "2026-11-21T03:06:45Z pagerduty: DiskPressure acknowledged by r.ahmed",
    "2026-11-21T05:32:00Z alertmanager: alert DiskPressure resolved for kv-store-3"])
ZH = "\n".join([
    "2026-11-21T03:02:10Z 告警平台: 告警 DiskPressure 已触发，主机 kv-store-3，通知值班 r.ahmed",
    "2026-11-21T03:06:45Z 告警平台: r.ahmed 确认告警 DiskPressure",
    "2026-11-21T05:32:00Z 告警平台: 告警 DiskPressure 已恢复，主机 kv-store-3"])

HONEST = {
    "en-minutes-after": "r.ahmed acknowledged DiskPressure at 03:06, four and a half minutes after it fired at 03:02",
    "en-hedged-later": "DiskPressure fired at 03:02:10 and was acknowledged at 03:06:45, "
                       "about four and a half minutes later",
    "en-hours": "DiskPressure fired at 03:02:10 and resolved at 05:32:00, two and a half hours later",
    "zh-minutes": "告警 DiskPressure 03:02:10 触发，03:06:45 被确认，相隔约 4 分半",
    "zh-hours": "告警 DiskPressure 03:02:10 触发，05:32:00 恢复，相隔两个半小时",
}
LIES = {
    "en-another-count": ("DiskPressure fired at 03:02:10 and was acknowledged at 03:06:45, five and a half minutes later",
                         "five and a half minutes"),
    "en-another-hours": ("DiskPressure fired at 03:02:10 and resolved at 05:32:00, three and a half hours later",
                         "three and a half hours"),
    "zh-another-count": ("告警 DiskPressure 03:02:10 触发，03:06:45 被确认，相隔 5 分半", "5 分半"),
    "zh-another-hours": ("告警 DiskPressure 03:02:10 触发，05:32:00 恢复，相隔三个半小时", "三个半小时"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_duration_and_a_half_between_two_times_is_traced = CASES.honest_traced()
test_a_duration_and_a_half_between_two_times_is_a_confirmed_finding = CASES.honest_confirmed()
test_another_duration_and_a_half_is_not_traced = CASES.lies_untraced()
test_another_duration_and_a_half_is_not_read_as_fact = CASES.lies_not_read_as_fact()
