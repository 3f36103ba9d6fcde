"""The ``diagnosis_session`` fold and ChatService's decisions.

``evolve(state, event)`` is the only place session state changes: pure, and idempotent
(an event_id seen before changes nothing). ``self_evaluation`` is a container whose
channels (``rule_evaluation``, ``verifier_evaluation``) are each updated by
read-modify-write of their own key; the container is only ever created from null.
``decide(before, after, event)`` returns the events ChatService emits; every one has an id
derived from the session, round and stage, so a re-driven step emits the very same event.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal, assert_never

from pydantic import BaseModel, Field

from app.domain.deadlines import deadline_of
from app.domain.material import Material
from app.domain.rounds import material_of_rounds, round_record
from app.domain.routing import MODE_OF, route
from app.domain.templates import render_degraded, render_invalid_input
from app.domain.text import language_of
from events.codec import decode
from events.models import (
    MAX_CLAIM_CHARS,
    MAX_LIST_ITEMS,
    MAX_PRIOR_ITEMS,
    AnswerComposed,
    AnswerDrafted,
    ComposeRequested,
    ComposerOutput,
    ComposerStatus,
    DeadLettered,
    DegradedReason,
    Event,
    ExecutorFinished,
    Language,
    QueryReceived,
    RetryContext,
    RetryRequested,
    RuleEvaluationRecorded,
    SessionExpired,
    StageFailed,
    StageStarted,
    TraceItem,
    Verdict,
    VerdictReached,
    WatchdogFired,
    derived_id,
)

Stage = Literal["investigating", "verifying", "composing", "answered"]
VERIFIER_DEGRADED: dict[str, DegradedReason] = {"deadline_exceeded": "deadline",
                                                 "model_unavailable": "model_unavailable"}
MAX_REDRIVE_BYTES = 200_000
MAX_SEEN = 500


class DiagnosisSession(BaseModel):
    session_id: str
    original_query: str = ""
    language: Language = "en"
    opened_at: datetime | None = None
    deadline_at: datetime | None = None
    stage: Stage = "investigating"
    round: int = 1
    seen: list[str] = Field(default_factory=list)
    opener: dict[str, Any] | None = None
    pending_executor: dict[str, Any] | None = None
    executor_output: dict[str, dict[str, Any]] = Field(default_factory=dict)
    retry_context: dict[str, Any] | None = None
    self_evaluation: dict[str, Any] | None = None
    answer: dict[str, Any] | None = None
    watchdog_fires: int = 0
    events_folded: int = 0
    updated_at: datetime | None = None


# ----------------------------------------------------------------- self_evaluation channels


def _with_channel(state: DiagnosisSession, channel: str, update: dict[str, Any]) -> dict[str, Any]:
    """Read-modify-write of one channel; the container is created only from null."""
    container = dict(state.self_evaluation) if state.self_evaluation is not None else {}
    current = dict(container.get(channel) or {})
    current.update(update)
    container[channel] = current
    return container


def verifier_evaluation(state: DiagnosisSession) -> dict[str, Any]:
    return dict((state.self_evaluation or {}).get("verifier_evaluation") or {})


# ----------------------------------------------------------------- the fold


def _open(session_id: str, event: Event) -> DiagnosisSession:
    return DiagnosisSession(session_id=session_id, opened_at=event.occurred_at)


def evolve(state: DiagnosisSession | None, event: Event) -> DiagnosisSession:
    if state is None:
        state = _open(event.session_id, event)
    if event.event_id in state.seen:
        return state
    if isinstance(event, AnswerDrafted) and state.stage != "composing":
        # Premature (redelivered ahead of the verdict it answers): not folded, not marked seen,
        # so the same draft is taken when the session really is composing.
        return state
    s = state.model_copy(deep=True)
    s.seen = [*s.seen, event.event_id][-MAX_SEEN:]
    s.events_folded += 1
    s.updated_at = max(s.updated_at or event.occurred_at, event.occurred_at)
    match event:
        case QueryReceived():
            if conflicting_query(state, event):
                pass  # the session's first question wins; decide() dead-letters this one
            elif s.opener is None or s.opener.get("event_type") != "QueryReceived":
                s.opener = event.model_dump(mode="json")
                s.original_query = event.query
                s.language = event.language or language_of(event.query)
                s.opened_at = min(s.opened_at or event.occurred_at, event.occurred_at)
                s.deadline_at = deadline_of(event) or s.deadline_at
        case RetryRequested():
            if s.stage != "answered":
                s.round, s.stage = 2, "investigating"
            s.retry_context = event.retry_context.model_dump(mode="json")
        case ExecutorFinished():
            if s.opener is None:
                s.opener = event.model_dump(mode="json") if _small(event) else None
                s.original_query = event.original_query
                s.language = language_of(event.original_query)
                s.deadline_at = s.deadline_at or deadline_of(event)
            s.original_query = s.original_query or event.original_query
            s.executor_output[str(event.round)] = event.executor_output.model_dump(mode="json")
            if s.stage == "investigating" and event.round >= s.round:
                s.round, s.stage = event.round, "verifying"
                s.pending_executor = event.model_dump(mode="json") if _small(event) else None
                _advance(s)
        case RuleEvaluationRecorded():
            s.self_evaluation = _with_channel(s, "rule_evaluation", {
                "round": event.round, "rule_score": event.rule_score, "evidence_items": event.evidence_items,
                "successful_items": event.successful_items, "direct_items": event.direct_items,
                "findings": [f.model_dump(mode="json") for f in event.findings],
            })
        case VerdictReached():
            current = verifier_evaluation(s)
            if current.get("round", 0) <= event.round:  # a late copy of an earlier round's verdict is not news
                record = event.model_dump(mode="json", exclude={"event_type", "schema_version", "session_id",
                                                                 "causation_id", "occurred_at"})
                history = [*current.get("history", []),
                           {"round": event.round, "verdict": event.verdict, "score": event.groundedness_score}]
                rounds = {**current.get("rounds", {}), str(event.round): round_record(
                    event.claim_checks, event.facts_checked, event.tool_trace_summary)}
                s.self_evaluation = _with_channel(s, "verifier_evaluation",
                                                  {**record, "history": history, "rounds": rounds})
                _advance(s)
        case AnswerDrafted():
            s.self_evaluation = _with_channel(s, "verifier_evaluation", {
                "composer_output": event.composer_output.model_dump(mode="json")})
            s.answer = _answer(s, event.final_answer, event.composer_output.status, "", event).model_dump(mode="json")
            s.stage = "answered"
        case WatchdogFired():
            s.watchdog_fires += 1
            if event.opener is not None and event.opener.event_id not in s.seen:
                s = evolve(s, event.opener)
            if event.kind == "deadline" and s.stage != "answered":
                text = render_degraded(material(s) or _empty(s), s.language, reason="deadline")
                s.answer = _answer(s, text, "not_called", "deadline", event).model_dump(mode="json")
                s.self_evaluation = _not_called(s, "deadline")
                s.stage = "answered"
        case AnswerComposed():
            pass  # the fold's own output: the answer is already in state when it is emitted
        case DeadLettered():
            if s.opener is None and not s.executor_output and s.stage != "answered":
                s.language = language_of(event.raw) if event.raw else s.language
                text = render_invalid_input(event.reason[:500], s.language)
                s.answer = _answer(s, text, "not_called", "invalid_input", event).model_dump(mode="json")
                s.stage = "answered"
        case StageFailed():
            if s.stage != "answered":
                text = render_degraded(material(s) or _empty(s), s.language, reason=event.reason)
                s.answer = _answer(s, text, "not_called", event.reason, event).model_dump(mode="json")
                s.self_evaluation = _not_called(s, event.reason)
                s.stage = "answered"
        case ComposeRequested() | StageStarted() | SessionExpired():
            pass
        case _:
            assert_never(event)
    return s


def conflicting_query(state: DiagnosisSession | None, event: QueryReceived) -> bool:
    """A second, different question under a session_id already in use."""
    return (state is not None and state.opener is not None and state.opener.get("event_type") == "QueryReceived"
            and state.opener.get("event_id") != event.event_id and state.original_query != event.query)


def _advance(s: DiagnosisSession) -> None:
    """Route once both the Executor result and the verdict of the current round are folded
    (they come on different topics, so either may be folded first)."""
    ve = verifier_evaluation(s)
    if s.stage != "verifying" or ve.get("round") != s.round or "verdict" not in ve:
        return
    r = route(ve["verdict"], ve["groundedness_score"], ve["round"])
    s.stage = "investigating" if r == "retry" else "composing"
    if r == "retry":
        s.round = 2


def replay(events: list[Event], state: DiagnosisSession | None = None) -> DiagnosisSession | None:
    for e in events:
        state = evolve(state, e)
    return state


def _small(event: Event) -> bool:
    return len(event.model_dump_json()) <= MAX_REDRIVE_BYTES


def _answer(s: DiagnosisSession, text: str, status: ComposerStatus, reason: DegradedReason,
            cause: Event) -> AnswerComposed:
    """The answer as the audit must see it: a degraded answer (deadline, failure, a Verifier that
    ran out of time or model) is REJECT with 0.0 and says why, whatever an earlier verdict said."""
    ve = verifier_evaluation(s)
    reason = reason or VERIFIER_DEGRADED.get(ve.get("verifier_status", ""), "")
    verdict: Verdict = "REJECT" if reason or "verdict" not in ve else ve["verdict"]
    return AnswerComposed(
        event_id=derived_id(s.session_id, "answer"), session_id=s.session_id, round=s.round,
        occurred_at=cause.occurred_at, causation_id=cause.event_id,
        verdict=verdict, groundedness_score=0.0 if verdict == "REJECT" else ve.get("groundedness_score", 0.0),
        final_answer=text, rounds=s.round, original_query=s.original_query,
        composer_status=status, degraded_reason=reason,
    )


def _not_called(s: DiagnosisSession, reason: str) -> dict[str, Any]:
    """The Composer audit of an answer the Composer never wrote (a fixed degraded template)."""
    return _with_channel(s, "verifier_evaluation", {"composer_output": ComposerOutput(
        status="not_called", detail=f"{reason}: the fixed degraded template"[:200]).model_dump(mode="json")})


# ----------------------------------------------------------------- decisions


def _empty(s: DiagnosisSession) -> Material:
    return Material(original_query=s.original_query, verdict="REJECT")


def material(s: DiagnosisSession) -> Material | None:
    """The Composer's material from every round's decisions: what either round confirmed stays
    (the retry round supplements round 1, it does not replace it)."""
    ve = verifier_evaluation(s)
    if not ve or "verdict" not in ve:
        return None
    return material_of_rounds(s.original_query, ve, s.executor_output)


def compose_request(s: DiagnosisSession) -> ComposeRequested:
    ve = verifier_evaluation(s)
    m = material(s)
    assert m is not None, "compose_request needs a verdict"
    r = route(ve["verdict"], ve["groundedness_score"], ve["round"])
    mode = MODE_OF["compose_disclaimer" if r == "retry" else r]
    return ComposeRequested(
        event_id=derived_id(s.session_id, ve["round"], "compose"), session_id=s.session_id, round=ve["round"],
        occurred_at=s.updated_at or datetime.fromtimestamp(0).astimezone(), causation_id=ve.get("event_id"),
        groundedness_score=ve["groundedness_score"], mode=mode,
        material=m.model_copy(update={"language": s.language}), deadline_at=s.deadline_at,
        reason=VERIFIER_DEGRADED.get(ve.get("verifier_status", ""), ""),
    )


def retry_request(s: DiagnosisSession) -> RetryRequested:
    """Round 2's input: round 1's gaps, its failed searches, and its evidence (bounded), so round
    2's Verifier judges against both rounds."""
    ve = verifier_evaluation(s)
    m = material(s)
    items = [TraceItem.model_validate(t) for t in ve.get("tool_trace_summary", [])]
    failed = [f"{t.tool_name} {t.input_summary}"[:MAX_CLAIM_CHARS] for t in items if not t.success]
    return RetryRequested(
        event_id=derived_id(s.session_id, 2, "retry"), session_id=s.session_id, round=2,
        occurred_at=s.updated_at or datetime.fromtimestamp(0).astimezone(), causation_id=ve.get("event_id"),
        original_query=s.original_query,
        retry_context=RetryContext(missing=m.missing_info[:MAX_LIST_ITEMS] if m else [],
                                   failed_evidence=failed[:MAX_LIST_ITEMS],
                                   previous_score=ve.get("groundedness_score", 0.0),
                                   prior_evidence=[t for t in items if t.success and t.round == 1][:MAX_PRIOR_ITEMS]),
        deadline_at=s.deadline_at,
    )


