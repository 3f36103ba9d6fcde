"""A word of time order after the subject of its clause puts that whole clause second
(app/domain/chronology.py ``ordered``): in "A，B 随后才触发" and "A, B then fired" the clause B opens is
the later side, not the words after the adverb alone. With the rule off, the first side took B's
subject with it ("A，告警 X" first, "才触发" second), so a line putting two events the other way
round from their times was traced clause by clause."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-07-11T09:02:00Z kubelet: pod api-7 on node n-4 OOMKilled, restart count 3",
    "2026-07-11T09:05:30Z alertmanager: alert PodRestartLoop for api-7 fired",
    "2026-07-11T09:12:00Z ops-log: j.kim raised the memory limit of api-7 to 2 GiB"])
ZH = "\n".join([
    "2026-07-11 09:02:00 kubelet：节点 n-4 上的 pod api-7 被 OOMKilled，重启次数 3",
    "2026-07-11 09:05:30 告警 PodRestartLoop 触发：api-7 反复重启",
    "2026-07-11 09:12:00 运维日志：金敏 把 api-7 的内存上限调到 2 GiB"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-raised-then-fired": ("j.kim raised the memory limit of api-7 to 2 GiB, alert PodRestartLoop then fired",
                             "PodRestartLoop then fired"),
    "zh-fired-then-oomkilled": ("告警 PodRestartLoop 先触发，pod api-7 随后才被 OOMKilled", "随后才被 OOMKilled"),
    "zh-raised-then-fired": ("金敏 先把 api-7 的内存上限调到 2 GiB，告警 PodRestartLoop 随后触发", "随后触发"),
}, {
    "en-oomkilled-then-fired": "Pod api-7 was OOMKilled first, alert PodRestartLoop then fired",
    "en-then-first": "Pod api-7 was OOMKilled, then alert PodRestartLoop fired",
    "zh-oomkilled-then-fired": "pod api-7 先被 OOMKilled，告警 PodRestartLoop 随后才触发",
    "zh-then-first": "pod api-7 被 OOMKilled，随后告警 PodRestartLoop 触发",
})
test_a_later_clause_led_by_its_subject_is_the_second_side = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
