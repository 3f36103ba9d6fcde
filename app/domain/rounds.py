"""The rounds of a session as the material needs them: each round's decisions kept compact in
``verifier_evaluation.rounds``, and the Composer's material built from all of them, so that the
retry round supplements round 1 instead of replacing it (spec 000: "to supplement evidence")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.domain.material import Material, RoundDecision, filter_material, mask_unverified
from app.domain.templates import searched_entry
from app.domain.text import language_of, normalise
from events.models import MAX_LIST_ITEMS, ClaimCheck, ExecutorOutput, FactCheck, TraceItem


def round_record(claim_checks: Sequence[ClaimCheck], facts: Sequence[FactCheck],
                 trace: Sequence[TraceItem]) -> dict[str, Any]:
    """What a later round's material needs of this round's decisions: compact, no free text."""
    by_claim = {f.claim_id: f for f in facts if f.claim_id}
    return {
        "claims": [{"claim_id": c.claim_id, "classification": c.classification,
                    "is_critical": by_claim[c.claim_id].is_critical if c.claim_id in by_claim else True,
                    "verification": by_claim[c.claim_id].verification if c.claim_id in by_claim else "no_evidence"}
                   for c in claim_checks],
        "searched": [[t.tool_name, t.input_summary, t.failed_calls > 0] for t in trace if not t.success],
    }


def _decision(r: str, record: Mapping[str, Any], output: Mapping[str, Any]) -> RoundDecision:
    claims = record.get("claims", [])
    return RoundDecision(
        round=int(r), output=ExecutorOutput.model_validate(output),
        claim_checks=[ClaimCheck(claim_id=c["claim_id"], classification=c["classification"]) for c in claims],
        facts=[FactCheck(fact="", claim_id=c["claim_id"], is_critical=c["is_critical"],
                         verification=c["verification"]) for c in claims])


def material_of_rounds(original_query: str, ve: Mapping[str, Any],
                       executor_output: Mapping[str, Mapping[str, Any]]) -> Material:
    """The material from the verifier_evaluation channel (latest round's verdict and every
    round's record) and each round's Executor output."""
    final = str(ve["round"])
    rounds = dict(ve.get("rounds") or {})
    if final not in rounds:  # a state folded before rounds were recorded
        rounds[final] = round_record([ClaimCheck.model_validate(c) for c in ve.get("claim_checks", [])],
                                     [FactCheck.model_validate(f) for f in ve.get("facts_checked", [])],
                                     [TraceItem.model_validate(t) for t in ve.get("tool_trace_summary", [])])
    order = [r for r in sorted(rounds, key=int) if int(r) <= int(final)]
    decisions = [_decision(r, rounds[r], executor_output.get(r, {})) for r in order]
    lang = language_of(original_query)
    searched = [searched_entry(t, i, failed, lang) for r in order for t, i, failed in rounds[r].get("searched", [])]
    # The latest round's trace holds round 1's successful items too (round 2 is given them).
    evidence = "\n".join(x for t in ve.get("tool_trace_summary", []) if t.get("success") for x in t.get("excerpts", []))
    m = filter_material(original_query, ve["verdict"], decisions, evidence=evidence)
    known = normalise("\n".join([*m.allowed_claims, evidence]))
    masked = [mask_unverified(x, known, quotes=False) for x in searched]
    return m.model_copy(update={"searched": masked[:MAX_LIST_ITEMS]})
