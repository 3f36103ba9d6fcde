"""An interval that opens a clause with its 后 before the agent of the later event ("告警呼叫了值班
陈晓，2 分 40 秒后由 刘洋 确认") is worked out from the two events the clauses tell
(app/domain/provenance.py, ``spanless``): the clause the duration leaves ("之后 由 刘洋 确认") is the
later event and stays, so the interval runs from the page to the acknowledgement. Another interval,
or the later event given to another person, is still a value no item holds."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T08:12:30Z alertmanager: alert MySQLReplicaCPUHigh firing, severity critical, paged on-call r.abara",
    "2026-12-05T08:15:05Z alertmanager: MySQLReplicaCPUHigh acknowledged by s.mbeki"])
ZH = "\n".join([
    "2026-12-05 15:08:00 告警：PayGatewayHealthyHostsZero 触发，级别 P1，呼叫值班 陈晓",
    "2026-12-05 15:10:40 告警 PayGatewayHealthyHostsZero 由 刘洋 确认"])

LIES = {
    "en-other-interval": ("The alert paged on-call r.abara, and s.mbeki acknowledged it 4 min 35 s later",
                          "4 min 35 s"),
    "zh-other-interval": ("告警呼叫了值班 陈晓，2 分 30 秒后由 刘洋 确认", "2 分 30 秒"),
    "zh-other-person": ("告警呼叫了值班 陈晓，2 分 40 秒后由 陈晓 确认", "由 陈晓 确认"),
}
HONEST = {
    "en-interval": "The alert paged on-call r.abara, and s.mbeki acknowledged it 2 min 35 s later",
    "zh-interval-before-the-agent": "告警呼叫了值班 陈晓，2 分 40 秒后由 刘洋 确认",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_interval_the_times_do_not_give_is_not_traced = CASES.lies_untraced()
test_an_interval_the_times_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_interval_before_the_later_events_agent_is_traced = CASES.honest_traced()
test_an_interval_before_the_later_events_agent_is_a_finding = CASES.honest_confirmed()
