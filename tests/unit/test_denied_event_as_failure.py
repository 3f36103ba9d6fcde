"""A denied event is the failure its line tells (app/domain/outcome.py ``failure_read``): "r2291
did not apply on bt-worker-03 and bt-worker-15" restates "r2291 applied on 14 of 16 hosts;
bt-worker-03 and bt-worker-15 failed": the names it denies the event of are named only in a part
of the line telling a failure, so its negation is that failure, not a flip (the Gatekeeper called
it contradicted: REJECT). The nearest lies keep their verdict: the event denied of names the line
says it succeeded on ("did not apply on 14 of 16 hosts") or OK, of a name the line does not give
a failure, and a denied failure ("did not fail"). The Gatekeeper judges polarity against the line a
claim restates, so the lies are checked in the answer, not in the trace alone."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-18T02:05:00Z puppet: r2291 applied on 14 of 16 batch-tier hosts; "
    "bt-worker-03 and bt-worker-15 failed (agent run locked)",
    "2026-11-18T02:10:00Z puppet: r2290 applied on bt-worker-07; bt-worker-09 OK"])
ZH = "\n".join([
    "2026-11-18 02:05:00 puppet：r2291 已在 16 台 batch-tier 主机中的 14 台上应用；bt-worker-03 和 bt-worker-15 应用失败（agent 运行被锁）",
    "2026-11-18 02:10:00 puppet：r2290 已在 bt-worker-07 上应用；bt-worker-09 正常"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-succeeded-hosts": ("r2291 did not apply on 14 of 16 batch-tier hosts", "did not apply on 14"),
    "en-other-host": ("r2290 did not apply on bt-worker-07", "did not apply on bt-worker-07"),
    "en-denied-failure": ("r2291 did not fail on bt-worker-03 and bt-worker-15", "did not fail"),
    "en-ok-host": ("r2290 did not apply on bt-worker-09", "did not apply on bt-worker-09"),
    "zh-denied-failure": ("bt-worker-03 和 bt-worker-15 没有应用失败", "没有应用失败"),
}, {
    "en-did-not-apply": "r2291 did not apply on bt-worker-03 and bt-worker-15, whose agent runs were locked",
    "en-not-applied": "r2291 was not applied on bt-worker-03 and bt-worker-15",
    "en-failed": "r2291 failed on bt-worker-03 and bt-worker-15 (agent run locked)",
    "zh-not-applied": "r2291 没有在 bt-worker-03 和 bt-worker-15 上应用，agent 运行被锁",
    "zh-failed": "r2291 在 bt-worker-03 和 bt-worker-15 上应用失败",
})
test_a_denied_event_the_line_tells_otherwise_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_denied_event_its_line_says_failed_is_traced = CASES.honest_traced()
test_a_denied_event_its_line_says_failed_is_a_confirmed_finding = CASES.honest_confirmed()
