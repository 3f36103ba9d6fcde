"""The wire contract: one envelope, payloads discriminated by a Literal ``event_type``.

Every event on every topic is one JSON object of this shape, keyed by ``session_id``.
A client in any language can produce a query or read an answer from the JSON Schemas
exported to ``events/schemas``. No rules live here: only shapes and defaults.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import sys
import uuid
from datetime import UTC, datetime
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints, model_validator

SCHEMA_VERSION = 2
TRACEABILITY_VERSION = "1"
MAX_ROUNDS = 2
"""How many evidence rounds a session may run: round 1, and one extra round when a weak verdict asks for
it (spec 000). The one home of that number: every ``round`` of the contract is bounded by it, and the
core's routing reads it."""
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
Round = Annotated[int, Field(ge=1, le=MAX_ROUNDS)]
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


_NAMESPACE_SHA1 = hashlib.sha1(NAMESPACE.bytes, usedforsecurity=False)


def derived_id(*parts: object) -> str:
    """A stable event id from what caused it, so a redone step emits the same event.

    ``uuid.uuid5(NAMESPACE, "/".join(parts))``, byte for byte, without its costs: the hash goes on
    from a copy of the namespace's, and the text is formatted from the digest without a ``UUID``
    object (~7 us instead of ~20 us on a busy 2-core machine; a worker derives ~18 ids a session)."""
    digest = _NAMESPACE_SHA1.copy()
    digest.update("/".join(str(p) for p in parts).encode())
    b = bytearray(digest.digest()[:16])
    b[6] = (b[6] & 0x0F) | 0x50  # version 5
    b[8] = (b[8] & 0x3F) | 0x80  # the RFC 4122 variant
    x = b.hex()
    return f"{x[:8]}-{x[8:12]}-{x[12:16]}-{x[16:20]}-{x[20:]}"


@cache
def attribute_docstrings(module: str) -> dict[str, dict[str, str]]:
    """Class name → field name → docstring, for the top-level classes of ``module`` (imported,
    or being imported), read in one parse of its source; empty where the source cannot be read.

    A field's docstring is the string statement right after its annotated assignment, cleaned as
    ``inspect.cleandoc`` cleans it: the rule of pydantic's ``use_attribute_docstrings``, which
    finds each class's source on its own (a walk up the stack, a tokenizer run from the class to
    its end, two parses) for ~20 ms of a worker start's CPU over this module's 30 classes."""
    try:
        source = inspect.getsource(sys.modules[module])
    except (OSError, TypeError):
        return {}
    return {node.name: _docstrings_of(node) for node in ast.parse(source).body if isinstance(node, ast.ClassDef)}


def _docstrings_of(node: ast.ClassDef) -> dict[str, str]:
    docs: dict[str, str] = {}
    for before, stmt in zip(node.body, node.body[1:], strict=False):
        if (isinstance(before, ast.AnnAssign) and isinstance(before.target, ast.Name)
                and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)):
            docs[before.target.id] = inspect.cleandoc(stmt.value.value)
    return docs


