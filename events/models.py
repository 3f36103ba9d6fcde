"""The wire contract: one envelope, payloads discriminated by a Literal ``event_type``.

Every event on every topic is one JSON object of this shape, keyed by ``session_id``.
A client in any language can produce a query or read an answer from the JSON Schemas
exported to ``events/schemas``. No rules live here: only shapes and defaults.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, model_validator

SCHEMA_VERSION = 2
TRACEABILITY_VERSION = "1"
NAMESPACE = uuid.UUID("6b1f6c1e-9a53-4c3e-8d4e-3f7f0c1a2b90")

# ------------------------------------------------------------------ limits
# Every field that can grow has a bound, so that every valid event fits in a Kafka message
# (``events.codec.MAX_MESSAGE_BYTES``) and nothing the worker derives from it can outgrow one.
MAX_ID_CHARS = 200
MAX_QUERY_CHARS = 8_000
MAX_CLAIM_CHARS = 4_000
MAX_ANSWER_CHARS = 20_000
MAX_LIST_ITEMS = 100
MAX_INVOCATIONS = 200
MAX_TOOL_OUTPUT_CHARS = 4_000_000
MAX_ERROR_CHARS = 2_000
# What the Verifier and the Composer see and what the audit keeps: model-derived and
# tool-derived text is cut to these sizes before it enters an event.
MAX_TRACE_TEXT_CHARS = 400
MAX_TRACE_LABEL_CHARS = 200
MAX_TRACE_SAMPLES = 8
MAX_TRACE_ITEMS = 250
MAX_PRIOR_ITEMS = 20
MAX_DETAIL_CHARS = 1_000
MAX_RATIONALE_CHARS = 2_000


def _none_as_empty(value: object) -> object:
    return "" if value is None else value


Id = Annotated[str, StringConstraints(min_length=1, max_length=MAX_ID_CHARS)]
SessionId = Id
QueryText = Annotated[str, StringConstraints(max_length=MAX_QUERY_CHARS)]
ClaimText = Annotated[str, StringConstraints(max_length=MAX_CLAIM_CHARS)]
AnswerText = Annotated[str, StringConstraints(max_length=MAX_ANSWER_CHARS)]
ToolOutput = Annotated[str, BeforeValidator(_none_as_empty, json_schema_input_type=str | None),
                      StringConstraints(max_length=MAX_TOOL_OUTPUT_CHARS)]
ErrorText = Annotated[str, StringConstraints(max_length=MAX_ERROR_CHARS)]
TraceText = Annotated[str, StringConstraints(max_length=MAX_TRACE_TEXT_CHARS)]
TraceLabel = Annotated[str, StringConstraints(max_length=MAX_TRACE_LABEL_CHARS)]
DetailText = Annotated[str, StringConstraints(max_length=MAX_DETAIL_CHARS)]
RationaleText = Annotated[str, StringConstraints(max_length=MAX_RATIONALE_CHARS)]
Verdict = Literal["PASS", "LOW_CONFID", "REJECT"]
Verification = Literal["direct_evidence", "indirect_support", "no_evidence", "contradicted"]
ClaimCheckClass = Literal[
    "direct_observation",
    "reasonable_inference",
    "overstated",
    "unsupported",
    "external_unknown",
    "contradicted",
]
EvidenceLevel = Literal["direct", "indirect", "none"]
Language = Literal["en", "zh"]
ComposerStatus = Literal["valid", "malformed", "fallback", "not_called"]
VerifierStatus = Literal["valid", "repaired", "overridden", "fail_closed", "deadline_exceeded", "model_unavailable"]
Stage = Literal["investigate", "verify", "compose"]
DegradedReason = Literal["", "deadline", "invalid_input", "model_unavailable", "internal_error", "model_unusable"]
CallStatus = Literal["ok", "timeout", "unusable", "refused", "error"]
Relevance = Literal["", "relevant", "partial", "off_topic"]
RejectReason = Literal["", "contradicted", "fabricated", "no_evidence", "off_topic", "check_failed"]
Refusal = Literal["", "untraced", "omitted", "sole_cause", "unfounded_cause", "hypothesis_as_fact"]


def _now() -> datetime:
    return datetime.now(UTC)


def derived_id(*parts: object) -> str:
    """A stable event id from what caused it, so a redone step emits the same event."""
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))


class Model(BaseModel):
    """Every wire model: immutable, unknown fields refused (a newer producer's fields are trimmed
    by the codec before validation, see ``events.codec``), attribute docstrings exported as the
    JSON Schema's descriptions."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


# ---------------------------------------------------------------- tool facts


