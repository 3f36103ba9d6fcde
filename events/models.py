"""The wire contract: one envelope, payloads discriminated by a Literal ``event_type``.

Every event on every topic is one JSON object of this shape, keyed by ``session_id``.
A client in any language can produce a query or read an answer from the JSON Schemas
exported to ``events/schemas``. No rules live here: only shapes and defaults.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

SCHEMA_VERSION = 1
TRACEABILITY_VERSION = "1"
NAMESPACE = uuid.UUID("6b1f6c1e-9a53-4c3e-8d4e-3f7f0c1a2b90")

SessionId = Annotated[str, StringConstraints(min_length=1, max_length=200)]
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
ComposerStatus = Literal["valid", "malformed", "fallback"]
VerifierStatus = Literal["valid", "repaired", "overridden", "fail_closed", "deadline_exceeded", "model_unavailable"]


def _now() -> datetime:
    return datetime.now(UTC)


def derived_id(*parts: object) -> str:
    """A stable event id from what caused it, so a redone step emits the same event."""
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------- tool facts


class ToolInvocation(Model):
    """One tool call as it happened: the Verifier's evidence is built from these."""

    invocation_id: str
    tool_name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    success: bool = True
    output: str = ""
    error: str | None = None
    round: int = 1
    duration_ms: float | None = None


class Claim(Model):
    claim_id: str
    text: str
    claim_type: Literal["observation", "root_cause", "inference", "impact", "other"] = "other"
    is_critical: bool = True
    evidence_refs: list[str] = Field(default_factory=list)


class RecommendedAction(Model):
    action_text: str
    reason: str = ""


class ExecutorOutput(Model):
    """The Executor's structured diagnostic material (never shown to a user as is)."""

    claims: list[Claim] = Field(default_factory=list)
    hypotheses: list[str] = Field(default_factory=list)
    missing_info: list[str] = Field(default_factory=list)
    recommended_actions: list[RecommendedAction] = Field(default_factory=list)
    user_facing_answer: str = ""


# ---------------------------------------------------------------- verification


class TraceItem(Model):
    trace_ref: str
    tool_name: str
    success: bool
    input_summary: str
    output_summary: str
    evidence_level: EvidenceLevel
    source_invocation_ids: list[str]
    round: int = 1
    query_samples: list[str] = Field(default_factory=list)
    retrieval_layers: list[str] = Field(default_factory=list)
    relevance_levels: list[str] = Field(default_factory=list)
    source_documents: list[str] = Field(default_factory=list)
    excerpts: list[str] = Field(default_factory=list)
    repeated_calls: int = 1
    failed_calls: int = 0
    no_hit_calls: int = 0
    raw_output_chars: int = 0


class EvidenceRef(Model):
    trace_ref: str
    source_invocation_ids: list[str] = Field(default_factory=list)


class FactCheck(Model):
    fact: str
    is_critical: bool
    verification: Verification
    detail: str = ""
    evidence_refs: list[EvidenceRef] = Field(default_factory=list)
    claim_id: str | None = None


class ClaimCheck(Model):
    claim_id: str
    classification: ClaimCheckClass
    detail: str = ""


class GatekeeperFinding(Model):
    kind: Literal["unknown_trace_ref", "failed_call_ref", "fabricated_entity", "contradicted_value"]
    claim_id: str
    entity: str = ""
    detail: str = ""


class RetryContext(Model):
    missing: list[str] = Field(default_factory=list)
    failed_evidence: list[str] = Field(default_factory=list)
    previous_score: float = 0.0


class Usage(Model):
    role: str
    model: str
    prompt_hash: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    latency_ms: float = 0.0


# ---------------------------------------------------------------- envelope + payloads


class Envelope(Model):
    event_id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    schema_version: int = SCHEMA_VERSION
    session_id: SessionId
    round: int = Field(default=1, ge=1, le=2)
    occurred_at: datetime = Field(default_factory=_now)
    causation_id: str | None = None


class QueryReceived(Envelope):
    """A user's question. The minimal ``{"session_id", "query"}`` is a valid one."""

    event_type: Literal["QueryReceived"] = "QueryReceived"
    query: Annotated[str, StringConstraints(min_length=1, max_length=8000)]
    language: Literal["en", "zh"] | None = None
    deadline_s: float = Field(default=60.0, gt=0, le=3600)


