"""The ledger's book: stall means no progress, a live worker's stage is never re-driven, a dead
one's is taken over at once, deadlines nudge, nothing is committed past an open session."""

from __future__ import annotations

from datetime import timedelta

from app.domain.ledger import ORPHAN_GRACE_S, REGROUP_S, LedgerBook
from events.models import ExecutorFinished, QueryReceived, SessionExpired, StageStarted, WatchdogFired, WorkerBeat
from tests.unit.factories import T0

Q = ("gg.query", 0)
EX = ("gg.executor-result", 0)
CTL = ("gg.control", 0)
ANS = ("gg.composed-answer", 0)


def q(sid: str, deadline_s: float = 600) -> QueryReceived:
    return QueryReceived(session_id=sid, query="q?", occurred_at=T0, deadline_s=deadline_s)


def lease(sid: str, stage: str = "investigate", inc: str = "inc-1", worker: str = "w1", round_: int = 1,
          until_s: float = 600) -> StageStarted:
    return StageStarted(session_id=sid, round=round_, occurred_at=T0, stage=stage, worker_id=worker,  # type: ignore[arg-type]
                        incarnation=inc, lease_until=T0 + timedelta(seconds=until_s))


def beat(inc: str = "inc-1", worker: str = "w1", state: str = "alive") -> WorkerBeat:
    return WorkerBeat(worker_id=worker, incarnation=inc, state=state, at=T0)  # type: ignore[arg-type]


def nudges(book: LedgerBook, mono: float, after_s: float = 1) -> list[str]:
    return [e.kind for e in book.due(T0 + timedelta(seconds=after_s), mono) if isinstance(e, WatchdogFired)]


def test_offsets_are_committed_only_up_to_the_first_record_of_an_open_session() -> None:
    book = LedgerBook(stall_s=5)
    for off, sid in enumerate(["a", "b", "c"]):
        book.on_opener(q(sid), Q, off, mono=0)
    book.on_progress("b", "RetryRequested", 2, CTL, 40, mono=0)
    assert book.commit_offsets() == {Q: 0, CTL: 40}
    book.on_answer("a", T0, ANS, 7)
    assert book.commit_offsets() == {Q: 1, CTL: 40, ANS: 7}, "an answered session is re-read until it expires"
    book.on_answer("b", T0, ANS, 8)
    book.on_answer("c", T0, ANS, 9)
    assert book.commit_offsets() == {Q: 3, CTL: 41, ANS: 7}
    expired = [e for e in book.due(T0 + timedelta(seconds=book.retention_s), mono=1) if isinstance(e, SessionExpired)]
    assert sorted(e.session_id for e in expired) == ["a", "b", "c"]
    assert book.commit_offsets() == {Q: 3, CTL: 41, ANS: 10}


def test_a_session_that_makes_no_progress_is_nudged_after_the_stall_time_and_again_after_each() -> None:
    book = LedgerBook(stall_s=5)
    book.on_opener(q("a"), Q, 0, mono=100)
    assert nudges(book, 104) == []
    assert nudges(book, 105) == ["stalled"]
    assert nudges(book, 109) == []
    assert nudges(book, 110) == ["stalled"]


def test_progress_restarts_the_stall_clock() -> None:
    book = LedgerBook(stall_s=5)
    book.on_opener(q("a"), Q, 0, mono=100)
    book.on_progress("a", "ExecutorFinished", 1, EX, 3, mono=104)
    assert nudges(book, 108) == []
    assert nudges(book, 109) == ["stalled"]


def test_a_stage_whose_worker_is_alive_is_not_re_driven_however_long_its_model_call_takes() -> None:
    book = LedgerBook(stall_s=5, liveness_s=3)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.on_lease(lease("a"), CTL, 0, mono=0.1)
    for mono in range(1, 120):
        book.on_beat(beat(), mono=mono)
        assert nudges(book, mono) == [], f"re-driven at {mono}s while its worker is alive"