class ToolInvocation(Model):
    """One tool call as it happened: the Verifier's evidence is built from these."""

    invocation_id: Id
    """Unique within the session; claims cite it (or a trace_ref) as evidence."""
    tool_name: Id
    """The tool's name; helpers (clock, formatting, …) are not evidence."""
    arguments: dict[str, Any] = Field(default_factory=dict)
    """What the tool was asked (JSON nested at most 64 levels)."""
    success: bool = True
    """False for a call that failed: it is an evidence gap, never evidence."""
    output: ToolOutput = Field(default="", description="The tool's raw output; null is read as empty.")
    error: ErrorText | None = None
    """Why a failed call failed."""
    round: int = Field(default=1, ge=1, le=2)
    duration_ms: float | None = None
    evidence: bool | None = Field(
        default=None, description="Whether this tool's output is evidence; null: judged by its name and output.")


class Claim(Model):
    claim_id: Id
    """Unique within the Executor output: a repeat is given an id of its own (``c1#2``) on validation."""
    text: ClaimText
    """The claim as the Executor states it (at most 4,000 characters)."""
    claim_type: Literal["observation", "root_cause", "inference", "impact", "other"] = "other"
    """What kind of claim: only a root_cause claim may be worded as the cause."""
    is_critical: bool = True
    """The Executor's view; the Verifier's reconciled view decides evidence gaps."""
    evidence_refs: list[Id] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """invocation_ids or trace_refs the claim relies on."""


class RecommendedAction(Model):
    action_text: ClaimText
    reason: ClaimText = ""


class ExecutorOutput(Model):
    """The Executor's structured diagnostic material (never shown to a user as is)."""

    claims: list[Claim] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    hypotheses: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    missing_info: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    recommended_actions: list[RecommendedAction] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    user_facing_answer: AnswerText = ""

    @model_validator(mode="before")
    @classmethod
    def _claim_ids_unique(cls, data: Any) -> Any:
        """A claim id said twice would let one claim's check stand for the other's: each repeat
        gets an id of its own (``c1``, ``c1`` -> ``c1``, ``c1#2``), so every claim is checked."""
        claims = data.get("claims") if isinstance(data, dict) else None
        if not isinstance(claims, list) or len(claims) > MAX_LIST_ITEMS:
            return data  # not a list of claims within bounds: validation says why
        ids = [c.claim_id if isinstance(c, Claim) else c.get("claim_id") if isinstance(c, dict) else None
               for c in claims]
        taken = {i for i in ids if isinstance(i, str)}
        if len(taken) == sum(isinstance(i, str) for i in ids):
            return data
        seen: set[str] = set()
        out: list[Any] = []
        for c, i in zip(claims, ids, strict=True):
            if isinstance(i, str) and i in seen:
                n = 2
                while (new := f"{i[:MAX_ID_CHARS - 8]}#{n}") in taken:
                    n += 1
                taken.add(new)
                c = c.model_copy(update={"claim_id": new}) if isinstance(c, Claim) else {**c, "claim_id": new}
            elif isinstance(i, str):
                seen.add(i)
            out.append(c)
        return {**data, "claims": out}


# ---------------------------------------------------------------- verification


class TraceItem(Model):
    """One summarised evidence entry; every field is bounded, whatever the tool returned."""

    trace_ref: Annotated[str, StringConstraints(max_length=40)]
    tool_name: Id
    success: bool
    input_summary: TraceText
    output_summary: TraceText
    evidence_level: EvidenceLevel
    source_invocation_ids: list[Id] = Field(max_length=MAX_INVOCATIONS)
    effective_invocation_ids: list[Id] = Field(
        default_factory=list, max_length=MAX_INVOCATIONS,
        description="The calls of this item that succeeded with usable evidence: the only ids a ref may cite.")
    round: int = Field(default=1, ge=1, le=2)
    query_samples: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    retrieval_layers: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    relevance_levels: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    source_documents: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    excerpts: list[TraceText] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    repeated_calls: int = Field(default=1, ge=0)
    failed_calls: int = Field(default=0, ge=0)
    no_hit_calls: int = Field(default=0, ge=0)
    raw_output_chars: int = Field(default=0, ge=0)


class EvidenceRef(Model):
    trace_ref: Annotated[str, StringConstraints(max_length=40)]
    source_invocation_ids: list[Id] = Field(default_factory=list, max_length=MAX_INVOCATIONS)


