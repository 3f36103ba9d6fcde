"""A session's language is decided once (``app.domain.language``), from the setting, the client's
field and the question, and every line of its answer follows it: templates, gap prefixes, the
searched lines' status, fixed notes, and the answers the fold writes itself."""

from __future__ import annotations

from datetime import timedelta

import pytest

from app.domain.language import session_language
from app.domain.material import GAP_PREFIX
from app.domain.rounds import material
from app.domain.session import evolve
from app.domain.templates import DEGRADED_HEAD, DISCLAIMER, LABELS, SEARCH_STATUS
from events.models import QueryReceived, WatchdogFired
from tests.unit.factories import T0, run_session
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with
from tests.unit.test_safety_net import ENOSPC, LOG, Q

ZH_QUESTION = "为什么 ingest-node-03 的磁盘满了？"


@pytest.mark.parametrize(("setting", "requested", "question", "lang"), [
    ("auto", None, Q, "en"), ("auto", None, ZH_QUESTION, "zh"), ("auto", "zh", Q, "zh"), ("auto", "en", ZH_QUESTION, "en"),
    ("en", "zh", ZH_QUESTION, "en"), ("zh", None, Q, "zh"), ("zh", "en", Q, "zh")],
    ids=["question-en", "question-zh", "field-over-question", "field-en", "setting-over-all", "setting-zh",
         "setting-over-field"])
def test_the_setting_wins_then_the_clients_field_then_the_question(setting: str, requested: str | None,
                                                                    question: str, lang: str) -> None:
    assert session_language(setting, requested, question) == lang  # type: ignore[arg-type]


def weak_session_roles():  # noqa: ANN201
    """Round 1 confirms one claim, leaves two gaps and a failed search; round 2 finds nothing."""
    r1 = ([inv("i1", LOG), inv("i2", tool="kb_search", query="logrotate retention", success=False, error="timeout")],
          output(claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped on Monday"),
                                   claim("c3", "the retention job was disabled")))
    return roles_with("offline", ScriptedExecutor({1: r1}))


def test_a_client_asking_for_chinese_on_an_english_question_gets_every_line_in_chinese() -> None:
    _, state, [answer] = run_session(Q, roles=weak_session_roles(), language="zh")
    assert state.language == "zh"
    text = answer.final_answer
    assert text.startswith(DISCLAIMER["zh"])
    assert GAP_PREFIX["zh"] in text and GAP_PREFIX["en"] not in text
    assert all(label not in text for label in LABELS["en"].values())
    m = material(state)  # what the Composer is given: its failed-search lines too
    assert m is not None and m.language == "zh"
    assert m.searched == [f"kb_search (query=logrotate retention): {SEARCH_STATUS['zh'][True]}"]


def test_without_a_field_the_question_decides() -> None:
    _, _, [answer] = run_session(Q, roles=weak_session_roles())
    assert answer.final_answer.startswith(DISCLAIMER["en"]) and GAP_PREFIX["en"] in answer.final_answer


def test_the_answers_the_fold_writes_itself_follow_the_setting() -> None:
    query = QueryReceived(session_id="s-1", query=Q, occurred_at=T0)
    late = WatchdogFired(session_id="s-1", kind="deadline", occurred_at=T0 + timedelta(minutes=2))
    for setting, head in (("auto", DEGRADED_HEAD["en"]), ("zh", DEGRADED_HEAD["zh"])):
        state = evolve(evolve(None, query, language=setting), late, language=setting)  # type: ignore[arg-type]
        assert state.answer is not None and state.answer.final_answer.startswith(head)
