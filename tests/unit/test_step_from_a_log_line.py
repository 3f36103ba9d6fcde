"""A next step traced only to lines of the log (events, dated: no runbook step) gives what to do in
its instruction; where no item holds that instruction ("更换 db-bill-04 的 BBU 电池" of a line telling
the BBU's learn cycle; "Replace controller c0 of db-7" of "BBU battery learn cycle started on controller c0 of
db-7"), the step is the action's own and is not shown (``provenance.acts_on_held``). A step a
runbook gives, or one whose instruction a line holds ("restart" of "restarted"), is shown. With the
rule off, the invented steps are held."""

from __future__ import annotations

import pytest

from app.domain import provenance

EN = [
    "2026-10-17T10:00:00Z cron raid-maint: BBU battery learn cycle started on controller c0 of db-7",
    "2026-10-17T10:05:00Z ops-log: restarted pgbouncer on db-7",
    "Runbook. 1. Postpone bulk writes on db-7 until the learn cycle ends.",
]
ZH = [
    "2026-10-18 10:00:00 cron raid-maint：按计划触发 db-8 控制器 c0 的 BBU 电池学习周期",
    "2026-10-18 10:05:00 运维日志：重启 db-8 上的 pgbouncer",
    "手册：1. 学习周期期间推迟 db-8 的大批量写任务。",
]

INVENTED = {
    "en-replace": ("Replace controller c0 of db-7", EN),
    "en-swap": ("Swap controller c0 of db-7", EN),
    "zh-replace": ("更换 db-8 的 BBU 电池", ZH),
    "zh-swap": ("拆换 db-8 的控制器 c0", ZH),
}
GIVEN = {
    "en-runbook": ("Postpone bulk writes on db-7 until the learn cycle ends", EN),
    "en-held-verb": ("restarted pgbouncer on db-7", EN),
    "zh-runbook": ("推迟 db-8 的大批量写任务", ZH),
    "zh-held-verb": ("重启 db-8 上的 pgbouncer", ZH),
}


@pytest.mark.parametrize(("action", "lines"), INVENTED.values(), ids=INVENTED.keys())
def test_an_instruction_no_item_gives_on_a_log_line_is_not_held(action: str, lines: list[str]) -> None:
    items = provenance.Items(lines)
    assert items.untraced(action) is None  # every word but the instruction is the log line's
    assert not provenance.acts_on_held(action, items)


@pytest.mark.parametrize(("action", "lines"), GIVEN.values(), ids=GIVEN.keys())
def test_a_step_a_runbook_or_a_line_gives_is_held(action: str, lines: list[str]) -> None:
    items = provenance.Items(lines)
    assert items.untraced(action) is None
    assert provenance.acts_on_held(action, items)
