"""A causative verb before a name joins two facts as cause and effect (app/domain/causality.py):
"The lease renew errors made et-01 step down" of a line where et-01 comes before the errors, and
a line of its own where it stepped down, gives a cause the other way round, as "made the timers
expire" does; so do "forced et-01 to step down" and 令 beside 使 and 让 ("租约续期错误令 et-01 退出
leader"). "made" before a count or a common word ("made 3 changes", "made a change") is no
causative; a line telling the two facts without a causal word is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-06-01T09:00:20Z etcd et-01: lost contact with quorum, stepping down as leader\n"
      "2026-06-01T09:01:00Z prometheus: etcd_server_has_leader 0 on et-01 and et-02; "
      "93 lease renew errors in 1 min across 14 kubelets")
ZH = ("2026-06-01 09:00:20 etcd et-01：与多数派失联，退出 leader\n"
      "2026-06-01 09:01:00 prometheus：在 et-01 和 et-02 上 etcd_server_has_leader 为 0；"
      "1 分钟内 14 个 kubelet 共 93 次租约续期错误")

LIES = {  # claim, what must not be read as fact
    "en-made-a-name": ("The lease renew errors made et-01 step down", "made et-01 step down"),
    "en-made-a-name-as": ("The 93 lease renew errors made et-01 step down as leader", "made et-01 step down"),
    "en-makes-a-name": ("Lease renew errors across 14 kubelets make et-01 step down", "make et-01 step down"),
    "en-forced-to": ("The lease renew errors forced et-01 to step down", "forced et-01 to step down"),
    "zh-ling": ("租约续期错误令 et-01 退出 leader", "令 et-01 退出"),
    "zh-ling-counted": ("93 次租约续期错误令 et-01 退出 leader", "令 et-01 退出"),
}
HONEST = {
    "en-in-order": "et-01 stepped down as leader, and 93 lease renew errors followed in 1 min",
    "en-one-line": "et-01 lost contact with quorum, stepping down as leader",
    "en-values": "etcd_server_has_leader was 0 on et-01 and et-02",
    "zh-in-order": "et-01 退出 leader，1 分钟内有 93 次租约续期错误",
    "zh-one-line": "et-01 与多数派失联，退出 leader",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_causative_verb_before_a_name_is_not_traced = CASES.lies_untraced()
test_a_causative_verb_before_a_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_two_facts_without_a_cause_are_traced = CASES.honest_traced()
test_two_facts_without_a_cause_are_a_confirmed_finding = CASES.honest_confirmed()
