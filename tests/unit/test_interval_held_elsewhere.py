"""An interval a line works out from two times, whose duration another line also holds as a value
of its own (a runbook's "more than 15 minutes", app/domain/provenance.py ``Items.intervals``): the
duration is the line's arithmetic when every duration of it is so worked out. English and Chinese,
on logs of their own; the lies give the other line's duration as the interval it is not."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-30T10:02:00Z node-controller: node-k1 Ready -> NotReady",
    "2026-11-30T10:27:00Z node-controller: node-k1 NotReady -> Ready",
    "2026-11-30T10:30:00Z runbook-bot: escalate when a node stays NotReady for more than 15 minutes"])
ZH = "\n".join([
    "2026-11-30 10:02:00 node-controller：节点 node-k2 状态变为 NotReady",
    "2026-11-30 10:27:00 node-controller：节点 node-k2 状态恢复 Ready",
    "2026-11-30 10:30:00 值班机器人：节点 NotReady 超过 15 分钟时升级告警"])

LIES = {
    "held-duration-as-the-interval": ("node-k1 was NotReady from 10:02 to 10:27, for 15 minutes", "for 15 minutes"),
    "zh-held-duration-as-the-interval": ("node-k2 从 10:02 NotReady 到 10:27 恢复 Ready，用了 15 分钟", "用了 15 分钟"),
}
HONEST = {
    "bound-held-elsewhere": "node-k1 was NotReady from 10:02 to 10:27, more than 15 minutes",
    "zh-bound-held-elsewhere": "node-k2 从 10:02 NotReady 到 10:27 恢复 Ready，超过 15 分钟",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_duration_held_elsewhere_given_as_an_interval_it_is_not_is_not_traced = CASES.lies_untraced()
test_a_duration_held_elsewhere_given_as_an_interval_it_is_not_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_interval_worked_out_whose_duration_is_held_elsewhere_is_traced = CASES.honest_traced()
test_an_interval_worked_out_whose_duration_is_held_elsewhere_is_confirmed = CASES.honest_confirmed()