class Model(BaseModel):
    """Every wire model: immutable, unknown fields refused (a newer producer's fields are trimmed
    by the codec before validation, see ``events.codec``), attribute docstrings exported as the
    JSON Schema's descriptions.

    The docstrings are read from one parse of the module (``attribute_docstrings``) rather than by
    pydantic's ``use_attribute_docstrings``, which reads the source again for every class: the
    build is deferred to here, once the descriptions are in, so each class is still built once,
    at import, as before."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        docs = attribute_docstrings(cls.__module__).get(cls.__name__, {})
        for name, info in cls.model_fields.items():
            if info.description is None and name in docs:
                info.description = docs[name]
        cls.model_rebuild(raise_errors=False)


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
    round: Round = 1
    """The evidence round the call was made in."""
    duration_ms: float | None = None
    """How long the call took, if the Executor measured it."""
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
    """What to do, as the Executor proposes it."""
    reason: ClaimText = ""
    """Why that action, if the Executor says."""


class ExecutorOutput(Model):
    """The Executor's structured diagnostic material (never shown to a user as is)."""

    claims: list[Claim] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The claims of the diagnosis, each citing the tool calls it rests on (at most 100)."""
    hypotheses: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """What may explain the problem but is not established: never worded as fact."""
    missing_info: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """What the Executor could not find out (an evidence gap)."""
    recommended_actions: list[RecommendedAction] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """Next steps the Executor proposes; the Verifier decides which reach the user."""
    user_facing_answer: AnswerText = ""
    """The Executor's own answer text: audited, never shown to the user."""

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
    """The item's reference (``T<round>-<n>``): claims and facts cite it."""
    tool_name: Id
    """The tool the calls of this item went to."""
    success: bool
    """Whether any call of this item returned usable evidence."""
    input_summary: TraceText
    """The first effective call's arguments as JSON, cut to 400 characters."""
    output_summary: TraceText
    """One line on what the calls returned (how many evidence lines, which sources) or why nothing."""
    evidence_level: EvidenceLevel
    """direct; indirect (the tool rated every hit below high relevance); none (failed, or no hits)."""
    source_invocation_ids: list[Id] = Field(max_length=MAX_INVOCATIONS)
    """Every call compacted into this item (same tool, same topic, same round)."""
    effective_invocation_ids: list[Id] = Field(
        default_factory=list, max_length=MAX_INVOCATIONS,
        description="The calls of this item that succeeded with usable evidence: the only ids a ref may cite.")
    round: Round = 1
    """The evidence round of the calls."""
    query_samples: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    """The arguments of the first few calls (at most 3), cut to 120 characters each."""
    retrieval_layers: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    """The kinds of source the hits came from (``runbook_section`` for a runbook), as the tool reports them."""
    relevance_levels: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    """The relevance the tool gave its hits (e.g. high, medium), as it reports them."""
    source_documents: list[TraceLabel] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    """The documents the hits came from (runbook or log file names)."""
    excerpts: list[TraceText] = Field(default_factory=list, max_length=MAX_TRACE_SAMPLES)
    """At most 8 evidence lines of at most 300 characters, those naming the claims' entities first."""
    repeated_calls: int = Field(default=1, ge=0)
    """How many calls this item compacts."""
    failed_calls: int = Field(default=0, ge=0)
    """How many of them failed."""
    no_hit_calls: int = Field(default=0, ge=0)
    """How many succeeded with no usable line."""
    raw_output_chars: int = Field(default=0, ge=0)
    """The size of the raw outputs the item was cut from, in characters."""


class EvidenceRef(Model):
    trace_ref: Annotated[str, StringConstraints(max_length=40)]
    """The trace item a fact rests on."""
    source_invocation_ids: list[Id] = Field(default_factory=list, max_length=MAX_INVOCATIONS)
    """The tool calls of that item the fact cites."""


class FactCheck(Model):
    fact: ClaimText
    """The fact as checked (a claim's text, or a fact the Verifier split out of one)."""
    is_critical: bool
    """Whether the fact counts in the score and the verdict (the Verifier's reconciled view)."""
    verification: Verification
    """The Verifier's label, after the deterministic checks: direct_evidence, indirect_support, no_evidence or
    contradicted."""
    detail: DetailText = ""
    """Why that label, in one line."""
    evidence_refs: list[EvidenceRef] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The trace items (and calls) the label rests on."""
    claim_id: Id | None = None
    """The Executor claim the fact comes from, if any."""
    basis: Literal["", "fabricated", "contradicted"] = ""
    """Why a contradicted fact is: fabricated (it names what no evidence holds) or contradicted (the evidence
    shows otherwise); empty for any other label."""


class ClaimCheck(Model):
    claim_id: Id
    """The Executor claim checked."""
    classification: ClaimCheckClass
    """What the claim is, by its evidence: direct_observation and reasonable_inference may reach the user; overstated,
    unsupported, external_unknown and contradicted may not."""
    detail: DetailText = ""
    """Why that classification, in one line."""


class GatekeeperFinding(Model):
    kind: Literal["unknown_trace_ref", "failed_call_ref", "fabricated_entity", "contradicted_value"]
    """What the deterministic check found: a ref to no trace item, a ref to a failed call, an entity no evidence holds,
    or a value the evidence contradicts."""
    claim_id: Id
    """The claim it was found in."""
    entity: ClaimText = ""
    """The entity or value concerned (the cited refs, for a ref finding)."""
    detail: DetailText = ""
    """What the evidence holds instead, or why the ref does not count."""


class RetryContext(Model):
    """What an extra round is for: the earlier rounds' gaps and failed searches, and their evidence, so
    that its Verifier judges against every round (the extra round supplements, spec 000)."""

    missing: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The earlier rounds' evidence gaps: what this round should look for."""
    failed_evidence: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The last round's searches that failed or found nothing (tool and input): not to repeat as they were."""
    previous_score: float = Field(default=0.0, ge=0.0, le=1.0)
    """The groundedness score of the round that asked for this one."""
    prior_evidence: list[TraceItem] = Field(
        default_factory=list, max_length=MAX_PRIOR_ITEMS,
        description="The earlier rounds' successful trace items (bounded), seen by this round's Verifier.")
    prior_claims: list[Claim] = Field(
        default_factory=list, max_length=MAX_LIST_ITEMS,
        description="The last round's critical claims it did not confirm: this round's verdict covers them too.")


