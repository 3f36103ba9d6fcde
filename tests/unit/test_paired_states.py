"""Two names of a line each given the word its item gives the other (app/domain/paired.py): each
clause read alone is true of some name of the item, the whole line exchanges their states. English
and Chinese, on logs of their own, with honest twins giving each name its own state in other words
or order. A clause of a lie may also be an earlier line's ("node-a7 NotReady"): the line is read
of the item its clauses share."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-30T04:02:00Z kube-ctl: node-a7 Ready -> NotReady: kubelet stopped posting status",
    "2026-11-30T04:12:00Z kube-ctl: since 04:00:00 node-a7 restarted 3 times and node-b3 once; now node-a7 Ready, node-b3 NotReady",
    "2026-11-30T04:20:00Z patroni: after failover pg-db-2 is leader, pg-db-1 replica"])
ZH = "\n".join([
    "2026-11-30T06:02:00Z 监控: node-c4 由 Ready 变为 NotReady,kubelet 停止上报",
    "2026-11-30T06:12:00Z 监控: 自 06:00:00 起 node-c4 重启 2 次; 现在 node-c4 为 Ready,node-d9 为 NotReady",
    "2026-11-30T06:20:00Z patroni: 切换后 pg-db-5 为 leader,pg-db-6 为 replica"])

LIES = {
    "states": ("At 04:12:00 node-b3 was Ready and node-a7 NotReady", "node-b3 was Ready"),
    "states-other-order": ("At 04:12:00 node-a7 was NotReady while node-b3 was Ready", "node-b3 was Ready"),
    "roles": ("After failover pg-db-1 is leader and pg-db-2 replica", "pg-db-1 is leader"),
    "zh-states": ("06:12:00 时 node-d9 为 Ready,node-c4 为 NotReady", "node-d9 为 Ready"),
    "zh-roles": ("切换后 pg-db-6 是 leader,而 pg-db-5 是 replica", "pg-db-6 是 leader"),
}
HONEST = {
    "states": "At 04:12:00 node-a7 was Ready and node-b3 NotReady",
    "states-other-order": "At 04:12:00 node-b3 was NotReady while node-a7 was Ready",
    "roles": "After failover pg-db-2 is leader and pg-db-1 replica",
    "zh-states": "06:12:00 时 node-d9 为 NotReady,node-c4 为 Ready",
    "zh-roles": "切换后 pg-db-5 是 leader,而 pg-db-6 是 replica",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_two_names_given_each_others_state_are_not_traced = CASES.lies_untraced()
test_two_names_given_each_others_state_are_not_read_as_fact = CASES.lies_not_read_as_fact()
test_two_names_given_their_own_states_are_traced = CASES.honest_traced()
test_two_names_given_their_own_states_are_confirmed = CASES.honest_confirmed()
