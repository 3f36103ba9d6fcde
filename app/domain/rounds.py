"""The rounds of a session as the answer needs them: each round's decisions kept compact
(``verifier_evaluation.rounds``), the Composer's material built from all of them so that the
retry round supplements round 1 instead of replacing it (spec 000: "to supplement evidence"),
and the answers the fold writes itself (degraded, invalid input)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from app.domain.material import Material, RoundDecision, filter_material
from app.domain.provenance import mask
from app.domain.routing import route
from app.domain.state import DiagnosisSession, RoundClaim, RoundRecord, VerifierEvaluation
from app.domain.templates import degraded_wording, render_degraded, render_invalid_input, searched_entry
from app.domain.text import normalise
from events.models import (
    MAX_ID_CHARS,
    MAX_LIST_ITEMS,
    AnswerComposed,
    Claim,
    ClaimCheck,
    ComposerStatus,
    DeadLettered,
    DegradedReason,
    Event,
    EvidenceRef,
    ExecutorOutput,
    FactCheck,
    Language,
    RejectReason,
    StageFailed,
    TraceItem,
    Verdict,
    derived_id,
)

VERIFIER_DEGRADED: dict[str, DegradedReason] = {"deadline_exceeded": "deadline",
                                                 "model_unavailable": "model_unavailable"}


def round_record(claim_checks: Sequence[ClaimCheck], facts: Sequence[FactCheck],
                 trace: Sequence[TraceItem]) -> RoundRecord:
    """What a later round's material needs of this round's decisions: compact, no free text."""
    by_claim = {f.claim_id: f for f in facts if f.claim_id}
    none = FactCheck(fact="", is_critical=True, verification="no_evidence")
    return RoundRecord(
        claims=[RoundClaim(claim_id=c.claim_id, classification=c.classification,
                           is_critical=by_claim.get(c.claim_id, none).is_critical,
                           verification=by_claim.get(c.claim_id, none).verification,
                           refs=[r.trace_ref for r in by_claim.get(c.claim_id, none).evidence_refs])
                for c in claim_checks],
        searched=[(t.tool_name, t.input_summary, t.failed_calls > 0) for t in trace if not t.success])


def _decision(r: int, record: RoundRecord, output: ExecutorOutput) -> RoundDecision:
    return RoundDecision(
        round=r, output=output,
        claim_checks=[ClaimCheck(claim_id=c.claim_id, classification=c.classification) for c in record.claims],
        facts=[FactCheck(fact="", claim_id=c.claim_id, is_critical=c.is_critical, verification=c.verification,
                         evidence_refs=[EvidenceRef(trace_ref=r) for r in c.refs]) for c in record.claims])


CARRIED = re.compile(r"r[0-9]+:")
"""The id prefix of a claim an earlier round did not confirm, carried into the next round so its
verdict covers it: ``r<round it comes from>:`` (``r1:c2``)."""


def carried_id(from_round: int, claim_id: str) -> str:
    return f"r{from_round}:{claim_id}"[:MAX_ID_CHARS]


def with_prior(output: ExecutorOutput, facts: Sequence[FactCheck]) -> ExecutorOutput:
    """A round's output with the earlier rounds' claims it judged again (ids ``r1:…``), so that
    what it decided of them reaches the material."""
    own = {c.claim_id for c in output.claims}
    prior = [Claim(claim_id=f.claim_id, text=f.fact) for f in facts
             if f.claim_id and CARRIED.match(f.claim_id) and f.claim_id not in own]
    return output.model_copy(update={"claims": [*output.claims, *prior][:MAX_LIST_ITEMS]}) if prior else output


def material_of_rounds(original_query: str, ve: VerifierEvaluation,
                       executor_output: dict[int, ExecutorOutput], lang: Language) -> Material:
    """The material, in the session's language ``lang``, from the verifier_evaluation channel
    (latest round's verdict and every round's record) and each round's Executor output."""
    assert ve.round is not None and ve.verdict is not None, "material needs a verdict"
    final = ve.round
    rounds = dict(ve.rounds)
    if final not in rounds:  # a state folded before rounds were recorded
        rounds[final] = round_record(ve.claim_checks, ve.facts_checked, ve.tool_trace_summary)
    order = [r for r in sorted(rounds) if r <= final]
    decisions = [_decision(r, rounds[r], with_prior(executor_output.get(r, ExecutorOutput()), ve.facts_checked)
                           if r == final and r > 1 else executor_output.get(r, ExecutorOutput())) for r in order]
    # The latest round's trace holds round 1's successful items too (round 2 is given them).
    evidence = "\n".join(x for t in ve.tool_trace_summary if t.success for x in t.excerpts)
    cited = {t.trace_ref: t.excerpts for t in ve.tool_trace_summary if t.success}
    runbooks = frozenset(t.trace_ref for t in ve.tool_trace_summary if t.success and t.retrieval_layers)
    m = filter_material(original_query, ve.verdict, decisions, evidence=evidence, cited=cited, runbooks=runbooks,
                        language=lang)
    known = normalise("\n".join([*m.allowed_claims, evidence]))
    masked = [searched_entry(t, i, failed, lang, lambda x: mask(x, known, codes_only=True))
              for r in order for t, i, failed in rounds[r].searched]
    return m.model_copy(update={"searched": list(dict.fromkeys(masked))[:MAX_LIST_ITEMS],
                                "evidence_found": bool(cited), "why": reject_reason(ve)})


