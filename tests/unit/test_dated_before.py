""""before" and 之前 dating an event (app/domain/roles.py): "ran for 600500 milliseconds before
timing out", "在超时之前运行了 600500 毫秒" give the value that ran until the event, not a baseline
its restatement may not give as measured. English and Chinese, on logs of their own; the lies give
as measured a value the line keeps as what came before ("95 ms before the deploy", "之前 95 ms")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-30T09:10:00Z trainer rank 2: [watchdog] Timeout at work 8812, ran for 600500 milliseconds before timing out",
    "2026-11-30T09:20:00Z api-gw: p99 840 ms, 95 ms before the deploy"])
ZH = "\n".join([
    "2026-11-30 09:10:00 trainer rank 2：[watchdog] 在超时之前运行了 600500 毫秒",
    "2026-11-30 09:20:00 api-gw：p99 840 ms，之前 95 ms"])

LIES = {
    "baseline-as-measured": ("The api-gw p99 was 95 ms", "was 95 ms"),
    "zh-baseline-as-measured": ("api-gw 的 p99 为 95 ms", "为 95 ms"),
}
HONEST = {
    "ran-until-the-event": "The rank 2 watchdog waited 600500 milliseconds",
    "zh-ran-until-the-event": "rank 2 的 watchdog 等了 600500 毫秒",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_baseline_given_as_measured_is_not_traced = CASES.lies_untraced()
test_a_baseline_given_as_measured_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_dated_by_before_its_event_is_traced = CASES.honest_traced()
test_a_value_dated_by_before_its_event_is_confirmed = CASES.honest_confirmed()
