"""The progress of an action is a closed class (app/domain/slots.py, "progress"): started,
initiated, began, in progress (开始, 发起, 进行中, 未完成) against completed, finished, succeeded
(完成, 结束, 成功). A line saying an action completed where its line says only that it started (or
the other way round) is not traced, and is not read as fact with a trusting Verifier, the offline
engine or a lying Composer; the same progress in other words is. With the class off, the
"completed for started" lies pass as findings."""

from __future__ import annotations

import pytest

from app.domain import provenance, slots
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "\n".join([
    "2026-10-02T09:14:05Z spinnaker: failover of app billing-gw to region us-east-2 started by r.ndiaye",
    "2026-10-02T09:40:51Z spinnaker: resize of volume vol-88c1 to 400 GiB completed by r.ndiaye",
    "2026-10-02T09:41:30Z pg-archive-3: reindex of table invoices in progress, 41 of 96 indexes rebuilt"])
ZH = "\n".join([
    "2026-10-03T22:05:10Z 变更平台: wu.lei 发起 inventory-svc 回滚到版本 r7731",
    "2026-10-03T22:30:44Z 变更平台: es-logs-5 分片迁移完成，共 112 个分片"])

LIES = {
    "en-completed-for-started": "r.ndiaye's failover of billing-gw to us-east-2 completed at 09:14",
    "en-finished-for-started": "The failover of app billing-gw to region us-east-2 finished (r.ndiaye)",
    "en-started-for-completed": "r.ndiaye started the resize of volume vol-88c1 to 400 GiB at 09:40",
    "en-done-for-in-progress": "pg-archive-3 completed the reindex of table invoices: 41 of 96 indexes rebuilt",
    "zh-done-for-started": "wu.lei 完成了 inventory-svc 回滚到版本 r7731",
    "zh-started-for-done": "es-logs-5 分片迁移开始，共 112 个分片",
}
SAME = {
    "en-initiated": "r.ndiaye initiated the failover of app billing-gw to region us-east-2",
    "en-not-yet-done": "The failover of billing-gw to us-east-2 was started by r.ndiaye and had not completed",
    "en-finished": "The resize of volume vol-88c1 to 400 GiB finished (r.ndiaye)",
    "zh-started": "wu.lei 开始把 inventory-svc 回滚到版本 r7731",
    "zh-ended": "es-logs-5 分片迁移结束，共 112 个分片",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("line", "item", "other"), [
    ("the rollback completed", "rollback started by m.k", "progress"),
    ("the rollback was initiated", "rollback finished", "progress"),
    ("the rollback has not yet completed", "rollback started", None),  # not completed: still going
    ("回滚完成", "发起回滚", "progress"),
    ("回滚尚未完成", "回滚开始", None),
    ("the rollback completed", "rollback of app x to r2", None),  # the item gives no progress
], ids=["en-done-for-started", "en-started-for-done", "en-not-done", "zh-done-for-started", "zh-not-done",
        "item-silent"])
def test_progress_is_the_items(line: str, item: str, other: str | None) -> None:
    assert slots.other_value(line, item) == other


@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_another_progress_is_not_traced(text: str) -> None:
    assert provenance.Items(_log(text).splitlines()).untraced(text) is not None


CASES = RuleCases(_log, {}, SAME)

test_the_same_progress_in_other_words_is_traced = CASES.honest_traced()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_a_claim_of_another_progress_is_not_read_as_fact(text: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert not read_as_fact(text, a.final_answer), a.final_answer


test_a_composer_sentence_of_another_progress_is_refused = CASES.composer_sentences({
    "en-completed": (SAME["en-initiated"], "The failover of billing-gw to us-east-2 has completed.", False),
    "zh-completed": (SAME["zh-started"], "inventory-svc 回滚到版本 r7731 已完成。", False),
    "en-honest": (SAME["en-initiated"], "The failover of billing-gw to us-east-2 was started by r.ndiaye.", True),
})
