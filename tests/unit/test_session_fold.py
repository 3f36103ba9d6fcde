"""The diagnosis_session fold: idempotent, channels kept apart, one answer, at most two rounds."""

from __future__ import annotations

import functools
import json
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from app.domain.chat_service import decide
from app.domain.session import DiagnosisSession, evolve, replay
from app.domain.state import DiagnosisSession as StoredSession
from events.models import (
    AnswerComposed,
    ComposeRequested,
    DeadLettered,
    Event,
    LogRef,
    QueryReceived,
    RetryRequested,
    RuleEvaluationRecorded,
    VerdictReached,
    WatchdogFired,
)
from tests.unit.factories import T0, run_session

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"
BACKUP = "Why is the nightly backup job slow?"


@functools.cache
def _session(query: str) -> tuple[tuple[Event, ...], DiagnosisSession]:
    log, state, answers = run_session(query)
    assert len(answers) == 1
    return tuple(log), state


def _strip(s: DiagnosisSession) -> dict:
    return s.model_dump(exclude={"seen"})


def test_a_pass_session_is_folded_to_answered_with_both_channels() -> None:
    _, state = _session(DISK)
    assert state.stage == "answered" and state.round == 1
    rule, ve = state.rule_evaluation, state.verifier_evaluation
    assert rule is not None and rule.rule_score > 0
    assert ve is not None and ve.verdict == "PASS"
    assert ve.composer_output is not None and ve.composer_output.status == "valid"
    assert ve.traceability_version and ve.tool_trace_summary


def test_low_confid_below_half_runs_exactly_one_more_round() -> None:
    log, state = _session(BACKUP)
    assert state.round == 2 and state.stage == "answered"
    assert sum(isinstance(e, RetryRequested) for e in log) == 1
    assert state.verifier_evaluation is not None
    assert [h.round for h in state.verifier_evaluation.history] == [1, 2]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_redelivered_events_change_nothing(data: st.DataObject) -> None:
    log, state = _session(DISK)
    dupes = data.draw(st.lists(st.integers(0, len(log) - 1), max_size=len(log)))
    noisy = list(log)
    for i in dupes:  # a copy comes after its original (an answer read first answers the session: below)
        at = data.draw(st.integers(next(j for j, e in enumerate(noisy) if e is log[i]) + 1, len(noisy)))
        noisy.insert(at, log[i])
    assert _strip(replay(noisy)) == _strip(replay(list(log)))


def test_an_answer_read_before_its_draft_answers_the_session_and_the_draft_still_records_the_composer() -> None:
    """Another run's answer and its draft are on different topics: either may be read first (a
    worker that took the session over with a table that said "composing"); the state is the same."""
    log, _ = _session(DISK)
    draft = next(i for i, e in enumerate(log) if e.event_type == "AnswerDrafted")
    answer = next(i for i, e in enumerate(log) if isinstance(e, AnswerComposed))
    swapped = list(log)
    swapped[draft], swapped[answer] = swapped[answer], swapped[draft]
    ahead = replay(swapped[:draft + 1])
    assert ahead is not None and ahead.stage == "answered" and ahead.answer == log[answer]
    assert _strip(replay(swapped)) == _strip(replay(list(log)))


@settings(max_examples=60, deadline=None)
@given(order=st.permutations(range(3)))
def test_rule_and_verifier_channels_survive_any_interleaving(order: list[int]) -> None:
    log, _ = _session(DISK)
    query = next(e for e in log if isinstance(e, QueryReceived))
    executor = next(e for e in log if e.event_type == "ExecutorFinished")
    rule = next(e for e in log if isinstance(e, RuleEvaluationRecorded))
    verdict = next(e for e in log if isinstance(e, VerdictReached))
    draft = next(e for e in log if e.event_type == "AnswerDrafted")
    evs = [rule, verdict, draft]
    # The draft comes once more at the end: at-least-once delivery after an early copy.
    state = replay([query, executor, *[evs[i] for i in order], draft])
    assert state.rule_evaluation is not None and state.rule_evaluation.rule_score == rule.rule_score
    ve = state.verifier_evaluation
    assert ve is not None and ve.verdict == verdict.verdict
    assert ve.composer_output is not None and ve.composer_output.status == draft.composer_output.status


