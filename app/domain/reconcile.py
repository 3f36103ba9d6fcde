"""One reconciliation after any Verifier: the model labels, the deterministic layer decides.

Whatever a Verifier returns (offline or model, honest or not), this makes facts, claim checks,
Gatekeeper findings and coverage agree, claim by claim of the Executor's output:

- every Executor claim gets exactly one fact and one claim check; a claim the Verifier left
  out is ``no_evidence`` (and still counts in ``critical_fact_count`` when critical);
- facts are matched to claims by ``claim_id``, else by text and key entities; a fact that
  matches no claim is kept for the audit but is not critical (it cannot lift the score);
- a claim with a ``fabricated_entity`` or ``contradicted_value`` finding is ``contradicted``
  in both its fact and its claim check, and critical (a fabricated key entity is a key claim);
  its fact's ``basis`` keeps the two apart (fabricated: no evidence holds what it names;
  contradicted: the evidence shows otherwise);
- a ref to an unknown trace ref, or to an item or calls that failed or found nothing, is no
  support; a ref keeps only the invocation ids the Verifier cited that succeeded (or, when it
  cited none, the item's successful ones);
- support is capped by what the cited evidence shows of the claim's subject and key entities
  (``app.domain.evidence``): no subject in common is no evidence, a missing entity is indirect;
- a claim is direct or indirect support only where the answer would show it as a finding: its
  text traced to the evidence it cites, as every line the user reads is (``app.domain.claimtrace``),
  so a PASS always shows its findings and the verdict never counts a claim the answer refuses;
- a claim check never allows more than its fact's label, and the fact never more than its
  claim check: the more cautious of the two wins; an ``overstated`` claim is a hypothesis in the
  answer, so its fact is ``no_evidence`` (its check stays ``overstated``);
- verdict and score are derived from the reconciled labels (``app.domain.scoring``); supported
  claims that do not address the question (the Verifier's relevance label, floored by
  ``app.domain.relevance``) are never PASS.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel

from app.domain import entities
from app.domain.claimtrace import counted, restated_lines, untraced_claim
from app.domain.evidence import cited_support
from app.domain.kinds import denoted
from app.domain.linked import naming
from app.domain.relevance import combine, floor
from app.domain.scoring import REJECTING_FINDINGS, derive_verdict
from app.domain.text import normalise, terms
from app.domain.verifier import ReportFact, ReportRef, VerifierReport
from events.models import (
    MAX_CLAIM_CHARS,
    MAX_DETAIL_CHARS,
    MAX_LIST_ITEMS,
    MAX_RATIONALE_CHARS,
    MAX_TRACE_ITEMS,
    Claim,
    ClaimCheck,
    ClaimCheckClass,
    EvidenceRef,
    FactCheck,
    GatekeeperFinding,
    Relevance,
    TraceItem,
    Verdict,
    Verification,
)

LABEL_RANK: dict[Verification, int] = {"contradicted": 0, "no_evidence": 1, "indirect_support": 2,
                                       "direct_evidence": 3}
CLASS_RANK: dict[ClaimCheckClass, int] = {"contradicted": 0, "unsupported": 1, "external_unknown": 1,
                                          "overstated": 2, "reasonable_inference": 3, "direct_observation": 4}
CLASS_OF_LABEL: dict[Verification, ClaimCheckClass] = {
    "direct_evidence": "direct_observation", "indirect_support": "reasonable_inference",
    "no_evidence": "unsupported", "contradicted": "contradicted"}
LABEL_OF_CLASS: dict[ClaimCheckClass, Verification] = {
    "direct_observation": "direct_evidence", "reasonable_inference": "indirect_support",
    "overstated": "indirect_support", "unsupported": "no_evidence", "external_unknown": "no_evidence",
    "contradicted": "contradicted"}
MIN_MATCH = 0.5


class Reconciled(BaseModel):
    verdict: Verdict
    groundedness_score: float
    critical_fact_count: int
    facts_checked: list[FactCheck]
    claim_checks: list[ClaimCheck]
    rationale: str
    overrides: list[str]
    dropped_refs: int
    relevance: Relevance = ""


def _worst(labels: Sequence[Verification]) -> Verification:
    return min(labels, key=LABEL_RANK.__getitem__)


def consistent_class(verifier_class: ClaimCheckClass | None, label: Verification) -> ClaimCheckClass:
    """The claim check a label allows: the Verifier's own, unless it allows more than the label."""
    cap = CLASS_OF_LABEL[label]
    if verifier_class is None or CLASS_RANK[verifier_class] > CLASS_RANK[cap]:
        return cap
    return verifier_class