def redrive(s: DiagnosisSession) -> list[Event]:
    """What to publish again so a stalled session moves: the input of its pending stage."""
    if s.stage == "answered" and s.answer:
        return [AnswerComposed.model_validate(s.answer)]
    if s.stage == "composing":
        return [compose_request(s)]
    if s.stage == "verifying" and s.pending_executor:
        return [decode(s.pending_executor)]
    if s.round == 2:
        return [retry_request(s)]
    # Round 1 (or a verify input too large to keep): start again from what opened the session.
    return [decode(s.opener)] if s.opener else []


def decide(before: DiagnosisSession | None, after: DiagnosisSession, event: Event) -> list[Event]:
    """ChatService's decisions, read off the state transition an event caused."""
    if isinstance(event, WatchdogFired):
        return redrive(after)
    if before is not None and event.event_id in before.seen:
        return []
    if isinstance(event, QueryReceived) and conflicting_query(before, event):
        return [DeadLettered(
            event_id=derived_id("dead-letter", event.event_id), session_id=event.session_id, round=1,
            occurred_at=event.occurred_at, causation_id=event.event_id, source_topic="query",
            reason="session_id already holds another question: send a new question with a new session_id",
            raw=event.query[:4096])]
    b_stage = before.stage if before is not None else None
    b_round = before.round if before is not None else 0
    if after.stage == "answered" and b_stage != "answered" and after.answer:
        return [AnswerComposed.model_validate(after.answer)]
    if after.stage == "composing" and b_stage != "composing":
        return [compose_request(after)]
    if after.round == 2 and after.stage == "investigating" and b_round == 1:
        return [retry_request(after)]
    return []


def snapshot(s: DiagnosisSession) -> dict[str, Any]:
    """The audit view: the folded state without the re-drive copies of stage inputs."""
    return s.model_dump(mode="json", exclude={"pending_executor", "opener", "seen"})
