"""A time stays with its event across the lines of a log (app/domain/dated_events.py): a line
telling one line's event at the time of another line about the same names ("p.silva acknowledged
DiskFull at 02:10:00", the alert's time, acknowledged at 02:14:30) is not traced to the line of
that time. With the rule off it was: that line holds every token and most words of it."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-08-03T02:10:00Z alertmanager: DiskFull on vault-3, disk 97%; paged on-call p.silva",
    "2026-08-03T02:14:30Z pagerduty: DiskFull acknowledged by p.silva",
    "2026-08-03T02:31:00Z ops-log: p.silva expanded the data volume on vault-3 to 2 TB"])
ZH = "\n".join([
    "2026-08-03 02:10:00 告警 DiskFull 触发：vault-3 磁盘使用率 97%，通知值班 王磊",
    "2026-08-03 02:14:30 王磊 确认告警 DiskFull",
    "2026-08-03 02:40:00 告警 DiskFull 恢复"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-acknowledged-at-the-alert's-time": ("p.silva acknowledged DiskFull at 02:10:00", "acknowledged DiskFull at 02:10"),
    "zh-acknowledged-at-the-alert's-time": ("王磊 在 02:10 确认告警 DiskFull", "02:10 确认"),
    "zh-recovered-at-the-alert's-time": ("告警 DiskFull 于 02:10:00 恢复", "02:10:00 恢复"),
}, {
    "en-acknowledged": "p.silva acknowledged DiskFull at 02:14:30",
    "en-expanded": "At 02:31 p.silva expanded the data volume on vault-3 to 2 TB",
    "en-paged": "At 02:10 DiskFull on vault-3 paged p.silva",
    "zh-acknowledged": "王磊 在 02:14:30 确认告警 DiskFull",
    "zh-recovered": "告警 DiskFull 于 02:40:00 恢复",
    "zh-fired": "告警 DiskFull 在 02:10 触发，通知值班 王磊",
})
test_an_event_at_the_time_of_another_line_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
