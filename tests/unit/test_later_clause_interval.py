"""An "X N later" clause that names something of its own is the later event (``provenance.Items.
spanless``): "ApiLatencyHigh fired at 09:05, and the api-7 readiness probe failed 5 minutes later"
held 5 minutes as the interval of its two lines in either order, the probe's failure at 09:00 being
the earlier. The interval runs from the event of the clauses before it to the clause's own, in the
order of their times; the true order stays traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T09:00:00Z kubelet: api-7 readiness probe failed",
    "2026-03-02T09:05:00Z alertmanager: ApiLatencyHigh firing on api-7",
    "2026-03-02T09:12:00Z kubelet: api-7 container restarted"])
ZH = "\n".join([
    "2026-03-02 09:00:00 kubelet：api-7 就绪探针失败",
    "2026-03-02 09:05:00 alertmanager：api-7 上 ApiLatencyHigh 触发",
    "2026-03-02 09:12:00 kubelet：api-7 容器重启"])

LIES = {
    "en-turned": ("ApiLatencyHigh fired on api-7 at 09:05, and the api-7 readiness probe failed 5 minutes later",
                  "failed 5 minutes later"),
    "en-turned-untimed": ("The api-7 container restarted, and ApiLatencyHigh fired on api-7 7 minutes later",
                          "7 minutes later"),
    "en-turned-wide": ("The api-7 container restarted, and the api-7 readiness probe failed 12 minutes later",
                       "12 minutes later"),
    "zh-turned": ("09:05 api-7 上 ApiLatencyHigh 触发，5 分钟后 api-7 就绪探针失败", "5 分钟后"),
}
HONEST = {
    "en-in-order": "The api-7 readiness probe failed at 09:00, and the api-7 container restarted 12 minutes later",
    "en-next": "ApiLatencyHigh fired on api-7, and the api-7 container restarted 7 minutes later",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_later_clause_before_its_interval_is_not_traced = CASES.lies_untraced()
test_a_later_clause_before_its_interval_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_later_clause_after_its_interval_is_traced = CASES.honest_traced()
test_a_later_clause_after_its_interval_is_confirmed = CASES.honest_confirmed()
