"""Gatekeeper: deterministic evidence failures that need no judgement, found before any model.

- a claim citing a reference that is neither a trace_ref nor an invocation_id;
- a claim citing only failed calls;
- a key entity of a critical claim that occurs in no evidence (fabricated), or whose value
  the evidence contradicts (the evidence says 97 % where the claim says 45 %).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import entities
from app.domain.text import normalise, terms
from events.models import Claim, GatekeeperFinding, ToolInvocation, TraceItem


def evidence_corpus(invocations: Sequence[ToolInvocation], items: Sequence[TraceItem]) -> str:
    """All successful evidence-bearing output, lower-cased: what an entity must occur in."""
    evidence_ids = {i for it in items for i in it.source_invocation_ids}
    return normalise("\n".join(inv.output for inv in invocations if inv.success and inv.invocation_id in evidence_ids))


def _contradicting_line(ent: entities.Entity, claim: Claim, corpus: str) -> str | None:
    """A line with the same unit and a different value that talks about the same thing."""
    unit = re.escape(ent.unit.lower())
    context = terms(claim.text) - {ent.value, ent.needle}
    for line in corpus.splitlines():
        if re.search(rf"(?<![\d.])\d+(?:\.\d+)?\s?{unit}", line) and terms(line) & context:
            return line.strip()[:200]
    return None


def inspect(
    claims: Sequence[Claim],
    invocations: Sequence[ToolInvocation],
    items: Sequence[TraceItem],
) -> list[GatekeeperFinding]:
    by_invocation = {i.invocation_id: i for i in invocations}
    refs = {it.trace_ref for it in items}
    corpus = evidence_corpus(invocations, items)
    findings: list[GatekeeperFinding] = []
    for claim in claims:
        cited_failed = [r for r in claim.evidence_refs if r in by_invocation and not by_invocation[r].success]
        for ref in claim.evidence_refs:
            if ref not in refs and ref not in by_invocation:
                findings.append(GatekeeperFinding(kind="unknown_trace_ref", claim_id=claim.claim_id, entity=ref,
                                                  detail=f"cites {ref!r}, which no tool call produced"))
        if claim.evidence_refs and len(cited_failed) == len(claim.evidence_refs):
            findings.append(GatekeeperFinding(kind="failed_call_ref", claim_id=claim.claim_id,
                                              entity=",".join(cited_failed), detail="cites only failed tool calls"))
        if not claim.is_critical:
            continue
        for ent in entities.extract(claim.text):
            if entities.occurs(ent, corpus):
                continue
            line = _contradicting_line(ent, claim, corpus) if ent.kind == "quantity" else None
            if line is not None:
                findings.append(GatekeeperFinding(kind="contradicted_value", claim_id=claim.claim_id,
                                                  entity=ent.needle, detail=f"evidence says: {line}"))
            else:
                findings.append(GatekeeperFinding(
                    kind="fabricated_entity", claim_id=claim.claim_id, entity=ent.needle,
                    detail=f"{ent.kind} {ent.needle!r} is in no evidence"))
    return findings
