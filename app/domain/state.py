"""``diagnosis_session``: the typed state of one session, as the fold (``app.domain.session``)
builds it and as the audit stores it.

``self_evaluation`` is a container of channels (spec 000): ``rule_evaluation`` and
``verifier_evaluation`` are each replaced only by a read-modify-write of their own key
(``with_rule_evaluation`` / ``with_verifier_evaluation``); channels and keys this version does
not know are kept as they are (``extra="allow"``), and the container is created only from null.
Every nested value is immutable, so the fold copies a state shallowly and never in place.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from events.models import (
    AnswerComposed,
    ClaimCheck,
    ClaimCheckClass,
    ComposerOutput,
    ExecutorOutput,
    FactCheck,
    GatekeeperFinding,
    Language,
    LogRef,
    QueryReceived,
    Relevance,
    RetryContext,
    TraceItem,
    Usage,
    Verdict,
    Verification,
    VerifierStatus,
)

STATE_VERSION = 2
"""Version 1 was untyped dicts; a stored version-1 state is read as version 2 (same JSON shape)."""

Stage = Literal["investigating", "verifying", "composing", "answered"]
Route = Literal["compose_answer", "compose_disclaimer", "retry", "compose_degraded"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Channel(BaseModel):
    """A self_evaluation channel: typed where this version knows the keys, open to others."""

    model_config = ConfigDict(frozen=True, extra="allow")


class RuleEvaluation(Channel):
    """EvaluationService's rule-based evidence score of the latest round."""

    round: int = 1
    rule_score: float = 0.0
    evidence_items: int = 0
    successful_items: int = 0
    direct_items: int = 0
    findings: list[GatekeeperFinding] = Field(default_factory=list)


class HistoryEntry(Frozen):
    round: int
    verdict: Verdict
    score: float


class RoundClaim(Frozen):
    """One claim's reconciled decision in one round (no free text: the output holds the claim)."""

    claim_id: str
    classification: ClaimCheckClass
    is_critical: bool = True
    verification: Verification = "no_evidence"
    refs: list[str] = Field(default_factory=list)
    """The trace refs its reconciled fact cites: what a finding shown from it must be traced to."""


class RoundRecord(Frozen):
    """What a later round's material needs of this round's decisions."""

    claims: list[RoundClaim] = Field(default_factory=list)
    searched: list[tuple[str, str, bool]] = Field(default_factory=list)
    """(tool, input summary, failed) of each search that found nothing usable."""


class VerifierEvaluation(Channel):
    """The latest verdict as reached (with its traceability snapshot), every round's verdict in
    ``history``, every round's decisions in ``rounds``, and the Composer's audit."""

    event_id: str | None = None
    round: int | None = None
    verdict: Verdict | None = None
    groundedness_score: float = 0.0
    critical_fact_count: int = 0
    facts_checked: list[FactCheck] = Field(default_factory=list)
    claim_checks: list[ClaimCheck] = Field(default_factory=list)
    rationale: str = ""
    gatekeeper_findings: list[GatekeeperFinding] = Field(default_factory=list)
    tool_trace_summary: list[TraceItem] = Field(default_factory=list)
    traceability_version: str = ""
    verifier_status: VerifierStatus = "valid"
    overrides: list[str] = Field(default_factory=list)
    dropped_refs: int = 0
    usage: list[Usage] = Field(default_factory=list)
    history: list[HistoryEntry] = Field(default_factory=list)
    rounds: dict[int, RoundRecord] = Field(default_factory=dict)
    composer_output: ComposerOutput | None = None
    relevance: Relevance = ""


class SelfEvaluation(Channel):
    rule_evaluation: RuleEvaluation | None = None
    verifier_evaluation: VerifierEvaluation | None = None


class DiagnosisSession(BaseModel):
    """One session's folded state. ``opener`` is the question that opened it; an Executor result
    that opened it (or waits for verification) is kept by its place in the log, not copied."""

    model_config = ConfigDict(extra="ignore")

    version: int = STATE_VERSION
    session_id: str
    original_query: str = ""
    language: Language = "en"
    opened_at: datetime | None = None
    deadline_at: datetime | None = None
    stage: Stage = "investigating"
    round: int = 1
    route: Route | None = None
    seen: list[str] = Field(default_factory=list)
    opener: QueryReceived | None = None
    opener_ref: LogRef | None = None
    pending_ref: LogRef | None = None
    executor_output: dict[int, ExecutorOutput] = Field(default_factory=dict)
    retry_context: RetryContext | None = None
    self_evaluation: SelfEvaluation | None = None
    answer: AnswerComposed | None = None
    answer_ref: LogRef | None = None
    """Where the answer is on the log, once a worker read it there: a nudge that crossed it (sent
    while the answer was on its way) re-sends nothing, in whichever worker holds the session next."""
    watchdog_fires: int = 0
    events_folded: int = 0
    updated_at: datetime | None = None

    @property
    def verifier_evaluation(self) -> VerifierEvaluation | None:
        return self.self_evaluation.verifier_evaluation if self.self_evaluation else None

    @property
    def rule_evaluation(self) -> RuleEvaluation | None:
        return self.self_evaluation.rule_evaluation if self.self_evaluation else None


def with_rule_evaluation(s: DiagnosisSession, value: RuleEvaluation) -> SelfEvaluation:
    """Read-modify-write of ``rule_evaluation``: the other channels stay as they are."""
    container = s.self_evaluation or SelfEvaluation()
    return container.model_copy(update={"rule_evaluation": value})


def with_verifier_evaluation(s: DiagnosisSession, **update: Any) -> SelfEvaluation:
    """Read-modify-write of ``verifier_evaluation``: only ``update``'s keys change."""
    container = s.self_evaluation or SelfEvaluation()
    current = container.verifier_evaluation or VerifierEvaluation()
    return container.model_copy(update={"verifier_evaluation": current.model_copy(update=update)})
