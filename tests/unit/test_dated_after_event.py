"""A reading dated by a time the line opens with, after an event ("At 07:52:30, after the revert,
… still 403"): the time dates the main clause, which the word of order puts after its event
(app/domain/chronology.py ``ordered``), and the value is that reading's, not stretched over the
open span from the event (app/domain/windows.py: a dated value is no span's). Still refused: the
value with no time over the span (the window dropped), the reading dated before the event. With
the rules off, the honest claims are refused (read as a windowed value stretched over the span)
and the lies dated before the event are traced (the time read as the event's)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-04T07:15:00Z partner-up: PutObject to s3://drop/ returned 403 AccessDenied 214 times in the last 10 min",
    "2026-10-04T07:30:00Z ops-log: r.kim reverted PR #812; atlantis apply restored kms:Decrypt for role loader",
    "2026-10-04T07:52:30Z partner-up: PutObject to s3://drop/ still 403 AccessDenied, 96 times in the last 10 min"])
ZH = "\n".join([
    "2026-10-05 10:15:00 ingest-svc：写入 ch-07 返回 503，最近 10 分钟 214 次",
    "2026-10-05 10:30:00 运维日志：赵磊 回滚 ingest-svc 配置到 v12",
    "2026-10-05 10:52:30 ingest-svc：写入 ch-07 仍然返回 503，最近 10 分钟 96 次"])

HONEST = {
    "en-dated-reading": "At 07:52:30, after the revert, partner-up's PutObject to s3://drop/ was still getting "
                        "403 AccessDenied",
    "zh-dated-reading": "10:52:30，回滚之后，ingest-svc 写入 ch-07 仍然返回 503",
}
LIES = {
    "en-window-dropped": ("After the revert, partner-up's PutObject to s3://drop/ got 403 AccessDenied 96 times",
                          "96 times"),
    "en-dated-before-the-event": ("At 07:15, after the revert, partner-up's PutObject to s3://drop/ got 403 "
                                  "AccessDenied 214 times", "214 times"),
    "zh-window-dropped": ("回滚之后，ingest-svc 写入 ch-07 返回 503 共 96 次", "96 次"),
    "zh-dated-before-the-event": ("10:15，回滚之后，ingest-svc 写入 ch-07 返回 503", "10:15"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_reading_dated_after_an_event_is_traced = CASES.honest_traced()
test_a_value_over_the_span_or_dated_before_the_event_is_not_traced = CASES.lies_untraced()
test_a_reading_dated_after_an_event_is_a_finding = CASES.honest_confirmed()
test_a_value_over_the_span_or_dated_before_the_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
