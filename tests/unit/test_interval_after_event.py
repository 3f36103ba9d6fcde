"""A duration with a 后 beside it closes an interval after the event before it
(app/domain/chronology.py ``without``): "周敏 在告警 DiskPressure 触发 2 分 40 秒后确认" and "重启
compactor 后约 1 分 22 秒，kv-3 …回落" give the time between two lines, as "2 min 40 s after it
fired" does in English. Taken out with the duration, the 后 is the word of time order 之后, so
the rest is judged as two events, each traced to its own line, in the order their times give, and
the duration must be the interval from the first side's event to the second's: a side held by
several lines may be about any of them (``Items.traces``: "kv-3 磁盘使用率 62%" at 02:05 and at
02:31:27), but the interval runs forward from the event the line puts first. The lie of the same
shape stays refused: another interval, the events in the other order, an interval two lines give
that ends before the event the line counts from (25 min 5 s from the 02:05 reading to the restart).
With the rule off (the duration taken out alone, the interval between any two times of the lines
the first of each side's items), the 后 runs into the event after it and the honest lines are
refused, and the lies in the other order or from the earlier reading are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-20T02:05:00Z node-exporter kv-3: disk usage 62%, rising",
    "2026-11-20T02:10:00Z alertmanager: alert DiskPressure firing for kv-3, paged on-call z.min",
    "2026-11-20T02:12:40Z alertmanager: DiskPressure acknowledged by z.min",
    "2026-11-20T02:30:05Z ops-log: z.min restarted compactor on kv-3",
    "2026-11-20T02:31:27Z node-exporter kv-3: disk usage back down to 62%",
])
ZH = "\n".join([
    "2026-11-20T02:05:00Z 节点监控 kv-3: 磁盘使用率 62%，开始上升",
    "2026-11-20T02:10:00Z 告警平台: 告警 DiskPressure 触发，节点 kv-3，通知值班 周敏",
    "2026-11-20T02:12:40Z 周敏 确认告警 DiskPressure",
    "2026-11-20T02:30:05Z 运维操作记录: 周敏 在 kv-3 上重启 compactor",
    "2026-11-20T02:31:27Z 节点监控 kv-3: 磁盘使用率回落到 62%",
])

HONEST = {
    "zh-after-the-duration": "周敏 在告警 DiskPressure 触发 2 分 40 秒后确认",
    "zh-after-the-event": "重启 compactor 后约 1 分 22 秒，kv-3 磁盘使用率回落到 62%",
    "zh-a-reading-after-the-event": "重启 compactor 后约 1 分 22 秒，kv-3 磁盘使用率 62%",
    "en-after": "z.min acknowledged DiskPressure 2 min 40 s after it fired",
    "en-a-reading-after-the-event": "kv-3 disk usage was 62% 1 min 22 s after z.min restarted compactor",
}
LIES = {
    "zh-another-interval": ("周敏 在告警 DiskPressure 触发 3 分 40 秒后确认", "3 分 40 秒"),
    "zh-another-interval-after-the-event": ("重启 compactor 后约 5 分 22 秒，kv-3 磁盘使用率回落到 62%", "5 分 22 秒"),
    "zh-other-order": ("周敏 确认告警 DiskPressure 2 分 40 秒后，告警触发", "2 分 40 秒后，告警触发"),
    "zh-from-a-reading-before-the-event": ("重启 compactor 后约 25 分 5 秒，kv-3 磁盘使用率 62%", "25 分 5 秒"),
    "en-another-interval": ("z.min acknowledged DiskPressure 2 min 50 s after it fired", "2 min 50 s"),
    "en-from-a-reading-before-the-event": ("kv-3 disk usage was 62% 25 min 5 s after z.min restarted compactor",
                                           "25 min 5 s"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_interval_closed_by_after_is_traced = CASES.honest_traced()
test_an_interval_closed_by_after_is_confirmed = CASES.honest_confirmed()
test_another_interval_or_order_is_not_traced = CASES.lies_untraced()
test_another_interval_or_order_is_not_read_as_fact = CASES.lies_not_read_as_fact()