class FactCheck(Model):
    fact: ClaimText
    is_critical: bool
    verification: Verification
    detail: DetailText = ""
    evidence_refs: list[EvidenceRef] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    claim_id: Id | None = None
    basis: Literal["", "fabricated", "contradicted"] = ""
    """Why a contradicted fact is: fabricated (it names what no evidence holds) or contradicted (the evidence
    shows otherwise); empty for any other label."""


class ClaimCheck(Model):
    claim_id: Id
    classification: ClaimCheckClass
    detail: DetailText = ""


class GatekeeperFinding(Model):
    kind: Literal["unknown_trace_ref", "failed_call_ref", "fabricated_entity", "contradicted_value"]
    claim_id: Id
    entity: ClaimText = ""
    detail: DetailText = ""


class RetryContext(Model):
    """What round 2 is for: round 1's gaps and failed searches, and round 1's evidence, so that
    round 2's Verifier judges against both rounds (the extra round supplements, spec 000)."""

    missing: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    failed_evidence: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    previous_score: float = Field(default=0.0, ge=0.0, le=1.0)
    prior_evidence: list[TraceItem] = Field(
        default_factory=list, max_length=MAX_PRIOR_ITEMS,
        description="Round 1's successful trace items (bounded), seen by round 2's Verifier.")
    prior_claims: list[Claim] = Field(
        default_factory=list, max_length=MAX_LIST_ITEMS,
        description="Round 1's critical claims that round 1 did not confirm: round 2's verdict covers them too.")


class Usage(Model):
    """One model call: what it cost, and how it ended (``error`` is the class and status of a call
    that failed after ``attempts`` tries, or why its reply could not be used; never the endpoint's
    text)."""

    role: str
    model: str
    prompt_hash: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    latency_ms: float = 0.0
    attempts: int = 1
    error: Annotated[str, StringConstraints(max_length=200)] = ""
    status: CallStatus = "ok"
    """ok; timeout (no reply in time); unusable (a reply that could not be used: ``error`` starts with
    the reason); refused (the endpoint refused the request: 4xx); error (unreachable, 429 or 5xx)."""


# ---------------------------------------------------------------- envelope + payloads


class LogRef(Model):
    """Where a record sits in the log: large inputs are referenced, never copied."""

    topic: Id
    partition: int = Field(ge=0)
    offset: int = Field(ge=0)
    event_id: Id | None = None
    """The event_id of the record there, when the referrer knew it."""


class Envelope(Model):
    event_id: Id = Field(default_factory=lambda: str(uuid.uuid4()))
    """The idempotency key: an event id seen before changes nothing. A message produced without one takes an id derived
    from its place in the log."""
    schema_version: int = SCHEMA_VERSION
    """The contract version the producer wrote; older events are upcast on decode, newer ones' unknown fields are
    trimmed."""
    session_id: SessionId
    """One diagnosis; the Kafka key of every event of the session (at most 200 characters)."""
    round: int = Field(default=1, ge=1, le=2)
    """1, or 2 for the one extra evidence round."""
    occurred_at: datetime = Field(default_factory=_now)
    """When it happened (UTC); a message produced without one takes its record timestamp."""
    causation_id: Id | None = None
    """The event_id of the event that caused this one."""


class QueryReceived(Envelope):
    """A user's question. The minimal ``{"session_id", "query"}`` is a valid one."""

    event_type: Literal["QueryReceived"] = "QueryReceived"
    query: Annotated[str, StringConstraints(min_length=1, max_length=MAX_QUERY_CHARS)]
    """The user's question (1 to 8,000 characters)."""
    language: Language | None = None
    """The answer's language; null: told from the question."""
    deadline_s: float | None = Field(
        default=None, gt=0, le=3600, description="Seconds to answer in; null: the worker's GROUNDGATE_DEADLINE_S.")


class RetryRequested(Envelope):
    event_type: Literal["RetryRequested"] = "RetryRequested"
    original_query: QueryText
    retry_context: RetryContext
    deadline_at: datetime | None = None


class ExecutorFinished(Envelope):
    """The Executor's result; may be produced by an external Executor ("bring your own")."""

    event_type: Literal["ExecutorFinished"] = "ExecutorFinished"
    original_query: QueryText
    """The question the Executor answered."""
    plan: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The Planner's steps, as text."""
    tool_invocations: list[ToolInvocation] = Field(default_factory=list, max_length=MAX_INVOCATIONS)
    """Every tool call as it happened (at most 200): the evidence is built from these only."""
    executor_output: ExecutorOutput = Field(default_factory=ExecutorOutput)
    """The Executor's claims and material (never shown to a user as is)."""
    usage: list[Usage] = Field(default_factory=list)
    retry_context: RetryContext | None = None
    deadline_at: datetime | None = None
    """When the session must be answered; null: the worker's GROUNDGATE_DEADLINE_S after occurred_at."""
    started_at: datetime | None = None
    """When the stage that made it began (occurred_at: when it ended)."""


