"""A condition's window is not the span of what it set off (app/domain/held_for.py): "alert
ApiLatencyHigh fired (p99_latency > 2s for 5 min)" gives five minutes as how long the latency had
to stay high, and "ApiLatencyHigh was firing for 5 min", "告警只持续了 5 分钟", "web-07 只 unhealthy
了 30 秒" put that window on the alert or the state it set off. A line keeping the measure compared
restates the condition, and a span worked out from two times is the event's own."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-08-14T11:05:00Z alertmanager: alert ApiLatencyHigh fired (p99_latency > 2s for 5 min), severity page, "
      "paged m.ito\n"
      "2026-08-14T11:09:00Z lb-health: target web-07 marked unhealthy (failed_checks >= 3 over 30 s)\n"
      "2026-08-14T11:40:00Z alertmanager: alert ApiLatencyHigh resolved")
ZH = ("2026-08-14 11:05:00 告警：ApiLatencyHigh 触发（p99_latency > 2s 持续 5 分钟），级别 P1，呼叫 何静\n"
      "2026-08-14 11:09:00 健康检查：目标 web-07 标记为 unhealthy（failed_checks >= 3 持续 30 秒）\n"
      "2026-08-14 11:40:00 告警 ApiLatencyHigh 恢复")

LIES = {  # claim, what must not be read as fact
    "en-firing-for": ("ApiLatencyHigh was firing for 5 min", "firing for 5 min"),
    "en-state-for": ("web-07 was unhealthy for 30 s", "unhealthy for 30 s"),
    "zh-lasted": ("ApiLatencyHigh 告警只持续了 5 分钟", "只持续了 5 分钟"),
    "zh-state": ("web-07 只 unhealthy 了 30 秒", "unhealthy 了 30 秒"),
    "zh-alert-lasted": ("告警 ApiLatencyHigh 持续了 5 分钟", "持续了 5 分钟"),
}
HONEST = {
    "en-condition": "ApiLatencyHigh fired because p99_latency was above 2s for 5 min",
    "en-threshold": "web-07 was marked unhealthy after failed_checks >= 3 over 30 s",
    "en-span": "ApiLatencyHigh fired at 11:05 and resolved at 11:40, 35 minutes later",
    "zh-condition": "ApiLatencyHigh 在 p99_latency > 2s 持续 5 分钟后触发",
    "zh-span": "ApiLatencyHigh 11:05 触发、11:40 恢复，前后 35 分钟",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_conditions_window_put_on_its_event_is_not_traced = CASES.lies_untraced()
test_a_conditions_window_put_on_its_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_condition_restated_or_an_events_own_span_is_traced = CASES.honest_traced()
test_a_condition_restated_or_an_events_own_span_is_a_confirmed_finding = CASES.honest_confirmed()
