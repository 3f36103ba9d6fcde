"""An action left unfinished, aborted or interrupted (未完成, 中止) has not completed: those words
are values of the progress class (app/domain/slots.py, "progress"), with started and in progress,
against completed, finished, succeeded (完成, 结束). A line saying a job completed, of a line saying
it was stopped and left unfinished, keeps every token and every subject term of that line and gives
the outcome it denies.

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence telling it is refused; honest twins (stopped, left unfinished, aborted) are confirmed
findings. With the words out of the class, the lies pass as findings."""

from __future__ import annotations

import pytest

from app.domain import slots
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-04T03:16:40Z ops-log: j.ortiz stopped image-gc on node-7 (systemctl stop); gc left unfinished, 40 of 90 removed",
    "2026-12-04T03:30:00Z backup-runner db-9: nightly dump aborted at 61% (disk full)",
    "2026-12-04T03:45:00Z reindex of table orders on pg-4 interrupted by failover after 12 of 30 indexes"])
ZH = "\n".join([
    "2026-12-04T08:12:00Z 运维操作记录: zhao.lei 停止索引 app-logs 的迁移，迁移未完成，已迁移 5 个分片",
    "2026-12-04T08:30:00Z 备份平台: es-snap-2 快照任务中止，已写入 40%"])

LIES = {  # the claim, and what must not be read as fact
    "en-completed-unfinished": ("The image-gc job completed on node-7 at 03:16", "completed on node-7"),
    "en-finished-aborted": ("The nightly dump on db-9 finished at 03:30", "finished at 03:30"),
    "en-completed-interrupted": ("The reindex of table orders on pg-4 completed at 03:45", "completed at 03:45"),
    "zh-done-unfinished": ("08:12 索引 app-logs 的迁移已完成", "迁移已完成"),
    "zh-done-aborted": ("es-snap-2 快照任务在 08:30 完成", "08:30 完成"),
}
HONEST = {
    "en-left-unfinished": "j.ortiz stopped image-gc on node-7 at 03:16, leaving it unfinished",
    "en-aborted": "The nightly dump on db-9 aborted at 61% at 03:30",
    "en-interrupted": "The reindex of table orders on pg-4 was interrupted by failover",
    "zh-unfinished": "08:12 zhao.lei 停止索引 app-logs 的迁移，迁移未完成",
    "zh-aborted": "es-snap-2 快照任务在 08:30 中止",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_completed_of_an_unfinished_action_is_not_traced = CASES.lies_untraced()
test_an_unfinished_action_told_as_such_is_traced = CASES.honest_traced()
test_completed_of_an_unfinished_action_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_unfinished_action_told_as_such_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_completing_an_unfinished_action_is_refused = CASES.composer_sentences({
    "en": (HONEST["en-left-unfinished"], "The image-gc job completed on node-7 at 03:16.", False),
    "en-honest": (HONEST["en-left-unfinished"], "j.ortiz stopped image-gc on node-7 at 03:16.", True),
    "zh": (HONEST["zh-aborted"], "es-snap-2 快照任务在 08:30 完成。", False),
})


@pytest.mark.parametrize("line", ["left unfinished", "the dump aborted", "was interrupted", "an incomplete run",
                                  "迁移未完成", "任务中止"])
def test_unfinished_is_not_completed(line: str) -> None:
    k = [c.name for c in slots.CLASSES].index("progress")
    assert slots.values(line)[k] == frozenset({0})
