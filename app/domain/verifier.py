"""The Verifier's output contract, its strict parsing, and reconciliation with the fixed rules.

A Verifier (model or offline) returns one JSON object (``VerifierReport``). We never trust
its verdict or score: both are re-derived from the critical facts' labels, disagreements
are recorded, evidence refs to unknown trace refs are dropped and counted, and Gatekeeper
findings override labels they contradict. Output that is not one valid object fails closed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.domain.scoring import derive_verdict
from events.models import (
    ClaimCheck,
    ClaimCheckClass,
    EvidenceRef,
    FactCheck,
    GatekeeperFinding,
    TraceItem,
    Verdict,
    Verification,
)


class ReportRef(BaseModel):
    model_config = ConfigDict(extra="ignore")
    trace_ref: str
    source_invocation_ids: list[str] = Field(default_factory=list)


class ReportFact(BaseModel):
    model_config = ConfigDict(extra="ignore")
    fact: str
    is_critical: bool
    verification: Verification
    detail: str = ""
    evidence_refs: list[ReportRef | str] = Field(default_factory=list)
    claim_id: str | None = None


class ReportClaimCheck(BaseModel):
    model_config = ConfigDict(extra="ignore")
    claim_id: str
    classification: ClaimCheckClass
    detail: str = ""


class VerifierReport(BaseModel):
    """Exactly what the Verifier must output (the JSON schema given to models)."""

    model_config = ConfigDict(extra="ignore")
    verdict: Verdict
    groundedness_score: float = Field(ge=0.0, le=1.0)
    critical_fact_count: int = Field(ge=0)
    facts_checked: list[ReportFact]
    claim_checks: list[ReportClaimCheck] = Field(default_factory=list)
    rationale: str


class VerifierOutputError(ValueError):
    """The Verifier's text is not exactly one JSON object of the required shape."""


def parse_report(text: str) -> VerifierReport:
    """Strict: the whole text must be one JSON object (no fences, no prose around it)."""
    stripped = text.strip()
    if not stripped.startswith("{") or not stripped.endswith("}"):
        raise VerifierOutputError("output is not exactly one JSON object (text or fences around it)")
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise VerifierOutputError(f"invalid JSON: {exc}") from None
    try:
        return VerifierReport.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise VerifierOutputError(f"schema: {'.'.join(map(str, first['loc']))}: {first['msg']}") from None


class Reconciled(BaseModel):
    verdict: Verdict
    groundedness_score: float
    critical_fact_count: int
    facts_checked: list[FactCheck]
    claim_checks: list[ClaimCheck]
    rationale: str
    overrides: list[str]
    dropped_refs: int


def reconcile(
    report: VerifierReport,
    items: Sequence[TraceItem],
    findings: Sequence[GatekeeperFinding] = (),
) -> Reconciled:
    by_ref = {it.trace_ref: it for it in items}
    by_invocation = {i: it.trace_ref for it in items for i in it.source_invocation_ids}
    contradicted_claims = {f.claim_id for f in findings if f.kind == "contradicted_value"}
    dropped = 0
    overrides: list[str] = []
    facts: list[FactCheck] = []
    for rf in report.facts_checked:
        refs: list[EvidenceRef] = []
        for r in rf.evidence_refs:
            ref = r if isinstance(r, str) else r.trace_ref
            ref = by_invocation.get(ref, ref)
            if ref not in by_ref:
                dropped += 1
                continue
            refs.append(EvidenceRef(trace_ref=ref, source_invocation_ids=by_ref[ref].source_invocation_ids))
        label = rf.verification
        if rf.claim_id is not None and rf.claim_id in contradicted_claims and label != "contradicted":
            overrides.append(f"fact {rf.claim_id}: {label} -> contradicted (Gatekeeper)")
            label = "contradicted"
        if label in ("direct_evidence", "indirect_support") and not refs:
            overrides.append(f"fact {rf.claim_id or rf.fact[:40]!r}: {label} without a known ref -> no_evidence")
            label = "no_evidence"
        facts.append(FactCheck(fact=rf.fact, is_critical=rf.is_critical, verification=label,
                               detail=rf.detail[:500], evidence_refs=refs, claim_id=rf.claim_id))
    verdict, score = derive_verdict(facts, findings)
    if verdict != report.verdict:
        overrides.append(f"verdict {report.verdict} -> {verdict}")
    if abs(score - report.groundedness_score) > 1e-6:
        overrides.append(f"score {report.groundedness_score} -> {score}")
    critical = sum(f.is_critical for f in facts)
    if critical != report.critical_fact_count:
        overrides.append(f"critical_fact_count {report.critical_fact_count} -> {critical}")
    return Reconciled(
        verdict=verdict,
        groundedness_score=score,
        critical_fact_count=critical,
        facts_checked=facts,
        claim_checks=[ClaimCheck(claim_id=c.claim_id, classification=c.classification, detail=c.detail[:300])
                      for c in report.claim_checks],
        rationale=report.rationale[:1000],
        overrides=overrides,
        dropped_refs=dropped,
    )


def fail_closed(reason: str) -> Reconciled:
    """The verdict when no valid report could be had: never PASS, never a retry."""
    return Reconciled(verdict="REJECT", groundedness_score=0.0, critical_fact_count=0, facts_checked=[],
                      claim_checks=[], rationale=f"verifier output unusable: {reason}"[:1000], overrides=[],
                      dropped_refs=0)
