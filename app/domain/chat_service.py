"""ChatService's decisions (spec 000): what to emit, read off the state transition an event
caused (``decide``), and what to publish again when the watchdog says a session is stuck
(``redrive``). Every event decided here has an id derived from the session, round and stage,
so a re-driven step emits the very same event.
"""

from __future__ import annotations

from app.domain.rounds import VERIFIER_DEGRADED, carried_id, material, with_prior
from app.domain.routing import MODE_OF
from app.domain.session import conflicting_query
from app.domain.state import DiagnosisSession
from events.models import (
    MAX_CLAIM_CHARS,
    MAX_LIST_ITEMS,
    MAX_PRIOR_ITEMS,
    Claim,
    ComposeRequested,
    DeadLettered,
    Event,
    ExecutorOutput,
    LogRef,
    QueryReceived,
    RetryContext,
    RetryRequested,
    VerdictReached,
    WatchdogFired,
    derived_id,
)

Redrive = Event | LogRef
"""What a re-drive publishes again: an event, or the record at a place in the log (a large
Executor result is read back rather than kept in state)."""


def compose_request(s: DiagnosisSession) -> ComposeRequested:
    ve = s.verifier_evaluation
    m = material(s)
    assert ve is not None and ve.round is not None and m is not None and s.route is not None, \
        "compose_request needs a routed verdict"
    assert s.updated_at is not None, "a folded session has the time of its latest event"
    return ComposeRequested(
        event_id=derived_id(s.session_id, ve.round, "compose"), session_id=s.session_id, round=ve.round,
        occurred_at=s.updated_at, causation_id=ve.event_id,
        groundedness_score=ve.groundedness_score, mode=MODE_OF["compose_disclaimer" if s.route == "retry" else s.route],
        material=m, deadline_at=s.deadline_at,
        reason=VERIFIER_DEGRADED.get(ve.verifier_status, ""),
    )


def retry_request(s: DiagnosisSession) -> RetryRequested:
    """The input of the session's next round (``s.round``, set by the fold): the earlier rounds'
    gaps, the last one's failed searches, and their evidence (bounded), so its Verifier judges
    against every round. A session a client's own Executor opened (no query) is in another round
    only with GROUNDGATE_BYO_RETRY=client: that Executor answers it."""
    ve = s.verifier_evaluation
    assert ve is not None, "retry_request needs the last round's verdict"
    assert s.updated_at is not None, "a folded session has the time of its latest event"
    m = material(s)
    items = ve.tool_trace_summary
    failed = [f"{t.tool_name} {t.input_summary}"[:MAX_CLAIM_CHARS] for t in items if not t.success]
    earlier = [t for t in items if t.success and t.round < s.round]
    return RetryRequested(
        event_id=derived_id(s.session_id, s.round, "retry"), session_id=s.session_id, round=s.round,
        occurred_at=s.updated_at, causation_id=ve.event_id,
        original_query=s.original_query,
        retry_context=RetryContext(missing=m.missing_info[:MAX_LIST_ITEMS] if m else [],
                                   failed_evidence=failed[:MAX_LIST_ITEMS],
                                   previous_score=ve.groundedness_score,
                                   prior_evidence=earlier[:MAX_PRIOR_ITEMS],
                                   prior_claims=prior_claims(s)),
        deadline_at=s.deadline_at,
        executor="client" if s.opener is None else "builtin",
    )


def prior_claims(s: DiagnosisSession) -> list[Claim]:
    """The last round's critical claims it did not confirm (those it carried from earlier rounds
    too): the next round judges them again against every round's evidence, so its verdict covers
    them (spec 000: the extra round supplements)."""
    ve = s.verifier_evaluation
    last = s.round - 1
    record = ve.rounds.get(last) if ve is not None else None
    if ve is None or record is None:
        return []
    open_ = {c.claim_id for c in record.claims
             if c.is_critical and c.classification not in ("direct_observation", "reasonable_inference")}
    output = s.executor_output.get(last, ExecutorOutput())
    claims = (with_prior(output, ve.facts_checked) if last > 1 else output).claims
    return [c.model_copy(update={"claim_id": carried_id(last, c.claim_id), "is_critical": True})
            for c in claims if c.claim_id in open_][:MAX_LIST_ITEMS]


def redrive(s: DiagnosisSession, kind: str = "stalled") -> list[Redrive]:
    """What to publish again so a stalled session moves: the input of its pending stage. An
    answered session's answer (its worker died between writing it to its table and sending it)
    is sent again for a stall or a regroup (the ledger has not seen it for a while, or for
    seconds since the workers changed) but not for a take-over of a stopped worker's session,
    which comes at once and may cross its answer, nor once a worker read the answer on the log
    (``answer_ref``: the nudge crossed it)."""
    if s.stage == "answered" and s.answer is not None:
        return [s.answer] if kind != "orphaned" and s.answer_ref is None else []
    if s.stage == "composing":
        return [compose_request(s)]
    if s.stage == "verifying" and s.pending_ref is not None:
        return [s.pending_ref]
    if s.round > 1:
        return [retry_request(s)]
    # Round 1: start again from what opened the session.
    return [s.opener] if s.opener is not None else [s.opener_ref] if s.opener_ref is not None else []


def decide(before: DiagnosisSession | None, after: DiagnosisSession, event: Event) -> list[Redrive]:
    """ChatService's decisions, read off the state transition an event caused."""
    if before is not None and event.event_id in before.seen:
        return []  # read again (a nudge too, after a rebalance: every nudge has its own id)
    if isinstance(event, WatchdogFired):
        if before is not None and before.answer is not None and event.occurred_at <= before.answer.occurred_at:
            return []  # sent before the answer was made, acted on after it (its worker was behind)
        return redrive(after, event.kind)
    if isinstance(event, QueryReceived) and conflicting_query(before, event):
        return [DeadLettered(
            event_id=derived_id("dead-letter", event.event_id), session_id=event.session_id, round=1,
            occurred_at=event.occurred_at, causation_id=event.event_id, source_topic="query",
            reason="session_id already holds another question: send a new question with a new session_id",
            raw=event.query[:4096])]
    b_stage = before.stage if before is not None else None
    if after.stage == "answered" and b_stage != "answered" and after.answer is not None:
        return [after.answer]
    if after.stage == "composing" and b_stage != "composing":
        return [compose_request(after)]
    if before is not None and after.round > before.round and after.stage == "investigating":
        return [retry_request(after)]
    return []


def snapshot_due(before: DiagnosisSession | None, after: DiagnosisSession, event: Event) -> bool:
    """Whether the audit gets a snapshot: when the stage, the round or a verdict changed, not for
    every event (the events themselves are audited). The rule evaluation that comes just before
    its round's verdict gets none: the verdict's snapshot carries it, or, if no verdict comes, the
    snapshot of how the session ended."""
    if after is before:
        return False
    if before is None or before.stage != after.stage or before.round != after.round:
        return True
    return isinstance(event, VerdictReached)


def snapshot(s: DiagnosisSession) -> bytes:
    """The audit view: the folded state without the ids it has seen."""
    return s.model_dump_json(exclude={"seen", "opener"}).encode()