def resolve_refs(refs: Sequence[ReportRef | str], items: Sequence[TraceItem]
                 ) -> tuple[list[EvidenceRef], list[TraceItem], list[str]]:
    """Refs that support: known items, successful, citing successful calls. Returns the refs kept,
    the items they name, and why each other ref was dropped."""
    by_ref = {it.trace_ref: it for it in items}
    by_id = {i: it for it in items for i in it.source_invocation_ids}
    kept: dict[str, list[str]] = {}
    dropped: list[str] = []
    for r in refs:
        name, cited = (r, []) if isinstance(r, str) else (r.trace_ref, list(r.source_invocation_ids))
        item = by_ref.get(name)
        if item is None and name in by_id:
            item, cited = by_id[name], [name, *cited]
        if item is None:
            dropped.append(f"unknown ref {name[:60]!r}")
            continue
        ids = [i for i in dict.fromkeys(cited) if i in item.effective_invocation_ids] if cited \
            else list(item.effective_invocation_ids)
        if not item.success or not ids:
            dropped.append(f"ref {item.trace_ref} cites no successful call")
            continue
        kept[item.trace_ref] = list(dict.fromkeys([*kept.get(item.trace_ref, []), *ids]))
    refs_out = [EvidenceRef(trace_ref=t, source_invocation_ids=ids) for t, ids in kept.items()][:MAX_LIST_ITEMS]
    return refs_out, [by_ref[r.trace_ref] for r in refs_out], dropped


class _ClaimIndex:
    """Each claim's text, terms and entities, computed once for matching many facts."""

    def __init__(self, claims: Sequence[Claim]) -> None:
        self.claims = list(claims)
        self.by_id = {c.claim_id: c for c in claims}
        self.text = [normalise(c.text) for c in claims]
        self.terms = [terms(c.text) for c in claims]
        self.needles = [{e.needle for e in entities.extract(c.text)} for c in claims]

    def match(self, fact: ReportFact) -> Claim | None:
        """By claim_id; else by text, helped by shared key entities."""
        if fact.claim_id is not None and fact.claim_id in self.by_id:
            return self.by_id[fact.claim_id]
        text = fact.fact[:MAX_CLAIM_CHARS]
        norm, ft = normalise(text), terms(text)
        needles = {e.needle for e in entities.extract(text)}
        best, best_score = None, 0.0
        for c, ctext, ct, cn in zip(self.claims, self.text, self.terms, self.needles, strict=True):
            if ctext == norm:
                return c
            score = min(len(ft & ct) / len(ft), len(ft & ct) / len(ct)) if ft and ct else 0.0
            if needles & cn:
                score += 0.5
            if score > best_score:
                best, best_score = c, score
        return best if best_score >= MIN_MATCH else None


def _judge(text: str, claim_type: str, label: Verification, refs: Sequence[ReportRef | str],
           items: Sequence[TraceItem], rejected: bool, who: str, notes: list[str]
           ) -> tuple[Verification, list[EvidenceRef], int]:
    """The deterministic checks on one label: findings, refs, subject support, and the trace the
    answer's lines pass (``app.domain.claimtrace``): what the answer would refuse is no evidence."""
    kept, cited, dropped = resolve_refs(refs, items)
    notes += [f"{who}: {d}" for d in dropped]
    before, why = label, "cited evidence does not support it"
    if rejected:
        label, why = "contradicted", "Gatekeeper finding"
    elif label in ("direct_evidence", "indirect_support"):
        level = cited_support(text, cited) if kept else "none"
        if level == "none":
            label = "no_evidence"
        elif level == "indirect":
            label = _worst([label, "indirect_support"])
        untraced = untraced_claim(text, claim_type, [x for it in cited for x in it.excerpts]) \
            if label != "no_evidence" else None
        if untraced is not None:
            label, why = "no_evidence", f"not what its cited evidence says: {untraced.reason}"
    if label != before:
        notes.append(f"{who}: {before} -> {label} ({why})")
    return label, kept, len(dropped)