class RetryRequested(Envelope):
    event_type: Literal["RetryRequested"] = "RetryRequested"
    original_query: str
    retry_context: RetryContext
    deadline_at: datetime | None = None


class ExecutorFinished(Envelope):
    """The Executor's result; may be produced by an external Executor ("bring your own")."""

    event_type: Literal["ExecutorFinished"] = "ExecutorFinished"
    original_query: str
    plan: list[str] = Field(default_factory=list)
    tool_invocations: list[ToolInvocation] = Field(default_factory=list)
    executor_output: ExecutorOutput = Field(default_factory=ExecutorOutput)
    usage: list[Usage] = Field(default_factory=list)
    retry_context: RetryContext | None = None
    deadline_at: datetime | None = None


class RuleEvaluationRecorded(Envelope):
    event_type: Literal["RuleEvaluationRecorded"] = "RuleEvaluationRecorded"
    rule_score: float = Field(ge=0.0, le=1.0)
    evidence_items: int
    successful_items: int
    direct_items: int
    findings: list[GatekeeperFinding] = Field(default_factory=list)


class VerdictReached(Envelope):
    event_type: Literal["VerdictReached"] = "VerdictReached"
    verdict: Verdict
    groundedness_score: float = Field(ge=0.0, le=1.0)
    critical_fact_count: int
    facts_checked: list[FactCheck]
    claim_checks: list[ClaimCheck] = Field(default_factory=list)
    rationale: str
    gatekeeper_findings: list[GatekeeperFinding] = Field(default_factory=list)
    tool_trace_summary: list[TraceItem] = Field(default_factory=list)
    traceability_version: str = TRACEABILITY_VERSION
    verifier_status: VerifierStatus = "valid"
    overrides: list[str] = Field(default_factory=list)
    dropped_refs: int = 0
    usage: list[Usage] = Field(default_factory=list)


class ComposerMaterial(Model):
    """Everything the Composer may see (spec 003): filtered by ChatService from the Verifier's
    decisions; never raw tool output, raw Executor JSON or the Executor's user_facing_answer."""

    original_query: str
    verdict: Verdict
    language: Literal["en", "zh"] = "en"
    allowed_claims: list[str] = Field(default_factory=list)
    allowed_hypotheses: list[str] = Field(default_factory=list)
    missing_info: list[str] = Field(default_factory=list)
    recommended_actions: list[RecommendedAction] = Field(default_factory=list)
    rationale: str = ""
    root_cause_allowed: bool = False


class ComposeRequested(Envelope):
    event_type: Literal["ComposeRequested"] = "ComposeRequested"
    groundedness_score: float = Field(ge=0.0, le=1.0)
    mode: Literal["answer", "disclaimer", "degraded"]
    material: ComposerMaterial
    reason: str = ""
    deadline_at: datetime | None = None


class ComposerOutput(Model):
    status: Literal["valid", "malformed", "fallback"]
    detail: str = ""
    answer_summary: str = ""
    recommended_actions: list[RecommendedAction] = Field(default_factory=list)
    user_facing_answer: str = ""


class AnswerDrafted(Envelope):
    """The compose stage's result, handed back to the session agent, the only answer writer."""

    event_type: Literal["AnswerDrafted"] = "AnswerDrafted"
    final_answer: str
    composer_output: ComposerOutput
    usage: list[Usage] = Field(default_factory=list)


class AnswerComposed(Envelope):
    """The one answer a session gets. Its event_id is derived from the session id."""

    event_type: Literal["AnswerComposed"] = "AnswerComposed"
    verdict: Verdict
    groundedness_score: float = Field(ge=0.0, le=1.0)
    final_answer: str
    rounds: int
    original_query: str = ""
    composer_status: Literal["valid", "malformed", "fallback"] = "fallback"
    degraded_reason: str = ""


class WatchdogFired(Envelope):
    """The ledger's nudge for a session with no answer yet; carries what opened it."""

    event_type: Literal["WatchdogFired"] = "WatchdogFired"
    kind: Literal["stalled", "deadline"]
    attempt: int = 1
    opener: QueryReceived | ExecutorFinished | None = Field(default=None, discriminator="event_type")


class DeadLettered(Envelope):
    event_type: Literal["DeadLettered"] = "DeadLettered"
    source_topic: str
    partition: int = -1
    offset: int = -1
    reason: str
    raw: str = Field(default="", description="The offending message, truncated to 4 KiB.")


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
    DeadLettered,
)