class Usage(Model):
    """One model call: what it cost, and how it ended (``error`` is the class and status of a call
    that failed after ``attempts`` tries, or why its reply could not be used; never the endpoint's
    text)."""

    role: str
    """The model role called: planner, executor, verifier or composer."""
    model: str
    """The model name the endpoint was asked for (``offline`` for the built-in engine)."""
    prompt_hash: str = ""
    """The content hash of the prompt file used, so the audit knows which prompt wrote what."""
    input_tokens: int = 0
    """Prompt tokens, as the endpoint reported them (0 if it did not)."""
    output_tokens: int = 0
    """Completion tokens, as the endpoint reported them (0 if it did not)."""
    latency_ms: float = 0.0
    """From the first attempt's start to the last attempt's end, in milliseconds."""
    attempts: int = 1
    """How many times the call was tried."""
    error: Annotated[str, StringConstraints(max_length=200)] = ""
    """Empty for a call that worked; otherwise the error's class and status, or why the reply was unusable."""
    status: CallStatus = "ok"
    """ok; timeout (no reply in time); unusable (a reply that could not be used: ``error`` starts with
    the reason); refused (the endpoint refused the request: 4xx); error (unreachable, 429 or 5xx)."""


# ---------------------------------------------------------------- envelope + payloads


class LogRef(Model):
    """Where a record sits in the log: large inputs are referenced, never copied."""

    topic: Id
    """The topic of the record."""
    partition: int = Field(ge=0)
    """Its partition."""
    offset: int = Field(ge=0)
    """Its offset in that partition."""
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
    round: Round = 1
    """1, or a later evidence round (at most MAX_ROUNDS: 2, the one extra round)."""
    occurred_at: datetime = Field(default_factory=_now)
    """When it happened (UTC); a message produced without one takes its record timestamp."""
    causation_id: Id | None = None
    """The event_id of the event that caused this one."""


class QueryReceived(Envelope):
    """A user's question. The minimal ``{"session_id", "query"}`` is a valid one."""

    event_type: Literal["QueryReceived"] = "QueryReceived"
    """Which event this is; may be left out: a message without one is a query."""
    query: Annotated[str, StringConstraints(min_length=1, max_length=MAX_QUERY_CHARS)]
    """The user's question (1 to 8,000 characters)."""
    language: Language | None = None
    """The answer's language; null: told from the question."""
    deadline_s: float | None = Field(
        default=None, gt=0, le=3600, description="Seconds to answer in; null: the worker's GROUNDGATE_DEADLINE_S.")


class RetryRequested(Envelope):
    """An extra round's input. For a session a client's own Executor opened (with GROUNDGATE_BYO_RETRY=
    client) it is also published on the client topic ``executor-retry``: the client's Executor
    answers it with an ExecutorFinished of round 2, causation_id its event_id."""

    event_type: Literal["RetryRequested"] = "RetryRequested"
    """Which event this is (the request for an extra evidence round); may be left out on a topic that carries only this
    type."""
    original_query: QueryText
    """The user's question, as the earlier rounds answered it."""
    retry_context: RetryContext
    """What the extra round is for, and what the earlier rounds found."""
    deadline_at: datetime | None = None
    """When the session must be answered (an extra round inherits the session's deadline)."""
    executor: Literal["builtin", "client"] = "builtin"
    """Who answers it: the built-in Planner and Executor, or the client's own Executor (which
    opened the session); the built-in one never takes a client's round."""