CHECK_FAILED = frozenset({"fail_closed", *VERIFIER_DEGRADED})
"""Verifier statuses with no verdict of the Verifier's own: nothing was judged, so the answer may not
say that the evidence does not confirm it."""


def reject_reason(ve: VerifierEvaluation) -> RejectReason:
    """Why the answer is not (wholly) confirmed, for the template to say: the evidence shows
    otherwise, the answer named what no evidence holds (both the Gatekeeper's, whatever the
    Verifier did), the Verifier's check failed, or the findings are off the question."""
    shown_otherwise = any(f.verification == "contradicted" and f.basis != "fabricated" and f.is_critical
                          for f in ve.facts_checked)
    if shown_otherwise or any(f.kind == "contradicted_value" for f in ve.gatekeeper_findings):
        return "contradicted"
    if any(f.kind == "fabricated_entity" for f in ve.gatekeeper_findings):
        return "fabricated"
    if ve.verifier_status in CHECK_FAILED:
        return "check_failed"
    return "off_topic" if ve.relevance == "off_topic" else ""


BYO_NOTE = {"en": "No second evidence round was run: the Executor is the client's own, and the built-in one "
                  "would search another corpus.",
            "zh": "未进行第二轮取证：执行器由客户端提供，内置执行器检索的是另一套资料。"}


def material(s: DiagnosisSession) -> Material | None:
    """The Composer's material of a session with a verdict (what either round confirmed stays)."""
    ve = s.verifier_evaluation
    if ve is None or ve.verdict is None:
        return None
    m = material_of_rounds(s.original_query, ve, s.executor_output, s.language)
    if s.opener is None and route(ve.verdict, ve.groundedness_score, ve.round or 1) == "retry":
        m = m.model_copy(update={"note": BYO_NOTE[s.language]})
    return m


def degraded_text(s: DiagnosisSession, reason: str, at: datetime) -> str:
    """The fixed degraded answer of a session that gave up at ``at`` for ``reason``."""
    m = material(s)
    return render_degraded(m or Material(original_query=s.original_query, verdict="REJECT"), s.language,
                           reason=degraded_wording(reason, at, s.deadline_at), judged=m is not None)


def failure_reason(ev: StageFailed) -> DegradedReason:
    """Why a stage that failed for good leaves the session degraded: a model that answered with
    nothing its role could use (its last call ``unusable``) did answer, unlike one that is
    unavailable (the runtime reports both as unavailable model errors)."""
    if ev.reason == "model_unavailable" and ev.usage and ev.usage[-1].status == "unusable":
        return "model_unusable"
    return ev.reason


def answer_id(session_id: str) -> str:
    """The one answer a session gets has an id derived from the session: redelivery keeps it."""
    return derived_id(session_id, "answer")


def degraded_answer(s: DiagnosisSession, text: str, status: ComposerStatus, reason: str,
                    cause: Event) -> AnswerComposed:
    """The answer as the audit must see it: a degraded answer (deadline, failure, a Verifier that
    ran out of time or model) is REJECT with 0.0 and says why, whatever an earlier verdict said."""
    ve = s.verifier_evaluation
    why: DegradedReason = reason or VERIFIER_DEGRADED.get(ve.verifier_status if ve else "", "")  # type: ignore[assignment]
    verdict: Verdict = "REJECT" if why or ve is None or ve.verdict is None else ve.verdict
    return AnswerComposed(
        event_id=answer_id(s.session_id), session_id=s.session_id, round=s.round,
        occurred_at=cause.occurred_at, causation_id=cause.event_id, verdict=verdict,
        groundedness_score=0.0 if verdict == "REJECT" or ve is None else ve.groundedness_score,
        final_answer=text, rounds=s.round, original_query=s.original_query[:8000], composer_status=status,
        degraded_reason=why)


def invalid_input_answer(s: DiagnosisSession, event: DeadLettered) -> AnswerComposed:
    """A session whose only message could not be read is told what was wrong with it."""
    return degraded_answer(s, render_invalid_input(event.reason[:500], s.language), "not_called",
                           "invalid_input", event)
