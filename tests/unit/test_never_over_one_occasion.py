"""A frequency of none (从未, 从来, 从没: "at no time ever") is of the class of words of time and
extent (app/domain/extent.py, as 一直 and 始终 are): a line saying it of what its item denies at one
occasion ("backup-sync 的清理钩子从未执行过" of "02:00 实例 … 清理钩子未执行") widens one denied run
to every one. With the three words out of the class every Chinese lie here is traced; the
occasion told as its item tells it keeps its verdict, and so does an English "never" its readings
witness (English "never" is the negator the denial rules read, and stays out of the class)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-06T09:00:00Z prometheus: heap used app-1 48%, app-2 81%",
    "2026-11-06T10:00:00Z prometheus: heap used app-1 40%, app-2 74%",
    "2026-11-06T10:05:00Z backup-sync on rpt-09: 10:00 run killed by timeout (exit 124), cleanup hook not run",
])
ZH = "\n".join([
    "2026-11-06 02:20:00 rpt-09：backup-sync 02:00 实例被 timeout 终止（exit 124），清理钩子未执行，留下 3 万个临时文件",
    "2026-11-06 03:00:00 cron rpt-09：backup-sync 03:00 实例启动时 02:00 实例仍在运行",
])

LIES = {
    "zh-never": ("rpt-09 上 backup-sync 的清理钩子从未执行过", "从未执行过"),
    "zh-never-ever": ("backup-sync 的清理钩子从来没有执行", "从来没有执行"),
    "zh-never-once": ("backup-sync 的清理钩子从没执行过", "从没执行过"),
    "zh-never-would": ("backup-sync 实例从来不会被 timeout 终止", "从来不会"),
    "en-always": ("The backup-sync cleanup hook on rpt-09 always failed to run", "always failed"),
}
HONEST = {
    "zh-the-occasion": "rpt-09 上 backup-sync 02:00 实例的清理钩子未执行",
    "zh-the-occasion-reworded": "backup-sync 02:00 实例被 timeout 终止，清理钩子没有执行",
    "en-the-occasion": "The cleanup hook of the 10:00 backup-sync run on rpt-09 was not run",
    "en-never-witnessed": "app-1 heap never reached 50% in either reading (48% at 09:00, 40% at 10:00)",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_never_over_one_denied_occasion_is_not_traced = CASES.lies_untraced()
test_never_over_one_denied_occasion_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_occasion_as_told_is_traced = CASES.honest_traced()
test_the_occasion_as_told_is_confirmed = CASES.honest_confirmed()
