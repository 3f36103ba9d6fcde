"""A duration written after the 后 that closes its event ("刘洋 在告警 触发后 6 分 40 秒确认") is
the interval from that event to the verb after it, as "触发 6 分 40 秒后确认" is
(``Items.untraced``): the 后 spelled out as 之后 (``app.domain.postposition``) must not hide the
interval, which is then judged as the line's interval (``Items.intervals``), the duration worked
out from the two events' times. With the rule off the honest line is judged with its duration in
seconds ("400 秒"), which no line holds, and refused. A duration the two times do not give, or a
hedged one beyond its rounding, stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-24T10:12:00Z alertmanager: alert PgCommitLatencyHigh firing for db-bill-04, paged on-call l.yang",
    "2026-11-24T10:18:40Z alertmanager: PgCommitLatencyHigh acknowledged by l.yang",
])
ZH = "\n".join([
    "2026-11-24 10:12:00 告警 PgCommitLatencyHigh 触发（db-bill-04），通知值班 刘洋",
    "2026-11-24 10:18:40 刘洋 确认告警 PgCommitLatencyHigh",
])

HONEST = {
    "zh-after-the-event-word": "刘洋 在告警 PgCommitLatencyHigh 触发后 6 分 40 秒确认",
    "zh-hedged": "刘洋 在告警 PgCommitLatencyHigh 触发后约 7 分钟确认",
    "en-after": "l.yang acknowledged PgCommitLatencyHigh 6 min 40 s after it fired",
}
LIES = {
    "zh-another-interval": ("刘洋 在告警 PgCommitLatencyHigh 触发后 7 分 40 秒确认", "7 分 40 秒"),
    "zh-beyond-the-hedge": ("刘洋 在告警 PgCommitLatencyHigh 触发后约 9 分钟确认", "9 分钟"),
    "en-another-interval": ("l.yang acknowledged PgCommitLatencyHigh 7 min 40 s after it fired", "7 min 40 s"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_interval_after_its_event_word_is_traced = CASES.honest_traced()
test_an_interval_after_its_event_word_is_confirmed = CASES.honest_confirmed()
test_another_interval_is_not_traced = CASES.lies_untraced()
test_another_interval_is_not_read_as_fact = CASES.lies_not_read_as_fact()
