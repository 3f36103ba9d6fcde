"""An event its line tells as still to come, a task assigned to someone, due by a date, scheduled or
planned for one (指派给, 截止 2026-12-09, 计划, 排期), is not done: "to come" is a value of the progress
class (app/domain/slots.py, "progress"), beside started and completed. "a.chen completed review
RV-88" of "review RV-88 … assigned to a.chen, due 2026-12-09" (fresh27: "m.okafor completed
postmortem PM-219" of "postmortem PM-219 assigned to m.okafor, due 2026-12-10") tells the task
given out as done, and "started" it as begun; the line told as given out, with its date, stays
traced. With the value off (its spellings matching nothing) the lies are traced."""

from __future__ import annotations

import pytest

from app.domain import slots
from tests.unit.rule_cases import RuleCases, by_language, traced_without

EN = ("2026-12-05T10:00:00Z jira: review RV-88 of the ingress config assigned to a.chen, due 2026-12-09; "
      "INC-77 resolved by a.chen")
ZH = ("2026-12-05 10:00:00 复盘记录：事件 INC-77 已解决；复盘 PM-31 指派给 王磊，截止 2026-12-09\n"
      "2026-12-05 11:00:00 运维记录：edge-7 证书轮换排期在 12 月 8 日")

LIES = {  # claim, what must not be read as fact
    "en-completed": ("a.chen completed review RV-88 of the ingress config on 2026-12-09", "completed review"),
    "en-finished": ("Review RV-88 of the ingress config was finished by a.chen", "was finished"),
    "en-started": ("a.chen started review RV-88 of the ingress config", "started review"),
    "zh-completed": ("王磊 已完成复盘 PM-31", "已完成复盘"),
    "zh-scheduled-done": ("edge-7 证书轮换在 12 月 8 日完成", "完成"),
}
HONEST = {
    "en-assigned": "Review RV-88 of the ingress config was assigned to a.chen, due 2026-12-09",
    "en-resolved": "INC-77 was resolved by a.chen",
    "zh-assigned": "复盘 PM-31 指派给 王磊，截止 2026-12-09",
    "zh-scheduled": "edge-7 证书轮换排期在 12 月 8 日",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_task_to_come_told_done_is_not_traced = CASES.lies_untraced()
test_a_task_to_come_told_done_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_task_told_as_to_come_is_traced = CASES.honest_traced()
test_a_task_told_as_to_come_is_confirmed = CASES.honest_confirmed()


@pytest.mark.parametrize(("line", "item", "other"), [
    ("the postmortem was completed", "postmortem PM-2 assigned to j.k, due 2026-12-10", "progress"),
    ("the drill started", "drill FD-3 scheduled for 2026-12-12", "progress"),
    ("the drill is scheduled for 2026-12-12", "drill FD-3 scheduled for 2026-12-12", None),
    ("复盘已完成", "复盘 PM-2 指派给 王磊，截止 2026-12-10", "progress"),
    ("升级开始", "升级计划 12 月 3 日执行", "progress"),
    ("升级开始", "按计划开始升级", None),  # 按计划: as planned, done
    ("the job failed, due to a timeout", "job failed due to a timeout", None),  # due to: a cause
], ids=["en-assigned", "en-scheduled", "en-same", "zh-assigned", "zh-planned", "zh-as-planned", "en-due-to"])
def test_to_come_is_a_progress_value(line: str, item: str, other: str | None) -> None:
    assert slots.other_value(line, item) == other


def test_the_lies_need_the_value(monkeypatch: pytest.MonkeyPatch) -> None:
    assert traced_without("progress", [text for text, _ in LIES.values()], by_language(EN, ZH), monkeypatch, {2})