def test_no_whole_object_overwrite_after_initialisation() -> None:
    log, _ = _session(DISK)
    query = next(e for e in log if isinstance(e, QueryReceived))
    state = evolve(None, query)
    assert state.self_evaluation is None
    state = evolve(state, next(e for e in log if isinstance(e, RuleEvaluationRecorded)))
    rule = state.rule_evaluation
    # a channel (and a key) this version does not know, as a newer worker might have stored it
    stored = json.loads(state.model_dump_json())
    stored["self_evaluation"]["other_channel"] = {"kept": True}
    stored["self_evaluation"]["rule_evaluation"]["newer_key"] = 1
    state = StoredSession.model_validate(stored)
    state = evolve(state, next(e for e in log if isinstance(e, VerdictReached)))
    dumped = json.loads(state.model_dump_json())["self_evaluation"]
    assert dumped["other_channel"] == {"kept": True} and dumped["rule_evaluation"]["newer_key"] == 1
    assert state.rule_evaluation is not None and rule is not None
    assert state.rule_evaluation.rule_score == rule.rule_score
    assert state.verifier_evaluation is not None and state.verifier_evaluation.verdict is not None


def test_a_verdict_delivered_twice_or_late_never_starts_a_third_round() -> None:
    log, state = _session(BACKUP)
    for ev in log:
        if isinstance(ev, VerdictReached):
            again = ev.model_copy(update={"event_id": ev.event_id})
            assert decide(state, evolve(state, again), again) == []
            late = ev.model_copy(update={"event_id": ev.event_id + "-other"})
            after = evolve(state, late)
            assert decide(state, after, late) == [] and after.round == 2


def test_the_verdict_may_be_folded_before_the_executor_result() -> None:
    log, _ = _session(DISK)
    q, ex = log[0], next(e for e in log if e.event_type == "ExecutorFinished")
    verdict = next(e for e in log if isinstance(e, VerdictReached))
    s1 = evolve(evolve(None, q), verdict)
    s2 = evolve(s1, ex)
    out = decide(s1, s2, ex)
    assert [type(o) for o in out] == [ComposeRequested]


def test_a_deadline_answers_degraded_once_and_later_drafts_do_not_change_it() -> None:
    log, _ = _session(DISK)
    q = log[0]
    s = evolve(None, q)
    nudge = WatchdogFired(session_id=q.session_id, kind="deadline", occurred_at=T0, opener=q)
    s2 = evolve(s, nudge)
    [answer] = decide(s, s2, nudge)
    assert isinstance(answer, AnswerComposed) and answer.degraded_reason == "deadline"
    draft = next(e for e in log if e.event_type == "AnswerDrafted")
    s3 = evolve(s2, draft)
    assert decide(s2, s3, draft) == [] and s3.answer == s2.answer


def test_a_watchdog_on_an_unknown_session_starts_it_from_the_opener() -> None:
    q = QueryReceived(session_id="s-w", query=DISK, occurred_at=T0)
    nudge = WatchdogFired(session_id="s-w", kind="stalled", occurred_at=T0, opener=q)
    s = evolve(None, nudge)
    assert decide(None, s, nudge) == [q]


def test_an_undecodable_query_with_a_session_id_gets_a_degraded_answer() -> None:
    dl = DeadLettered(session_id="s-bad", source_topic="gg.query", reason="invalid 'QueryReceived'")
    s = evolve(None, dl)
    [answer] = decide(None, s, dl)
    assert answer.degraded_reason == "invalid_input" and answer.verdict == "REJECT"


def test_a_second_different_question_under_the_same_session_id_is_dead_lettered() -> None:
    log, state = _session(DISK)
    other = QueryReceived(session_id=state.session_id, query="Why is the nightly backup job slow?", occurred_at=T0)
    after = evolve(state, other)
    [dead] = decide(state, after, other)
    assert isinstance(dead, DeadLettered) and "new session_id" in dead.reason
    assert after.original_query == state.original_query and after.answer == state.answer


def test_the_same_question_sent_twice_is_not_a_conflict() -> None:
    q = QueryReceived(session_id="s-twice", query=DISK, occurred_at=T0)
    again = QueryReceived(session_id="s-twice", query=DISK, occurred_at=T0)
    s1 = evolve(None, q)
    assert decide(s1, evolve(s1, again), again) == []