class ExecutorFinished(Envelope):
    """The Executor's result; may be produced by an external Executor ("bring your own")."""

    event_type: Literal["ExecutorFinished"] = "ExecutorFinished"
    """Which event this is (the Executor's result); may be left out on a topic that carries only this type."""
    original_query: QueryText
    """The question the Executor answered."""
    plan: list[ClaimText] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The Planner's steps, as text."""
    tool_invocations: list[ToolInvocation] = Field(default_factory=list, max_length=MAX_INVOCATIONS)
    """Every tool call as it happened (at most 200): the evidence is built from these only."""
    executor_output: ExecutorOutput = Field(default_factory=ExecutorOutput)
    """The Executor's claims and material (never shown to a user as is)."""
    usage: list[Usage] = Field(default_factory=list)
    """The Planner's and Executor's model calls for this round."""
    retry_context: RetryContext | None = None
    """For an extra round: the RetryRequested's context, carried to the Verifier."""
    deadline_at: datetime | None = None
    """When the session must be answered; null: the worker's GROUNDGATE_DEADLINE_S after occurred_at."""
    started_at: datetime | None = None
    """When the stage that made it began (occurred_at: when it ended)."""


class RuleEvaluationRecorded(Envelope):
    event_type: Literal["RuleEvaluationRecorded"] = "RuleEvaluationRecorded"
    """Which event this is (the rule-based evaluation of a round); may be left out on a topic that carries only this
    type."""
    rule_score: float = Field(ge=0.0, le=1.0)
    """The mean evidence level of the trace items (direct 1.0, indirect 0.6, none 0); 0.0 with a rejecting finding.
    Recorded beside the Verifier's score, never instead of it."""
    evidence_items: int
    """How many trace items the round's evidence has."""
    successful_items: int
    """How many of them hold usable evidence."""
    direct_items: int
    """How many of them are direct evidence."""
    findings: list[GatekeeperFinding] = Field(default_factory=list, max_length=5 * MAX_LIST_ITEMS)
    """The Gatekeeper's findings on the Executor's claims."""


class VerdictReached(Envelope):
    event_type: Literal["VerdictReached"] = "VerdictReached"
    """Which event this is (the verify stage's verdict); may be left out on a topic that carries only this type."""
    verdict: Verdict
    """PASS, LOW_CONFID or REJECT, derived from the critical facts' labels by fixed rules."""
    groundedness_score: float = Field(ge=0.0, le=1.0)
    """The mean over the critical facts (direct 1.0, indirect 0.6, otherwise 0); 0.0 for REJECT."""
    critical_fact_count: int = Field(ge=0)
    """How many facts count in the score."""
    facts_checked: list[FactCheck] = Field(max_length=2 * MAX_LIST_ITEMS)
    """Every fact checked, with its label and the evidence it rests on."""
    claim_checks: list[ClaimCheck] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """One classification per Executor claim: which may reach the user."""
    rationale: RationaleText
    """The Verifier's reasoning in a few lines (audited; never shown to the user as is)."""
    gatekeeper_findings: list[GatekeeperFinding] = Field(default_factory=list, max_length=5 * MAX_LIST_ITEMS)
    """What the deterministic checks found before the Verifier ran."""
    tool_trace_summary: list[TraceItem] = Field(default_factory=list, max_length=MAX_TRACE_ITEMS)
    """The evidence the Verifier judged against: this round's trace items and the earlier rounds' successful ones."""
    traceability_version: str = TRACEABILITY_VERSION
    """The version of the trace summary's format."""
    verifier_status: VerifierStatus = "valid"
    """How the Verifier's report was had: valid; repaired (read after a repair of its JSON); overridden (a
    deterministic check changed one of its labels); fail_closed (no usable report: REJECT); deadline_exceeded or
    model_unavailable (the Verifier did not answer: REJECT, and the answer is degraded)."""
    overrides: list[DetailText] = Field(default_factory=list, max_length=MAX_TRACE_ITEMS)
    """One line per label the deterministic checks changed, and why."""
    dropped_refs: int = Field(default=0, ge=0)
    """How many of the Verifier's evidence refs named no trace item and were dropped."""
    usage: list[Usage] = Field(default_factory=list)
    """The Verifier's model calls."""
    started_at: datetime | None = None
    """When the verify stage began (occurred_at: when it ended)."""
    relevance: Relevance = ""
    """Whether the supported claims address the question: the Verifier's label, floored by a deterministic check
    (the claims share the question's subject); off_topic is never PASS."""