def _facts_by_claim(report: VerifierReport | None, claims: Sequence[Claim]
                    ) -> tuple[dict[str, list[ReportFact]], list[ReportFact]]:
    """The Verifier's facts matched to the claims they are about, and those about no claim."""
    matched: dict[str, list[ReportFact]] = {}
    extra: list[ReportFact] = []
    index = _ClaimIndex(claims)
    for rf in (report.facts_checked if report else []):
        c = index.match(rf)
        (matched.setdefault(c.claim_id, []) if c else extra).append(rf)
    return matched, extra


def _basis(label: Verification, claim_id: str, rejected: set[str], contradicting: set[str]
           ) -> Literal["", "fabricated", "contradicted"]:
    """Why a contradicted claim is: it names what no evidence holds, or the evidence shows otherwise."""
    if label != "contradicted":
        return ""
    return "fabricated" if claim_id in rejected and claim_id not in contradicting else "contradicted"


def _claim_decision(claim: Claim, mine: Sequence[ReportFact], verifier_class: ClaimCheckClass | None,
                    items: Sequence[TraceItem], rejected: set[str], contradicting: set[str],
                    notes: list[str]) -> tuple[FactCheck, ClaimCheck, int]:
    """One claim's fact and claim check: the most cautious of the Verifier's labels for it, judged
    against the findings and the evidence it cites; how many of its refs were dropped."""
    labels = [f.verification for f in mine] or ["no_evidence"]
    if verifier_class is not None:
        labels.append(LABEL_OF_CLASS[verifier_class])
    if not mine:
        notes.append(f"{claim.claim_id}: not checked by the Verifier -> no_evidence")
    label, refs, dropped = _judge(claim.text, claim.claim_type, _worst(labels),
                                  [r for f in mine for r in f.evidence_refs], items, claim.claim_id in rejected,
                                  claim.claim_id, notes)
    classification = consistent_class(verifier_class, label)
    if not counted(classification) and label in ("direct_evidence", "indirect_support"):
        notes.append(f"{claim.claim_id}: {label} -> no_evidence ({classification}: a hypothesis, not a finding)")
        label = "no_evidence"
    said_critical = claim.is_critical or any(f.is_critical for f in mine)
    if label == "contradicted" and not said_critical:
        notes.append(f"{claim.claim_id}: is_critical -> true (fabricated or contradicted key entity)")
    detail = mine[0].detail if mine else "not checked by the Verifier"
    fact = FactCheck(fact=claim.text[:MAX_CLAIM_CHARS], is_critical=said_critical or label == "contradicted",
                     verification=label, detail=detail[:MAX_DETAIL_CHARS], evidence_refs=refs,
                     claim_id=claim.claim_id, basis=_basis(label, claim.claim_id, rejected, contradicting))
    check = ClaimCheck(claim_id=claim.claim_id, classification=classification, detail=detail[:300])
    return fact, check, dropped


def _unmatched_fact(rf: ReportFact, items: Sequence[TraceItem], notes: list[str]) -> tuple[FactCheck, int]:
    """A fact about no Executor claim: judged like any, kept for the audit, never critical."""
    who = f"fact {rf.fact[:40]!r}"
    label, refs, dropped = _judge(rf.fact[:MAX_CLAIM_CHARS], "other", rf.verification, rf.evidence_refs, items,
                                  False, who, notes)
    if rf.is_critical:
        notes.append(f"{who}: matches no Executor claim -> not critical")
    return FactCheck(fact=rf.fact[:MAX_CLAIM_CHARS], is_critical=False, verification=label,
                     detail=rf.detail[:MAX_DETAIL_CHARS], evidence_refs=refs, claim_id=None), dropped


