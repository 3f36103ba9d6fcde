"""A runbook tells what to do, not the state of any thing (app/domain/binding.py,
``state_elsewhere``): "The replica CPU alert MySQLReplicaCPUHigh fired at 08:12:30" restates its
dated alert line, which names no role, and the runbook cited with it ("Do not add read replicas")
names one; that is no replica's state put here. Of a dated item, only another dated item gives a
state: a state a dated line gives another alert ("DiskFull … resolved") is still not this alert's."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T08:12:30Z alertmanager: alert MySQLReplicaCPUHigh firing for db-ro-01 and db-ro-02 (cpu > 90%),"
    " severity critical",
    "2026-12-05T08:14:00Z alertmanager: alert ReplicaLagHigh for db-ro-01, severity critical, paged on-call r.abara",
    "2026-12-05T08:20:00Z alertmanager: alert DiskFull for db-ro-02 resolved",
    "Runbook. 1. Do not add read replicas or raise max_connections on MySQL during the incident."])
ZH = "\n".join([
    "2026-12-05 08:12:30 alertmanager：告警 MySQLReplicaCPUHigh 触发，db-ro-01 与 db-ro-02 CPU 超过 90%，级别 critical",
    "2026-12-05 08:20:00 alertmanager：告警 DiskFull 恢复",
    "处理手册。1. 事件期间不要给 MySQL 增加副本，也不要调大 max_connections。"])

LIES = {
    "en-state-of-another-dated-alert": ("Alert ReplicaLagHigh for db-ro-01 was resolved", "was resolved"),
    "zh-state-of-another-dated-alert": ("告警 MySQLReplicaCPUHigh 在 08:12:30 已恢复", "已恢复"),
}
HONEST = {
    "en-role-the-runbook-names": "The replica CPU alert MySQLReplicaCPUHigh fired at 08:12:30 for db-ro-01 and"
                                 " db-ro-02, severity critical",
    "zh-role-the-runbook-names": "副本 CPU 告警 MySQLReplicaCPUHigh 在 08:12:30 触发，级别 critical",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_state_another_dated_item_gives_is_not_traced = CASES.lies_untraced()
test_a_state_another_dated_item_gives_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_word_only_a_runbook_holds_is_no_state_of_another_item = CASES.honest_traced()
test_a_word_only_a_runbook_holds_is_a_finding = CASES.honest_confirmed()