def test_a_stage_whose_worker_says_it_is_stopping_is_taken_over_after_a_short_grace() -> None:
    book = LedgerBook(stall_s=60, liveness_s=3)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.on_lease(lease("a"), CTL, 0, mono=0)
    book.on_beat(beat(), mono=0.5)
    assert nudges(book, 1) == []
    book.on_beat(beat(state="stopping"), mono=1.5)
    assert nudges(book, 1.5 + ORPHAN_GRACE_S / 2) == [], "what it sent just before may still be read"
    assert nudges(book, 1.6 + ORPHAN_GRACE_S) == ["orphaned"]
    assert nudges(book, 2 + ORPHAN_GRACE_S) == [], "one take-over, then the stall clock again"


def test_a_stage_whose_worker_restarted_is_taken_over_a_grace_after_the_new_run_beats() -> None:
    book = LedgerBook(stall_s=60, liveness_s=30)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.on_lease(lease("a", inc="old"), CTL, 0, mono=0)
    book.on_beat(beat(inc="old"), mono=0)
    book.on_beat(beat(inc="new"), mono=2)
    assert nudges(book, 2) == []
    assert nudges(book, 2 + ORPHAN_GRACE_S) == ["orphaned"], "long before the 30 s liveness time"


def test_a_stage_whose_worker_fell_silent_is_taken_over_after_the_liveness_time() -> None:
    book = LedgerBook(stall_s=60, liveness_s=3)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.on_lease(lease("a"), CTL, 0, mono=0)
    book.on_beat(beat(), mono=1)
    assert nudges(book, 3.9) == []
    assert nudges(book, 4.1) == ["orphaned"]


def test_after_a_restart_a_lease_of_a_worker_never_heard_from_is_orphaned_after_one_liveness_period() -> None:
    book = LedgerBook(stall_s=60, liveness_s=3, started_mono=100)
    book.on_opener(q("a"), Q, 0, mono=100)
    book.on_lease(lease("a", inc="before-the-crash"), CTL, 0, mono=100)
    assert nudges(book, 102) == []
    assert nudges(book, 103.1) == ["orphaned"]


def test_a_lease_ends_with_the_next_stage_whatever_order_the_topics_are_read_in() -> None:
    book = LedgerBook(stall_s=5, liveness_s=1000)
    book.on_beat(beat(), mono=0)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.on_lease(lease("a", stage="verify"), CTL, 1, mono=0)  # read before the ExecutorFinished it follows
    book.on_progress("a", "ExecutorFinished", 1, EX, 0, mono=0)
    assert book.open["a"].lease is not None, "an earlier stage's output does not end a later stage's lease"
    book.on_progress("a", "VerdictReached", 1, ("gg.verdict", 0), 0, mono=1)
    assert book.open["a"].lease is None
    book.on_lease(lease("a", stage="investigate"), CTL, 2, mono=1)  # a late copy of an earlier stage's lease
    assert book.open["a"].lease is None
    assert nudges(book, 6) == ["stalled"]


def test_a_lease_that_ran_out_no_longer_holds_the_session() -> None:
    book = LedgerBook(stall_s=5, liveness_s=1000)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.on_lease(lease("a", until_s=10), CTL, 0, mono=0)
    book.on_beat(beat(), mono=0)
    assert nudges(book, 9, after_s=9) == []
    assert nudges(book, 11, after_s=11) == ["stalled"]


def test_past_the_deadline_the_nudge_is_a_deadline_one_at_once_and_again_every_stall_time() -> None:
    book = LedgerBook(stall_s=30)
    book.on_opener(q("a", deadline_s=3), Q, 0, mono=0)
    book.on_lease(lease("a"), CTL, 0, mono=0)
    book.on_beat(beat(), mono=0)
    assert nudges(book, 1, after_s=3) == ["deadline"]
    assert nudges(book, 2, after_s=4) == []
    assert nudges(book, 31, after_s=40) == ["deadline"]


def test_answered_sessions_are_never_nudged_and_not_reopened() -> None:
    book = LedgerBook(stall_s=1)
    book.on_answer("a", T0, ANS, 0)
    book.on_opener(q("a"), Q, 0, mono=0)
    assert nudges(book, 1000, after_s=3600) == []


