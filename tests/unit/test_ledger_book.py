"""The ledger's book: nothing is committed past an unanswered query; stalls and deadlines nudge."""

from __future__ import annotations

from datetime import timedelta

from app.domain.ledger import LedgerBook
from events.models import ExecutorFinished, QueryReceived
from tests.unit.factories import T0

TP = ("gg.query", 0)


def q(sid: str, deadline_s: float = 60) -> QueryReceived:
    return QueryReceived(session_id=sid, query="q?", occurred_at=T0, deadline_s=deadline_s)


def test_offsets_are_committed_only_up_to_the_oldest_unanswered_query() -> None:
    book = LedgerBook(stall_s=5)
    for off, sid in enumerate(["a", "b", "c"]):
        book.on_opener(q(sid), TP, off, mono=0)
    assert book.commit_offsets() == {TP: 0}
    book.on_answer("a")
    assert book.commit_offsets() == {TP: 1}
    book.on_answer("c")
    assert book.commit_offsets() == {TP: 1}
    book.on_answer("b")
    assert book.commit_offsets() == {TP: 3}


def test_a_session_with_no_answer_is_nudged_after_the_stall_time_and_again_after_each() -> None:
    book = LedgerBook(stall_s=5)
    book.on_opener(q("a"), TP, 0, mono=100)
    assert book.due(T0, mono=104) == []
    [n1] = book.due(T0, mono=105)
    assert n1.kind == "stalled" and n1.opener is not None and n1.opener.session_id == "a"
    assert book.due(T0, mono=109) == []
    [n2] = book.due(T0, mono=110)
    assert n2.attempt == 2 and n2.event_id != n1.event_id


def test_past_the_deadline_the_nudge_is_a_deadline_one_at_once() -> None:
    book = LedgerBook(stall_s=30)
    book.on_opener(q("a", deadline_s=3), TP, 0, mono=0)
    [n] = book.due(T0 + timedelta(seconds=3), mono=1)
    assert n.kind == "deadline"


def test_answered_sessions_are_never_nudged_and_not_reopened() -> None:
    book = LedgerBook(stall_s=1)
    book.on_answer("a")
    book.on_opener(q("a"), TP, 0, mono=0)
    assert book.due(T0 + timedelta(hours=1), mono=1000) == []


def test_an_external_executor_result_opens_a_session_too() -> None:
    book = LedgerBook(stall_s=1, default_deadline_s=10)
    ev = ExecutorFinished(session_id="byo", original_query="q?", occurred_at=T0)
    book.on_opener(ev, ("gg.executor-result", 2), 7, mono=0)
    assert book.commit_offsets() == {("gg.executor-result", 2): 7}
    assert [n.kind for n in book.due(T0 + timedelta(seconds=10), mono=0.5)] == ["deadline"]


def test_the_memory_of_answered_sessions_is_bounded() -> None:
    book = LedgerBook(stall_s=1, max_answered=3)
    for sid in "abcde":
        book.on_answer(sid)
    assert list(book.answered) == ["c", "d", "e"]
