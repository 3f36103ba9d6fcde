"""ChatService's material filter (spec 003): what the Composer may use, from Verifier decisions.

direct_observation / reasonable_inference → allowed claims (an inference is never worded as
the sole root cause unless its claim type is root_cause); overstated → a hypothesis (not on
REJECT) and a gap; unsupported / external_unknown / contradicted → evidence gaps only.
Gaps come only from critical claims the Verifier found lacking. Raw tool output and the
Executor's user_facing_answer never enter the material.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import entities
from app.domain.text import language_of
from events.models import ClaimCheck, ClaimCheckClass, ComposerMaterial, ExecutorOutput, FactCheck, Verdict

FROM_FACT_LABEL: dict[str, ClaimCheckClass] = {
    "direct_evidence": "direct_observation", "indirect_support": "reasonable_inference", "contradicted": "contradicted"}
GAP_PREFIX = {"en": "Not confirmed by the evidence: ", "zh": "证据未能证实："}
_SOLE_CAUSE = [
    (re.compile(r"(?i)\b(the )?(only|sole|single|definitive) root cause\b"), "a likely cause"),
    (re.compile(r"(?i)\bdefinitely caused by\b"), "likely caused by"),
    (re.compile(r"唯一(的)?根因"), "可能原因之一"),
    (re.compile(r"根本原因(就)?是"), "可能的原因是"),
]


def mentions_sole_root_cause(text: str) -> bool:
    return any(p.search(text) for p, _ in _SOLE_CAUSE)


def mask_unverified(text: str, known_lower: str) -> str:
    """Hide the key entities of an unconfirmed claim that nothing confirmed (no fabricated code leaks)."""
    for ent in entities.extract(text):
        if not entities.occurs(ent, known_lower):
            text = text.replace(ent.value, "[unverified]")
    return text


def soften(text: str) -> str:
    for pat, repl in _SOLE_CAUSE:
        text = pat.sub(repl, text)
    return text


Material = ComposerMaterial


def filter_material(
    original_query: str,
    verdict: Verdict,
    output: ExecutorOutput,
    claim_checks: Sequence[ClaimCheck],
    facts: Sequence[FactCheck],
    rationale: str,
) -> Material:
    cls = {c.claim_id: c.classification for c in claim_checks}
    fact_label = {f.claim_id: f.verification for f in facts if f.claim_id}
    allowed: list[str] = []
    hypotheses: list[str] = []
    gaps: list = []
    root_cause_allowed = False
    for claim in output.claims:
        c: ClaimCheckClass = cls.get(claim.claim_id) or FROM_FACT_LABEL.get(
            fact_label.get(claim.claim_id, ""), "unsupported")  # no claim_check: the fact label decides
        if c == "direct_observation":
            allowed.append(claim.text)
            root_cause_allowed |= claim.claim_type == "root_cause"
        elif c == "reasonable_inference":
            allowed.append(claim.text if claim.claim_type == "root_cause" else soften(claim.text))
            root_cause_allowed |= claim.claim_type == "root_cause"
        elif c == "overstated":
            hypotheses.append(soften(claim.text))
            if claim.is_critical:
                gaps.append(claim)
        elif claim.is_critical and c in ("unsupported", "external_unknown", "contradicted"):
            gaps.append(claim)
    if verdict == "REJECT":
        hypotheses = []
    # Only actions whose key entities already stand in the allowed material or the question.
    known = " ".join([original_query, *allowed]).lower()
    gap_texts = [GAP_PREFIX[language_of(original_query)] + mask_unverified(g.text, known) for g in gaps]
    actions = [a for a in output.recommended_actions
               if all(entities.occurs(e, known) for e in entities.extract(a.action_text))]
    return Material(
        original_query=original_query,
        verdict=verdict,
        language=language_of(original_query),
        allowed_claims=allowed,
        allowed_hypotheses=[soften(h) for h in hypotheses],
        missing_info=list(dict.fromkeys(gap_texts)),
        recommended_actions=actions,
        rationale=rationale,
        root_cause_allowed=root_cause_allowed,
    )
