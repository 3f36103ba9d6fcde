"""The ``diagnosis_session`` fold: ``evolve(state, event)`` is the only place session state
changes. Pure and idempotent: an event_id seen before changes nothing, and a state is copied
shallowly (every nested value is immutable), never changed in place. What ChatService does
about a change is decided in ``app.domain.chat_service``.
"""

from __future__ import annotations

from typing import assert_never

from app.domain.deadlines import deadline_of
from app.domain.language import AnswerLanguage, session_language
from app.domain.rounds import degraded_answer, degraded_text, failure_reason, invalid_input_answer, round_record
from app.domain.routing import route
from app.domain.state import (
    DiagnosisSession,
    HistoryEntry,
    RuleEvaluation,
    with_rule_evaluation,
    with_verifier_evaluation,
)
from events.models import (
    AnswerComposed,
    AnswerDrafted,
    ComposeRequested,
    ComposerOutput,
    DeadLettered,
    Event,
    ExecutorFinished,
    LogRef,
    QueryReceived,
    RetryRequested,
    RuleEvaluationRecorded,
    SessionExpired,
    StageFailed,
    StageStarted,
    VerdictReached,
    WatchdogFired,
)

MAX_SEEN = 500

__all__ = ["DiagnosisSession", "conflicting_query", "evolve", "replay"]


def evolve(state: DiagnosisSession | None, event: Event, ref: LogRef | None = None,
           language: AnswerLanguage = "auto", client_retry: bool = False) -> DiagnosisSession:
    """``state`` after ``event`` (``ref``: where the event sits in the log, when it does;
    ``language``: the answer-language setting, which the session's language follows;
    ``client_retry`` (GROUNDGATE_BYO_RETRY=client): a session a client's own Executor opened gets
    its extra round from that Executor; otherwise none)."""
    if state is None:
        state = DiagnosisSession(session_id=event.session_id, opened_at=event.occurred_at)
    if event.event_id in state.seen:
        return state
    if isinstance(event, AnswerDrafted) and state.stage != "composing" and not _answered_ahead_of_draft(state):
        # Premature (redelivered ahead of the verdict it answers): not folded, not marked seen,
        # so the same draft is taken when the session really is composing.
        return state
    s = state.model_copy(update={
        "seen": [*state.seen, event.event_id][-MAX_SEEN:], "events_folded": state.events_folded + 1,
        "updated_at": max(state.updated_at or event.occurred_at, event.occurred_at)})
    match event:
        case QueryReceived():
            _query(s, state, event, language)
        case RetryRequested():
            if s.stage != "answered":
                s.round, s.stage = max(s.round, event.round), "investigating"
            s.retry_context = event.retry_context
        case ExecutorFinished():
            _executor_finished(s, event, ref, language, client_retry)
        case RuleEvaluationRecorded():
            s.self_evaluation = with_rule_evaluation(s, RuleEvaluation(
                round=event.round, rule_score=event.rule_score, evidence_items=event.evidence_items,
                successful_items=event.successful_items, direct_items=event.direct_items, findings=event.findings))
        case VerdictReached():
            _verdict(s, event, client_retry)
        case AnswerDrafted():
            s.self_evaluation = with_verifier_evaluation(s, composer_output=event.composer_output)
            if state.stage == "composing":  # else answered by the answer it led to, read first
                _answered(s, degraded_answer(s, event.final_answer, event.composer_output.status, "", event))
        case WatchdogFired():
            s.watchdog_fires += 1
            if event.opener is not None and event.opener.event_id not in s.seen:
                s = evolve(s, event.opener, language=language, client_retry=client_retry)
            if event.kind == "deadline" and s.stage != "answered":
                _degraded(s, "deadline", event)
        case DeadLettered():
            if s.opener is None and s.opener_ref is None and not s.executor_output and s.stage != "answered":
                s.language = session_language(language, None, event.raw) if event.raw else s.language
                _answered(s, invalid_input_answer(s, event))
        case StageFailed():
            if s.stage != "answered":
                _degraded(s, failure_reason(event), event)
        case AnswerComposed():  # read from the log: the session is answered, whatever its state said
            if s.stage != "answered":
                _answered(s, event)
            s.answer_ref = ref or s.answer_ref
        case ComposeRequested() | StageStarted() | SessionExpired():
            pass  # outputs of the fold itself, or not about the session's content
        case _:
            assert_never(event)
    return s


def _query(s: DiagnosisSession, before: DiagnosisSession, event: QueryReceived, language: AnswerLanguage) -> None:
    if conflicting_query(before, event) or s.opener is not None:
        return  # the session's first question wins; chat_service dead-letters a different one
    s.opener, s.opener_ref = event, None
    s.original_query = event.query
    s.language = session_language(language, event.language, event.query)
    s.opened_at = min(s.opened_at or event.occurred_at, event.occurred_at)
    s.deadline_at = deadline_of(event) or s.deadline_at