class ComposerMaterial(Model):
    """Everything the Composer may see (spec 003): filtered by ChatService from the Verifier's
    decisions; never raw tool output, raw Executor JSON or the Executor's user_facing_answer."""

    original_query: QueryText
    """The user's question."""
    verdict: Verdict
    """The session's verdict."""
    language: Language = "en"
    """The language the answer is written in."""
    allowed_claims: list[ClaimText] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    """The claims the Verifier confirmed (direct observation or reasonable inference), across every round."""
    allowed_hypotheses: list[ClaimText] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    """Hypotheses the answer may mention as such, never as fact."""
    missing_info: list[ClaimText] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    """The evidence gaps: the critical claims no round confirmed, each with a fixed prefix in the answer's language."""
    recommended_actions: list[RecommendedAction] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    """The Executor's actions the answer may recommend: those traced to a confirmed claim or its cited evidence."""
    rationale: RationaleText = ""
    """A summary of the decisions (how many claims confirmed, not confirmed, searches without result); never the
    Verifier's free text."""
    root_cause_allowed: bool = False
    """Whether a confirmed claim is a root_cause claim, so the answer may name a cause."""
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
    """Which event this is (a request to write the answer); may be left out on a topic that carries only this type."""
    groundedness_score: float = Field(ge=0.0, le=1.0)
    """The verdict's score, for the disclaimer."""
    mode: Literal["answer", "disclaimer", "degraded"]
    """answer (PASS), disclaimer (LOW_CONFID) or degraded (REJECT, or no usable verdict)."""
    material: ComposerMaterial
    """Everything the Composer may see."""
    reason: str = ""
    """Why the answer is degraded, when the Verifier could not run (deadline, model_unavailable)."""
    deadline_at: datetime | None = None
    """When the session must be answered: the compose stage falls back to a template after it."""


class ComposerOutput(Model):
    status: ComposerStatus
    """valid (the Composer's text is the answer), malformed (its JSON could not be read), fallback (refused or failed:
    a template answered) or not_called."""
    detail: DetailText = ""
    """What went wrong, in one line (empty when valid)."""
    refusal: Refusal = ""
    """Why valid Composer JSON was refused (the template answered): a line no material item holds, a confirmed
    finding left out, sole or certain cause wording, a cause the material does not give, a hypothesis as fact."""
    refused_line: ClaimText = ""
    """The line of the Composer's text it was refused for (or the finding it left out)."""
    answer_summary: ClaimText = ""
    """The Composer's one-line summary."""
    recommended_actions: list[RecommendedAction] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The actions the Composer put in the answer."""
    user_facing_answer: AnswerText = ""
    """The Composer's answer text, as it wrote it (the answer only when status is valid)."""


class AnswerDrafted(Envelope):
    """The compose stage's result, handed back to the session agent, the only answer writer."""

    event_type: Literal["AnswerDrafted"] = "AnswerDrafted"
    """Which event this is (the compose stage's draft); may be left out on a topic that carries only this type."""
    final_answer: str
    """The text for the user, as the compose stage made it."""
    composer_output: ComposerOutput
    """The Composer's audit: what it wrote, and whether that or a template is the answer."""
    usage: list[Usage] = Field(default_factory=list)
    """The Composer's model calls."""
    started_at: datetime | None = None
    """When the compose stage began (occurred_at: when it ended, the answer's own time)."""