class RuleEvaluationRecorded(Envelope):
    event_type: Literal["RuleEvaluationRecorded"] = "RuleEvaluationRecorded"
    rule_score: float = Field(ge=0.0, le=1.0)
    evidence_items: int
    successful_items: int
    direct_items: int
    findings: list[GatekeeperFinding] = Field(default_factory=list, max_length=5 * MAX_LIST_ITEMS)


class VerdictReached(Envelope):
    event_type: Literal["VerdictReached"] = "VerdictReached"
    verdict: Verdict
    groundedness_score: float = Field(ge=0.0, le=1.0)
    critical_fact_count: int = Field(ge=0)
    facts_checked: list[FactCheck] = Field(max_length=2 * MAX_LIST_ITEMS)
    claim_checks: list[ClaimCheck] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    rationale: RationaleText
    gatekeeper_findings: list[GatekeeperFinding] = Field(default_factory=list, max_length=5 * MAX_LIST_ITEMS)
    tool_trace_summary: list[TraceItem] = Field(default_factory=list, max_length=MAX_TRACE_ITEMS)
    traceability_version: str = TRACEABILITY_VERSION
    verifier_status: VerifierStatus = "valid"
    overrides: list[DetailText] = Field(default_factory=list, max_length=MAX_TRACE_ITEMS)
    dropped_refs: int = Field(default=0, ge=0)
    usage: list[Usage] = Field(default_factory=list)
    started_at: datetime | None = None
    """When the verify stage began (occurred_at: when it ended)."""
    relevance: Relevance = ""
    """Whether the supported claims address the question: the Verifier's label, floored by a deterministic check
    (the claims share the question's subject); off_topic is never PASS."""


class ComposerMaterial(Model):
    """Everything the Composer may see (spec 003): filtered by ChatService from the Verifier's
    decisions; never raw tool output, raw Executor JSON or the Executor's user_facing_answer."""

    original_query: QueryText
    verdict: Verdict
    language: Language = "en"
    allowed_claims: list[ClaimText] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    allowed_hypotheses: list[ClaimText] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    missing_info: list[ClaimText] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    recommended_actions: list[RecommendedAction] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    rationale: RationaleText = ""
    root_cause_allowed: bool = False
    searched: list[ClaimText] = Field(
        default_factory=list, max_length=MAX_LIST_ITEMS,
        description="Searches that failed or found nothing (tool and input), for an answer with no evidence.")
    certain_causes: list[ClaimText] = Field(
        default_factory=list, max_length=2 * MAX_LIST_ITEMS,
        description="The allowed claims that may be worded as the sole or certain cause (confirmed root-cause claims).")
    evidence_found: bool = False
    """Whether any tool call returned usable evidence (an answer with nothing confirmed says which case it is)."""
    why: RejectReason = ""
    """Why nothing, or not everything, is confirmed: contradicted by the evidence, fabricated (named what no
    evidence holds), no evidence found, the findings do not address the question, or the check itself failed
    (the Verifier gave no usable verdict: its reply was unusable, or it did not answer in time)."""
    note: ClaimText = ""
    """A fixed line the answer must carry (e.g. that no second evidence round could be run)."""


class ComposeRequested(Envelope):
    event_type: Literal["ComposeRequested"] = "ComposeRequested"
    groundedness_score: float = Field(ge=0.0, le=1.0)
    mode: Literal["answer", "disclaimer", "degraded"]
    material: ComposerMaterial
    reason: str = ""
    deadline_at: datetime | None = None


class ComposerOutput(Model):
    status: ComposerStatus
    detail: DetailText = ""
    refusal: Refusal = ""
    """Why valid Composer JSON was refused (the template answered): a line no material item holds, a confirmed
    finding left out, sole or certain cause wording, a cause the material does not give, a hypothesis as fact."""
    refused_line: ClaimText = ""
    """The line of the Composer's text it was refused for (or the finding it left out)."""
    answer_summary: ClaimText = ""
    recommended_actions: list[RecommendedAction] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    user_facing_answer: AnswerText = ""


class AnswerDrafted(Envelope):
    """The compose stage's result, handed back to the session agent, the only answer writer."""

    event_type: Literal["AnswerDrafted"] = "AnswerDrafted"
    final_answer: str
    composer_output: ComposerOutput
    usage: list[Usage] = Field(default_factory=list)
    started_at: datetime | None = None
    """When the compose stage began (occurred_at: when it ended, the answer's own time)."""