def test_an_external_executor_result_opens_a_session_by_reference() -> None:
    book = LedgerBook(stall_s=1, default_deadline_s=10)
    ev = ExecutorFinished(session_id="byo", original_query="q?", occurred_at=T0)
    book.on_opener(ev, ("gg.executor-result", 2), 7, mono=0)
    assert book.commit_offsets() == {("gg.executor-result", 2): 7}
    [n] = [e for e in book.due(T0 + timedelta(seconds=10), mono=0.5) if isinstance(e, WatchdogFired)]
    assert n.kind == "deadline" and n.opener is None
    assert n.opener_ref is not None and (n.opener_ref.partition, n.opener_ref.offset) == (2, 7)


def test_events_read_before_their_opener_are_kept_and_counted_in_the_commit() -> None:
    book = LedgerBook(stall_s=5)
    book.on_progress("a", "ExecutorFinished", 1, EX, 4, mono=0)
    assert book.commit_offsets() == {EX: 4}
    assert nudges(book, 100) == [], "no nudge for a session whose opener was not read yet"
    book.on_opener(q("a"), Q, 9, mono=1)
    assert book.commit_offsets() == {EX: 4, Q: 9}
    assert nudges(book, 6) == ["stalled"]


def test_no_nudge_goes_out_until_the_reader_caught_up() -> None:
    book = LedgerBook(stall_s=1)
    book.on_opener(q("a", deadline_s=1), Q, 0, mono=0)
    book.caught_up = False
    assert nudges(book, 100, after_s=100) == []
    book.caught_up = True
    assert nudges(book, 100, after_s=100) == ["deadline"]


def test_a_rebalance_forgets_the_sessions_but_not_which_workers_live() -> None:
    book = LedgerBook(stall_s=1)
    book.on_beat(beat(), mono=0)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.reset()
    assert not book.open and not book.caught_up and "inc-1" in book.beats


def test_while_an_old_session_is_open_the_answers_of_later_ones_are_read_again_after_a_restart() -> None:
    book = LedgerBook(stall_s=5, retention_s=1)
    book.on_opener(q("old"), Q, 0, mono=0)  # stays open: it pins the query topic at offset 0
    book.on_opener(q("b"), Q, 1, mono=0)
    book.on_answer("b", T0, ANS, 7)
    expired = [e for e in book.due(T0 + timedelta(seconds=60), mono=1) if isinstance(e, SessionExpired)]
    assert [e.session_id for e in expired] == ["b"]
    assert book.commit_offsets()[ANS] == 7, "b's opener will be read again: so must its answer"

    # a restart: the book is read again from the committed offsets
    committed = book.commit_offsets()
    again = LedgerBook(stall_s=5, retention_s=1)
    again.on_opener(q("old"), Q, 0, mono=100)
    again.on_opener(q("b"), Q, 1, mono=100)
    assert committed[Q] == 0 and committed[ANS] <= 7
    again.on_answer("b", T0, ANS, 7)
    assert [n.session_id for n in again.due(T0 + timedelta(seconds=61), mono=200)
            if isinstance(n, WatchdogFired)] == ["old"], "an answered session is never nudged again"

    book.on_answer("old", T0 + timedelta(seconds=60), ANS, 8)
    book.due(T0 + timedelta(seconds=120), mono=2)
    assert book.commit_offsets() == {Q: 2, ANS: 9}, "nothing pins anything once all are answered and expired"


def test_a_run_replaced_at_clock_zero_is_taken_over_after_the_grace_too() -> None:
    book = LedgerBook(stall_s=60, liveness_s=30)
    book.on_opener(q("a"), Q, 0, mono=0)
    book.on_lease(lease("a", inc="old"), CTL, 0, mono=0)
    book.on_beat(beat(inc="old"), mono=0)
    book.on_beat(beat(inc="new"), mono=0)
    assert nudges(book, ORPHAN_GRACE_S) == ["orphaned"]


def test_an_answer_read_before_its_opener_keeps_the_session_closed_and_its_answer_re_read() -> None:
    # After a rebalance the topics are read again at different paces: an old answer (already past
    # its retention) can come before its query. Forgotten at once, the query read next would open
    # the session again and pin the query topic before an answer the commit has passed.
    book = LedgerBook(stall_s=5, retention_s=1)
    book.caught_up = False
    book.on_answer("y", T0, ANS, 7)
    book.due(T0 + timedelta(seconds=600), mono=0)
    book.on_opener(q("y"), Q, 3, mono=0)
    assert "y" not in book.open
    assert book.commit_offsets()[ANS] <= 7 or book.commit_offsets()[Q] > 3
    book.caught_up = True
    assert nudges(book, 100, after_s=600) == []
    assert book.commit_offsets() == {Q: 4, ANS: 8}, "forgotten once its opener lies before the committed point"