def test_a_nudge_read_again_after_a_rebalance_re_drives_nothing() -> None:
    """A nudge acts once: read again from an earlier committed offset once its session is
    answered, it does not send the answer a second time (seen in a fault run: 13 duplicates)."""
    _, state = _session(DISK)
    assert state.answer is not None
    nudge = WatchdogFired(session_id=state.session_id, kind="regrouped", opener=state.opener,
                          occurred_at=state.answer.occurred_at + timedelta(seconds=5))
    once = evolve(state, nudge)
    assert decide(state, once, nudge) == [state.answer]
    assert decide(once, evolve(once, nudge), nudge) == []


def test_a_nudge_sent_before_the_answer_and_acted_on_after_it_does_not_send_it_again() -> None:
    """A busy session agent acted on a nudge after the session's answer went out (seen in a fault
    run: 10 duplicates, a second answer 0.7 s after the first)."""
    _, state = _session(DISK)
    assert state.answer is not None
    made = state.answer.occurred_at
    for sent, expected in ((made - timedelta(seconds=2), []), (made + timedelta(seconds=3), [state.answer])):
        nudge = WatchdogFired(session_id=state.session_id, kind="regrouped", occurred_at=sent, opener=state.opener)
        assert decide(state, evolve(state, nudge), nudge) == expected, sent


def test_a_nudge_that_crossed_an_answer_read_on_the_log_sends_nothing() -> None:
    """Sent while the answer was on its way and acted on by a worker that holds the session next
    (its table says where the answer is on the log, its consumer never read it there): nothing is
    sent again (seen in a fault run with restarts under new worker ids: 9 duplicates in 3 SIGTERMs)."""
    log, _ = _session(DISK)
    answer = next(e for e in log if isinstance(e, AnswerComposed))
    state = replay([e for e in log if e is not answer])  # the worker that answered does not fold its answer
    assert state is not None and state.answer is not None and state.answer_ref is None
    read = evolve(state, answer, LogRef(topic="t.composed-answer", partition=0, offset=30))
    assert read.answer_ref is not None and read.answer == state.answer
    for kind in ("stalled", "regrouped"):
        nudge = WatchdogFired(session_id=state.session_id, kind=kind, opener=state.opener,
                              occurred_at=state.answer.occurred_at + timedelta(seconds=20))
        assert decide(read, evolve(read, nudge), nudge) == [], kind
        assert decide(state, evolve(state, nudge), nudge) == [state.answer], kind


def test_a_stalled_or_regrouped_answered_session_sends_its_answer_again_but_a_take_over_does_not() -> None:
    """A stall, or seconds of nothing since the workers changed, means the ledger never read the
    answer (its worker died between its table and the log); a take-over of a stopped worker's
    session comes at once and would cross the answer that worker just sent."""
    _, state = _session(DISK)
    assert state.stage == "answered" and state.answer is not None
    for kind, expected in (("stalled", [state.answer]), ("regrouped", [state.answer]), ("orphaned", [])):
        nudge = WatchdogFired(session_id=state.session_id, kind=kind, opener=state.opener,
                              occurred_at=state.answer.occurred_at + timedelta(seconds=20))
        after = evolve(state, nudge)
        assert decide(state, after, nudge) == expected, kind


def test_the_audit_gets_a_snapshot_at_each_stage_and_verdict_and_the_last_one_holds_everything() -> None:
    """One per opening, stage change and verdict; none for the rule evaluation, which the verdict's
    snapshot carries (a worker sends each snapshot: fewer records for the same audit)."""
    from app.domain.chat_service import snapshot, snapshot_due

    log, state = _session(DISK)
    due, before = [], None
    for ev in log:
        after = evolve(before, ev)
        if snapshot_due(before, after, ev):
            due.append((ev.event_type, after))
        before = after
    assert [t for t, _ in due] == ["QueryReceived", "ExecutorFinished", "VerdictReached", "AnswerDrafted"]
    verdict_snapshot = due[2][1]
    assert verdict_snapshot.rule_evaluation is not None and verdict_snapshot.verifier_evaluation is not None
    assert snapshot(due[-1][1]) == snapshot(state), "the answer's own fold adds nothing the audit shows"
