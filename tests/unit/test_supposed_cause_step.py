"""A runbook step that supposes a cause and acts on it is shown as a next step: "若延迟由索引构建引起，
在主节点上 dropIndex 中止构建，之后在维护窗口滚动重建" states no cause (app/domain/vocabulary.py
``asserts_cause_outright``: a clause opened by a word of condition is supposed, not stated), and a
runbook section of several steps is judged, for a cause turned round, sentence by sentence
(app/domain/causality.py ``reversed_cause``: "复制延迟" in step 1 and "索引构建" in step 4 are no cause
given the other way round). The nearest lies stay out: the same step stating the cause outright
(no root cause was confirmed), and the step's cause turned round within its own sentence."""

from __future__ import annotations

import pytest

from tests.unit.factories import run_session
from tests.unit.scripted import labelled_case

DATA = {
    "evidence": {
        "en": ["2026-12-05T10:06:45Z mongod mongo-rs0-3: index build sku_1_ts_-1 started, replication lag up to 220 s"],
        "zh": ["2026-12-05 10:06:45 mongod mongo-rs0-3：开始构建索引 sku_1_ts_-1，复制延迟升至 220 秒"]},
    "runbook": {
        "en": "Replication lag runbook. 1. Check the replication lag of every member with rs.status() on the primary. "
              "2. If the lag is caused by an index build, abort it with dropIndex on the primary, then rebuild it in "
              "a maintenance window. 3. Do not start a large index build while a data node is down for maintenance.",
        "zh": "MongoDB 副本集复制延迟处理手册。1. 先在主节点上用 rs.status() 确认每个成员的状态和复制延迟。2. 若延迟由索引构建引起，"
              "在主节点上 dropIndex 中止构建，之后在维护窗口滚动重建。3. 有数据节点停机维护时，不要在副本集上启动大型索引构建。"},
}
CLAIM = {"en": "At 10:06:45 mongo-rs0-3 started index build sku_1_ts_-1 and replication lag went up to 220 s",
         "zh": "10:06:45 mongo-rs0-3 开始构建索引 sku_1_ts_-1，复制延迟升至 220 秒"}
SHOWN = {
    "en-supposed": ("en", "If the lag is caused by an index build, abort it with dropIndex on the primary, "
                          "then rebuild it in a maintenance window"),
    "zh-supposed": ("zh", "若延迟由索引构建引起，在主节点上 dropIndex 中止构建，之后在维护窗口滚动重建"),
}
NOT_SHOWN = {
    "en-stated": ("en", "Because the index build caused the lag, abort it with dropIndex on the primary"),
    "en-turned": ("en", "If the index build is caused by the lag, abort it with dropIndex on the primary"),
    "zh-stated": ("zh", "由于索引构建导致了延迟，在主节点上 dropIndex 中止构建"),
    "zh-turned": ("zh", "若索引构建由延迟引起，在主节点上 dropIndex 中止构建"),
}


def _answer(lang: str, action: str, verifier: str) -> str:
    case = {"lang": lang, "about": "mongo-rs0-3", "claim": CLAIM[lang], "action": action, "question": ""}
    q, roles = labelled_case(case, DATA, verifier)
    _, _, [answer] = run_session(q, roles=roles)
    assert answer.verdict == "PASS", answer.final_answer
    return answer.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("lang", "action"), SHOWN.values(), ids=SHOWN.keys())
def test_a_runbook_step_supposing_a_cause_is_shown(lang: str, action: str, verifier: str) -> None:
    assert action in _answer(lang, action, verifier)


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("lang", "action"), NOT_SHOWN.values(), ids=NOT_SHOWN.keys())
def test_a_step_stating_or_turning_the_cause_is_not_shown(lang: str, action: str, verifier: str) -> None:
    assert action not in _answer(lang, action, verifier)