def _executor_finished(s: DiagnosisSession, event: ExecutorFinished, ref: LogRef | None,
                       language: AnswerLanguage, client_retry: bool) -> None:
    if s.opener is None and s.opener_ref is None:  # brought by a client: it opens the session
        s.opener_ref = ref
        s.original_query = event.original_query
        s.language = session_language(language, None, event.original_query)
        s.deadline_at = s.deadline_at or deadline_of(event)
    s.original_query = s.original_query or event.original_query
    s.executor_output = {**s.executor_output, event.round: event.executor_output}
    if s.stage == "investigating" and event.round >= s.round:
        s.round, s.stage, s.pending_ref = event.round, "verifying", ref
        _advance(s, client_retry)


def _verdict(s: DiagnosisSession, event: VerdictReached, client_retry: bool) -> None:
    current = s.verifier_evaluation
    if current is not None and (current.round or 0) > event.round:
        return  # a late copy of an earlier round's verdict is not news
    history = [*(current.history if current else []),
               HistoryEntry(round=event.round, verdict=event.verdict, score=event.groundedness_score)]
    rounds = {**(current.rounds if current else {}),
              event.round: round_record(event.claim_checks, event.facts_checked, event.tool_trace_summary)}
    s.self_evaluation = with_verifier_evaluation(
        s, event_id=event.event_id, round=event.round, verdict=event.verdict,
        groundedness_score=event.groundedness_score, critical_fact_count=event.critical_fact_count,
        facts_checked=event.facts_checked, claim_checks=event.claim_checks, rationale=event.rationale,
        gatekeeper_findings=event.gatekeeper_findings, tool_trace_summary=event.tool_trace_summary,
        traceability_version=event.traceability_version, verifier_status=event.verifier_status,
        overrides=event.overrides, dropped_refs=event.dropped_refs, usage=event.usage,
        history=history, rounds=rounds, relevance=event.relevance)
    _advance(s, client_retry)


def _advance(s: DiagnosisSession, client_retry: bool = False) -> None:
    """Route once both the Executor result and the verdict of the current round are folded
    (they come on different topics, so either may be folded first). The route is decided here,
    once, and kept: the Composer's request reads it."""
    ve = s.verifier_evaluation
    if s.stage != "verifying" or ve is None or ve.round != s.round or ve.verdict is None:
        return
    s.route = route(ve.verdict, ve.groundedness_score, ve.round)
    if s.route == "retry" and s.opener is None and not client_retry:
        # Opened by a client's own Executor: another round by the built-in Planner, Executor and
        # demo tools would answer another question from another corpus. Without a client retry
        # (GROUNDGATE_BYO_RETRY=client: the RetryRequested goes to the client, chat_service) no
        # other round; the answer is LOW_CONFID with its disclaimer and says why (rounds.BYO_NOTE).
        s.route = "compose_disclaimer"
    s.stage = "investigating" if s.route == "retry" else "composing"
    if s.route == "retry":
        s.round, s.pending_ref = s.round + 1, None


def _answered_ahead_of_draft(s: DiagnosisSession) -> bool:
    """Answered by an answer read from the log (another run's, on another topic than its draft)
    before the Composer's draft that led to it: the draft still records the Composer's output, so
    the state is the same in either order. A degraded answer records its own (``not_called``)."""
    ve = s.verifier_evaluation
    return (s.stage == "answered" and s.answer is not None and ve is not None and ve.composer_output is None
            and s.answer.composer_status != "not_called")


def _answered(s: DiagnosisSession, answer: AnswerComposed) -> None:
    s.answer, s.stage, s.pending_ref = answer, "answered", None


def _degraded(s: DiagnosisSession, reason: str, cause: Event) -> None:
    """A fixed degraded answer the Composer never wrote (deadline, a stage that failed for good)."""
    s.self_evaluation = with_verifier_evaluation(s, composer_output=ComposerOutput(
        status="not_called", detail=f"{reason}: the fixed degraded template"[:200]))
    _answered(s, degraded_answer(s, degraded_text(s, reason, cause.occurred_at), "not_called", reason, cause))


def conflicting_query(state: DiagnosisSession | None, event: QueryReceived) -> bool:
    """A second, different question under a session_id already in use."""
    return (state is not None and state.opener is not None and state.opener.event_id != event.event_id
            and state.original_query != event.query)


def replay(events: list[Event], state: DiagnosisSession | None = None) -> DiagnosisSession | None:
    for e in events:
        state = evolve(state, e)
    return state