class AnswerComposed(Envelope):
    """The one answer a session gets. Its event_id is derived from the session id."""

    event_type: Literal["AnswerComposed"] = "AnswerComposed"
    """Which event this is (the session's answer); may be left out on a topic that carries only this type."""
    verdict: Verdict
    """PASS, LOW_CONFID or REJECT (a degraded answer is always REJECT)."""
    groundedness_score: float = Field(ge=0.0, le=1.0)
    """Derived from the critical facts' labels by fixed rules; 0.0 for REJECT."""
    final_answer: str
    """The text for the user: written by the Composer from Verifier-allowed material, or a fixed template."""
    rounds: int
    """How many evidence rounds ran (1 to MAX_ROUNDS: 2)."""
    original_query: QueryText = ""
    """The user's question (at most 8,000 characters)."""
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
    """Which event this is (the ledger's nudge); may be left out on a topic that carries only this type."""
    kind: Literal["stalled", "orphaned", "regrouped", "deadline"]
    """Why the session is nudged (see the event's description)."""
    attempt: int = 1
    """How many times the ledger has nudged this session."""
    opener: QueryReceived | None = None
    """The query that opened the session, when it was one (round 1 starts again from it)."""
    opener_ref: LogRef | None = None
    """Where the Executor result that opened the session sits in the log (bring your own Executor)."""
    missed: list[LogRef] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """Where the ledger read the session's events: the session agent folds any it skipped first."""


class StageStarted(Envelope):
    """A stage took up a session: while the worker that holds it is alive and the lease lasts,
    the watchdog does not re-drive the session (a running model call is never doubled)."""

    event_type: Literal["StageStarted"] = "StageStarted"
    """Which event this is (a stage taking up a session); may be left out on a topic that carries only this type."""
    stage: Stage
    """The stage: investigate, verify or compose."""
    worker_id: Id
    """The worker running it (GROUNDGATE_WORKER_ID)."""
    incarnation: Id
    """That worker's run: a restarted worker is another incarnation, and its predecessor's stages count as stopped."""
    lease_until: datetime
    """Until when the stage holds the session, if its worker stays alive."""


class StageFailed(Envelope):
    """A stage gave up for good (a model that is unavailable, an internal error): the session is
    answered degraded with this reason at once, not re-driven."""

    event_type: Literal["StageFailed"] = "StageFailed"
    """Which event this is (a stage giving up); may be left out on a topic that carries only this type."""
    stage: Stage
    """The stage that gave up."""
    reason: DegradedReason
    """Why, as the answer's degraded_reason."""
    detail: ErrorText = ""
    """What failed, in one line (an error's class and status; never a model's text)."""
    usage: list[Usage] = Field(default_factory=list, max_length=MAX_LIST_ITEMS)
    """The model calls the stage made before it gave up."""


class SessionExpired(Envelope):
    """An answered session is forgotten (its state leaves the worker's table): sent by the ledger
    ``GROUNDGATE_RETENTION_S`` after the answer. The session_id may be used again afterwards."""

    event_type: Literal["SessionExpired"] = "SessionExpired"
    """Which event this is (a session forgotten); may be left out on a topic that carries only this type."""
    answered_at: datetime
    """When the session was answered."""


class WorkerBeat(Model):
    """A worker's heartbeat on the workers topic: which incarnation of a worker is alive."""

    worker_id: Id
    """The worker (GROUNDGATE_WORKER_ID)."""
    incarnation: Id
    """This run of it: a new one each start."""
    state: Literal["alive", "stopping"] = "alive"
    """alive, or stopping (a graceful stop: its stages may be taken over at once)."""
    at: datetime
    """When the beat was sent."""


class DeadLettered(Envelope):
    """A record no reader could take, and why; when its session is known and has nothing else,
    that session is answered (degraded, saying what was wrong)."""

    event_type: Literal["DeadLettered"] = "DeadLettered"
    """Which event this is (a dead letter); may be left out on a topic that carries only this type."""
    source_topic: Annotated[str, StringConstraints(max_length=MAX_ID_CHARS)]
    """The topic the record was read from."""
    partition: int = -1
    """The partition of the record (-1 when not read from the log)."""
    offset: int = -1
    """Its offset (-1 when not read from the log)."""
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