class AnswerComposed(Envelope):
    """The one answer a session gets. Its event_id is derived from the session id."""

    event_type: Literal["AnswerComposed"] = "AnswerComposed"
    verdict: Verdict
    """PASS, LOW_CONFID or REJECT (a degraded answer is always REJECT)."""
    groundedness_score: float = Field(ge=0.0, le=1.0)
    """Derived from the critical facts' labels by fixed rules; 0.0 for REJECT."""
    final_answer: str
    """The text for the user: written by the Composer from Verifier-allowed material, or a fixed template."""
    rounds: int
    """How many evidence rounds ran (1 or 2)."""
    original_query: QueryText = ""
    composer_status: ComposerStatus = "fallback"
    """valid: the Composer's text; malformed/fallback: the Composer ran and a template was used;
    not_called: a fixed template, the Composer never ran."""
    degraded_reason: DegradedReason = ""
    """Why the answer is degraded, if it is: deadline (the deadline passed, or what it left a stage ran out),
    invalid_input, model_unavailable (no reply: timeout, unreachable, refused), model_unusable (a reply the role
    could not use), internal_error."""


class WatchdogFired(Envelope):
    """The ledger's nudge for a session with no answer yet; carries what opened it (a query as is,
    an Executor result by reference).

    ``stalled``: no progress for GROUNDGATE_STALL_S and no live stage holds it; ``orphaned``: the
    worker whose stage held it stopped or died; ``regrouped``: no live stage holds it and it made
    no progress since the workers changed, a few seconds ago; ``deadline``: the session's
    deadline passed."""

    event_type: Literal["WatchdogFired"] = "WatchdogFired"
    kind: Literal["stalled", "orphaned", "regrouped", "deadline"]
    attempt: int = 1
    opener: QueryReceived | None = None
    opener_ref: LogRef | None = None
    missed: list[LogRef] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """Where the ledger read the session's events: the session agent folds any it skipped first."""


class StageStarted(Envelope):
    """A stage took up a session: while the worker that holds it is alive and the lease lasts,
    the watchdog does not re-drive the session (a running model call is never doubled)."""

    event_type: Literal["StageStarted"] = "StageStarted"
    stage: Stage
    worker_id: Id
    incarnation: Id
    lease_until: datetime


class StageFailed(Envelope):
    """A stage gave up for good (a model that is unavailable, an internal error): the session is
    answered degraded with this reason at once, not re-driven."""

    event_type: Literal["StageFailed"] = "StageFailed"
    stage: Stage
    reason: DegradedReason
    detail: ErrorText = ""
    usage: list[Usage] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)


class SessionExpired(Envelope):
    """An answered session is forgotten (its state leaves the worker's table): sent by the ledger
    ``GROUNDGATE_RETENTION_S`` after the answer. The session_id may be used again afterwards."""

    event_type: Literal["SessionExpired"] = "SessionExpired"
    answered_at: datetime


class WorkerBeat(Model):
    """A worker's heartbeat on the workers topic: which incarnation of a worker is alive."""

    worker_id: Id
    incarnation: Id
    state: Literal["alive", "stopping"] = "alive"
    at: datetime


class DeadLettered(Envelope):
    """A record no reader could take, and why; when its session is known and has nothing else,
    that session is answered (degraded, saying what was wrong)."""

    event_type: Literal["DeadLettered"] = "DeadLettered"
    source_topic: Annotated[str, StringConstraints(max_length=MAX_ID_CHARS)]
    """The topic the record was read from."""
    partition: int = -1
    offset: int = -1
    reason: ErrorText
    """One line: what was wrong (never the record itself)."""
    raw: str = Field(default="", max_length=4096, description="The offending message, truncated to 4 KiB.")


Event = Annotated[
    QueryReceived
    | RetryRequested
    | ExecutorFinished
    | RuleEvaluationRecorded
    | VerdictReached
    | ComposeRequested
    | AnswerDrafted
    | AnswerComposed
    | WatchdogFired
    | StageStarted
    | StageFailed
    | SessionExpired
    | DeadLettered,
    Field(discriminator="event_type"),
]

EVENT_TYPES: tuple[type[Envelope], ...] = (
    QueryReceived,
    RetryRequested,
    ExecutorFinished,
    RuleEvaluationRecorded,
    VerdictReached,
    ComposeRequested,
    AnswerDrafted,
    AnswerComposed,
    WatchdogFired,
    StageStarted,
    StageFailed,
    SessionExpired,
    DeadLettered,
)