def test_an_answer_whose_opener_lies_before_where_reading_began_is_forgotten_once_caught_up() -> None:
    book = LedgerBook(stall_s=5, retention_s=1)
    book.caught_up = False
    book.on_answer("z", T0, ANS, 7)
    book.due(T0 + timedelta(seconds=600), mono=0)
    assert "z" in book.answered
    book.caught_up = True
    book.due(T0 + timedelta(seconds=600), mono=1)
    assert "z" not in book.answered and book.commit_offsets() == {ANS: 8}


def test_an_answered_session_is_remembered_while_a_restart_would_read_any_of_its_openers_again() -> None:
    # x is stuck: it pins the query topic at 5 and the executor-result topic at 0. y asked earlier
    # (query 1) but its Executor result came later (3): a restart reads that result again, and a
    # round-1 Executor result opens a session; so y's answer must be read again too.
    book = LedgerBook(stall_s=5, retention_s=1)
    book.on_opener(ExecutorFinished(session_id="x", original_query="q?", occurred_at=T0), EX, 0, mono=0)
    book.on_opener(q("y"), Q, 1, mono=0)
    book.on_opener(ExecutorFinished(session_id="y", original_query="q?", occurred_at=T0), EX, 3, mono=0)
    book.on_opener(q("x"), Q, 5, mono=0)
    book.on_answer("y", T0, ANS, 7)
    book.due(T0 + timedelta(seconds=600), mono=1)
    committed = book.commit_offsets()
    assert committed[EX] == 0 and committed[ANS] <= 7


def _three_sessions(book: LedgerBook, mono: float) -> None:
    """"quiet": between stages, nobody holds it; "held": a live worker's model call; "moving"."""
    for off, sid in enumerate(["quiet", "held", "moving"]):
        book.on_opener(q(sid), Q, off, mono=mono)
    book.on_lease(lease("held", inc="inc-2", worker="w2"), CTL, 0, mono=mono)


def test_a_session_nobody_holds_that_a_stopping_worker_left_behind_is_taken_over_after_the_regroup_time() -> None:
    book = LedgerBook(stall_s=20)
    book.on_beat(beat("inc-1", "w1"), mono=0)
    book.on_beat(beat("inc-2", "w2"), mono=0)
    _three_sessions(book, mono=1)
    book.on_beat(beat("inc-1", "w1", "stopping"), mono=10)
    book.on_beat(beat("inc-2", "w2"), mono=10)
    book.on_progress("moving", "ExecutorFinished", 1, EX, 0, mono=11)
    assert nudges(book, 10 + REGROUP_S - 0.1) == []
    due = book.due(T0 + timedelta(seconds=1), 10 + REGROUP_S)
    assert [(e.session_id, e.kind) for e in due if isinstance(e, WatchdogFired)] == [("quiet", "regrouped")], \
        "not the one a live worker holds, not the one that moved since"
    book.on_beat(beat("inc-2", "w2"), mono=14)
    assert nudges(book, 19) == [], "taken over once per change; the stall time after that"


def test_every_nudge_has_its_own_id_even_from_a_reader_that_started_again() -> None:
    """The session agent acts on a nudge once (a nudge read again after a rebalance re-drives
    nothing), so a later nudge must not reuse an earlier one's id."""
    ids = []
    for start in (0, 100):  # a ledger, then another run of it that counts its nudges from 1 again
        book = LedgerBook(stall_s=5)
        book.on_opener(q("a"), Q, 0, mono=start)
        ids += [e.event_id for e in book.due(T0 + timedelta(seconds=start + 5), start + 5)
                if isinstance(e, WatchdogFired)]
    assert len(ids) == 2 and ids[0] != ids[1]


