"""A frequency of none (从未, 从来, 从没, never: "at no time ever") is of the class of words of time
and extent (app/domain/extent.py, as 一直 and 始终 are): a line saying it of what its item denies at
one occasion ("backup-sync 的清理钩子从未执行过" of "02:00 实例 … 清理钩子未执行", "rpt-10 was never
drained" of "rpt-10 not yet drained") widens one denied occasion (or one bounded by its time) to
every one, and a line saying it of what its item tells ("rpt-09 never logged exit 124") denies it
at every time. With the words out of the class every lie here is traced; the occasion told as its
item tells it keeps its verdict, and so does an English "never" its readings witness (the denial
rules read it without its negators)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-06T09:00:00Z prometheus: heap used app-1 48%, app-2 81%",
    "2026-11-06T10:00:00Z prometheus: heap used app-1 40%, app-2 74%",
    "2026-11-06T10:05:00Z backup-sync on rpt-09: 10:00 run killed by timeout (exit 124), cleanup hook not run",
    "2026-11-06T10:20:00Z ops-log: j.ortiz disabled backup-sync on rpt-09; rpt-10 not yet drained",
])
ZH = "\n".join([
    "2026-11-06 02:20:00 rpt-09：backup-sync 02:00 实例被 timeout 终止（exit 124），清理钩子未执行，留下 3 万个临时文件",
    "2026-11-06 03:00:00 cron rpt-09：backup-sync 03:00 实例启动时 02:00 实例仍在运行",
    "2026-11-06 03:20:00 运维记录：j.ortiz 停用 rpt-09 上的 backup-sync；rpt-10 尚未排空",
])

LIES = {
    "zh-never": ("rpt-09 上 backup-sync 的清理钩子从未执行过", "从未执行过"),
    "zh-never-ever": ("backup-sync 的清理钩子从来没有执行", "从来没有执行"),
    "zh-never-once": ("backup-sync 的清理钩子从没执行过", "从没执行过"),
    "zh-never-would": ("backup-sync 实例从来不会被 timeout 终止", "从来不会"),
    "zh-not-yet-as-never": ("rpt-10 从未排空", "从未排空"),
    "en-always": ("The backup-sync cleanup hook on rpt-09 always failed to run", "always failed"),
    "en-never-run": ("The backup-sync cleanup hook on rpt-09 never ran", "never ran"),
    "en-never-was-run": ("The cleanup hook of backup-sync was never run", "never run"),
    "en-not-yet-as-never": ("rpt-10 was never drained", "never drained"),
    "en-never-logged-its-event": ("backup-sync on rpt-09 never logged exit 124", "never logged exit 124"),
}
HONEST = {
    "zh-the-occasion": "rpt-09 上 backup-sync 02:00 实例的清理钩子未执行",
    "zh-the-occasion-reworded": "backup-sync 02:00 实例被 timeout 终止，清理钩子没有执行",
    "en-the-occasion": "The cleanup hook of the 10:00 backup-sync run on rpt-09 was not run",
    "en-never-witnessed": "app-1 heap never reached 50% in either reading (48% at 09:00, 40% at 10:00)",
    "en-not-yet": "At 10:20 rpt-10 was not yet drained",
    "zh-not-yet": "03:20 rpt-10 尚未排空",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_never_over_one_denied_occasion_is_not_traced = CASES.lies_untraced()
test_never_over_one_denied_occasion_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_occasion_as_told_is_traced = CASES.honest_traced()
test_the_occasion_as_told_is_confirmed = CASES.honest_confirmed()