def _relevance(report: VerifierReport | None, question: str, facts: Sequence[FactCheck],
               claims: Sequence[Claim], items: Sequence[TraceItem]) -> Relevance:
    """The Verifier's relevance label, floored by whether the supported claims share the question's
    subject, each read with the evidence lines it restates among those it or its fact cites:
    "drain 超时未完成" restating a line about node-gz-a-07 is about node-gz-a-07; and with the name
    its kind word stands for ("集群" where the lines call es-logs alone a 集群: ``denoted``), and with the
    cited lines naming its names (``app.domain.linked``)."""
    supported = [f for f in facts if f.claim_id and f.verification in ("direct_evidence", "indirect_support")]
    cites = {c.claim_id: c.evidence_refs for c in claims}
    read = [f.fact for f in supported]
    for f in supported if question else ():
        refs = [r.trace_ref for r in f.evidence_refs] + list(cites.get(f.claim_id or "", ()))
        lines = [x for it in resolve_refs(refs, items)[1] for x in it.excerpts]
        read += [*restated_lines(f.fact, lines), *denoted([f.fact], lines), *naming(f.fact, lines)]
    return combine((report.relevance or "") if report else "", floor(question, read) if question else "")


def _report_overridden(report: VerifierReport, verdict: Verdict, score: float, critical_count: int,
                       notes: list[str]) -> None:
    """A note for each of the report's own verdict, score and count the rules changed."""
    if verdict != report.verdict:
        notes.append(f"verdict {report.verdict} -> {verdict}")
    if abs(score - report.groundedness_score) > 1e-6:
        notes.append(f"score {report.groundedness_score} -> {score}")
    if critical_count != report.critical_fact_count:
        notes.append(f"critical_fact_count {report.critical_fact_count} -> {critical_count}")


def reconcile(
    report: VerifierReport | None,
    claims: Sequence[Claim],
    items: Sequence[TraceItem],
    findings: Sequence[GatekeeperFinding] = (),
    question: str = "",
) -> Reconciled:
    """The facts, claim checks, verdict and score that the rules allow from ``report``; with the
    ``question``, whether the supported claims address it (the Verifier's label, floored)."""
    rep_checks = {c.claim_id: c.classification for c in (report.claim_checks if report else [])}
    rejected = {f.claim_id for f in findings if f.kind in REJECTING_FINDINGS}
    contradicting = {f.claim_id for f in findings if f.kind == "contradicted_value"}
    matched, extra = _facts_by_claim(report, claims)
    notes: list[str] = []
    dropped = 0
    facts: list[FactCheck] = []
    checks: list[ClaimCheck] = []
    for claim in claims:
        fact, check, n = _claim_decision(claim, matched.get(claim.claim_id, []), rep_checks.get(claim.claim_id),
                                         items, rejected, contradicting, notes)
        facts.append(fact)
        checks.append(check)
        dropped += n
    for rf in extra[: 2 * MAX_LIST_ITEMS - len(facts)]:
        fact, n = _unmatched_fact(rf, items, notes)
        facts.append(fact)
        dropped += n
    relevance = _relevance(report, question, facts, claims, items)
    verdict, score = derive_verdict(facts, findings, relevance=relevance)
    if relevance == "off_topic" and derive_verdict(facts, findings)[0] == "PASS":
        notes.append("off topic: the supported claims do not address the question -> not PASS")
    critical_count = sum(f.is_critical for f in facts)
    if report is not None:
        _report_overridden(report, verdict, score, critical_count, notes)
    return Reconciled(
        verdict=verdict, groundedness_score=score, critical_fact_count=critical_count, facts_checked=facts,
        claim_checks=checks, rationale=(report.rationale if report else "")[:MAX_RATIONALE_CHARS],
        overrides=[n[:MAX_DETAIL_CHARS] for n in notes][:MAX_TRACE_ITEMS], dropped_refs=dropped, relevance=relevance,
    )


def fail_closed(reason: str, claims: Sequence[Claim] = (), items: Sequence[TraceItem] = (),
                findings: Sequence[GatekeeperFinding] = ()) -> Reconciled:
    """The verdict when no valid report could be had: REJECT with 0.0, never PASS, never a
    retry; every claim is still listed, unchecked, so the audit shows what was left unverified."""
    rec = reconcile(None, claims, items, findings)
    return rec.model_copy(update={"verdict": "REJECT", "groundedness_score": 0.0, "overrides": [],
                                  "rationale": f"verifier output unusable: {reason}"[:MAX_RATIONALE_CHARS]})
