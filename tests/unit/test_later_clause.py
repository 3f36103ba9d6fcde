"""A clause ending with a duration and "later" is the later of two events
(app/domain/provenance.py, ``Items.spanless``): "cs-02 stopped for the upgrade at 10:06:40 and autopilot
removed it 25 s later" holds the interval from the stop's line (10:06:40) to the removal's (10:07:05),
as "…，周强 2 分 30 秒后确认" holds it from the alert's line. Another interval, or the two events the
other way round, is not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:06:40Z consul cs-02: agent stopped for upgrade; raft peers 3 (leader cs-01, term 41)\n"
      "2026-12-05T10:07:05Z consul cs-01: autopilot removed dead server cs-02 from the raft configuration\n"
      "2026-12-05T10:09:10Z ops-log: r.haddad stopped cs-03 for upgrade")
ZH = ("2026-12-05 15:45:00 alertmanager：告警 NATConntrackFull 触发，呼叫值班 周强\n"
      "2026-12-05 15:47:30 alertmanager：周强 确认告警 NATConntrackFull")

LIES = {  # claim, what must not be read as fact
    "en-other-interval": ("cs-02 stopped for the upgrade at 10:06:40 and autopilot removed it 40 s later", "40 s"),
    "en-other-order": ("autopilot removed cs-02 at 10:07:05 and the agent stopped for upgrade 25 s later", "25 s"),
    "en-other-event": ("cs-02 stopped for the upgrade at 10:06:40 and r.haddad stopped cs-03 25 s later", "25 s"),
    "zh-other-interval": ("告警 NATConntrackFull 15:45:00 触发，周强 3 分钟后确认", "3 分钟"),
}
HONEST = {
    "en-later": "cs-02 stopped for the upgrade at 10:06:40 and autopilot removed it 25 s later",
    "en-later-comma": "cs-02 stopped for the upgrade at 10:06:40, and autopilot removed it 25 s later",
    "en-later-minutes": "autopilot removed cs-02 at 10:07:05 and r.haddad stopped cs-03 about 2 minutes later",
    "zh-hou": "告警 NATConntrackFull 15:45:00 触发，周强 2 分 30 秒后确认",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_another_interval_or_order_is_not_traced = CASES.lies_untraced()
test_another_interval_or_order_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_interval_to_a_later_clause_is_traced = CASES.honest_traced()
test_the_interval_to_a_later_clause_is_a_confirmed_finding = CASES.honest_confirmed()
