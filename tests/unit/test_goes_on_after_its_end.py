"""A thing said to go on after an event that ended it (app/domain/provenance.py ``_ended_by``,
app/domain/persistence.py): "10:38:20 回滚后 ch-02 仍在写入目标中" of "回滚…并把 ch-02 从写入目标中摘除"
has its later clause traced alone to a later line that puts ch-02 back, and the two in order; the
line of the earlier event says the thing was taken out (removed from, 摘除, 移除: words of an end).
With the rule off it was traced. A state turned: kept in its own commit beside 39l's states."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-02-10T10:38:20Z ops-log: w.chen rolled back config to v12 and removed node-7 from pool web-pool",
    "2026-02-10T11:20:00Z ops-log: node-7 added back to pool web-pool after a disk swap"])
ZH = "\n".join([
    "2026-02-10 10:38:20 运维日志：陈伟 把配置回滚到 v12，并把 node-7 从 web-pool 中摘除",
    "2026-02-10 11:20:00 运维日志：更换磁盘后 node-7 重新加入 web-pool"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-still-in-after-the-rollback": ("After the rollback at 10:38:20, node-7 was still in pool web-pool", "still in"),
    "zh-still-in-after-the-rollback": ("10:38:20 回滚后 node-7 仍在 web-pool 中", "仍在"),
    "zh-still-in-after-chen-rolled-back": ("陈伟 回滚配置后 node-7 依然在 web-pool 中", "依然在"),
}, {
    "en-removed": "w.chen removed node-7 from pool web-pool at 10:38:20",
    "en-added-back": "node-7 was added back to pool web-pool at 11:20 after a disk swap",
    "zh-removed": "10:38:20 陈伟 把 node-7 从 web-pool 中摘除",
    "zh-added-back": "11:20 node-7 重新加入 web-pool",
})
test_a_thing_going_on_after_the_event_that_ended_it_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