def test_a_new_run_beating_is_a_change_of_workers() -> None:
    book = LedgerBook(stall_s=20)
    book.on_beat(beat("inc-2", "w2"), mono=0)
    _three_sessions(book, mono=1)
    book.on_beat(beat("inc-2", "w2"), mono=5)
    assert nudges(book, 5 + REGROUP_S) == [], "a beat of a known run changes nothing"
    book.on_beat(beat("inc-3", "w1"), mono=6)
    book.on_beat(beat("inc-2", "w2"), mono=6)
    assert nudges(book, 6 + REGROUP_S) == ["regrouped", "regrouped"], "quiet and moving: neither moved since"


def test_a_run_falling_silent_is_a_change_of_workers() -> None:
    book = LedgerBook(stall_s=60, liveness_s=6)
    book.on_beat(beat("inc-1", "w1"), mono=0)
    book.on_opener(q("quiet"), Q, 0, mono=1)
    assert nudges(book, 5.9) == []
    assert nudges(book, 6) == [], "the change is seen now; the session gets the regroup time from here"
    assert nudges(book, 6 + REGROUP_S) == ["regrouped"]


def test_the_reader_catching_up_after_taking_partitions_is_a_change() -> None:
    book = LedgerBook(stall_s=60)
    book.reset()
    book.on_opener(q("quiet"), Q, 0, mono=1)
    book.set_caught_up(False, mono=1.5)
    book.set_caught_up(True, mono=2)
    book.on_opener(q("later"), Q, 1, mono=2.5)
    assert nudges(book, 2 + REGROUP_S - 0.1) == []
    assert [e.session_id for e in book.due(T0 + timedelta(seconds=1), 2 + REGROUP_S)
            if isinstance(e, WatchdogFired)] == ["quiet"], "not one opened since"


def test_a_query_on_another_partition_than_its_session_s_opens_it_where_this_reader_reads_both() -> None:
    """The client's library partitioned its key otherwise (librdkafka's CRC32): the record is the
    session's own wherever it lies, so it holds its partition until the session is answered, and
    a nudge carries it (a copy to the session's partition may never have reached the log)."""
    book = LedgerBook(stall_s=5)
    home, elsewhere = ("gg.query", 2), ("gg.query", 1)
    book.on_other(home, 0)  # this reader reads the session's partition
    assert book.on_elsewhere(q("a"), elsewhere, 7, home, mono=0) is False, "no copy of its own to send"
    assert book.commit_offsets()[elsewhere] == 7
    [n] = [e for e in book.due(T0 + timedelta(seconds=6), mono=6) if isinstance(e, WatchdogFired)]
    assert n.kind == "stalled" and n.opener is not None and n.opener.session_id == "a"
    book.on_answer("a", T0, ANS, 3)
    assert book.commit_offsets()[elsewhere] == 8 and book.commit_offsets()[ANS] == 3
    assert book.answered["a"].openers == {elsewhere: 7}, "its answer is read again while it may be"


def test_a_query_whose_session_s_partition_this_reader_does_not_read_is_held_until_its_copy_is_sent() -> None:
    book = LedgerBook(stall_s=5)
    elsewhere = ("gg.query", 1)
    assert book.on_elsewhere(q("a"), elsewhere, 7, ("gg.query", 3), mono=0) is True, "a copy to send"
    assert not book.open and not book.pending, "another reader watches the session"
    assert book.commit_offsets() == {elsewhere: 7}
    book.on_forwarded(elsewhere, 7)
    assert book.commit_offsets() == {elsewhere: 8}
    assert nudges(book, 1000, after_s=3600) == []


def test_a_rebalance_forgets_the_copies_being_sent_with_the_rest() -> None:
    book = LedgerBook(stall_s=5)
    assert book.on_elsewhere(q("a"), ("gg.query", 1), 7, ("gg.query", 3), mono=0)
    book.reset()
    assert not book.forwarding and book.commit_offsets() == {}


def test_a_client_s_round_two_executor_result_is_progress_not_an_opener() -> None:
    book = LedgerBook(stall_s=5)
    book.on_client(q("a"), Q, 0, mono=0)
    book.on_client(ExecutorFinished(session_id="a", round=2, original_query="q?", occurred_at=T0), EX, 4, mono=3)
    t = book.open["a"]
    assert t.rank == (2, 2) and t.openers == {Q: 0}
