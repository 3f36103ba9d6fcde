"""ChatService's material filter (spec 003): what the Composer may use, from reconciled decisions.

direct_observation / reasonable_inference → allowed claims (never worded as the sole or certain
cause unless the claim's type is root_cause); overstated → a hypothesis (not on REJECT) and a
gap; unsupported / external_unknown / contradicted → evidence gaps only. Gaps come only from
claims the reconciled Verifier decision marks critical; their unconfirmed entities are masked.

A finding is shown only when its text is traced to the evidence it cites (every specific token
there, half its subject: ``app.domain.provenance``): a reasonable inference that names a host the
evidence lacks, or adds a cause beside a line, is a gap, not a finding.

Rounds supplement each other: what either round confirmed stays, unless a later round found it
contradicted. Only the evidence decides what is known: the question's words never make an
entity, an action or a gap "confirmed". An action reaches the Composer only when every key
entity it names is confirmed and any cause it asserts was confirmed (never on REJECT).
Raw tool output and the Executor's user_facing_answer never enter the material.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel

from app.domain import entities
from app.domain.claimtrace import cited_lines, untraced_claim
from app.domain.gap_terms import mask_unheld
from app.domain.language import session_language
from app.domain.provenance import Items, acts_on_held, mask
from app.domain.text import normalise, overlap
from app.domain.vocabulary import asserts_cause, asserts_cause_outright, mentions_sole_root_cause, soften
from events.models import (
    MAX_CLAIM_CHARS,
    MAX_LIST_ITEMS,
    Claim,
    ClaimCheck,
    ClaimCheckClass,
    ComposerMaterial,
    ExecutorOutput,
    FactCheck,
    Language,
    RecommendedAction,
    Verdict,
)

__all__ = ["Material", "RoundDecision", "filter_material", "mentions_sole_root_cause", "soften"]

FROM_FACT_LABEL: dict[str, ClaimCheckClass] = {
    "direct_evidence": "direct_observation", "indirect_support": "reasonable_inference", "contradicted": "contradicted"}
GAP_PREFIX = {"en": "Not confirmed by the evidence: ", "zh": "证据未能证实："}
CONFIRMED: frozenset[ClaimCheckClass] = frozenset({"direct_observation", "reasonable_inference"})
CAUSE_TYPES = frozenset({"root_cause", "inference"})
MIN_CAUSE_OVERLAP = 0.5
SAME_CLAIM = 0.8
MAX_ITEMS = 2 * MAX_LIST_ITEMS

Material = ComposerMaterial


class RoundDecision(BaseModel):
    """One round's Executor output with the reconciled decisions on it."""

    round: int = 1
    output: ExecutorOutput
    claim_checks: list[ClaimCheck] = []
    facts: list[FactCheck] = []


def mask_unverified(text: str, known_lower: str, quotes: bool = True) -> str:
    """Hide what an unconfirmed claim names that no evidence confirms (no fabricated code, host,
    version or number leaks, whatever its form): every specific token (``app.domain.specific``)
    and quoted string the evidence lacks, in the claim's canonical form."""
    text = mask(text, known_lower)
    for ent in entities.extract(text):
        if quotes and ent.kind == "quote" and not entities.occurs(ent, known_lower):
            text = text.replace(ent.value, "[unverified]")
    return text


def same_claim(a: str, b: str) -> bool:
    return normalise(a) == normalise(b) or min(overlap(a, b), overlap(b, a)) >= SAME_CLAIM


def _classify(claim: Claim, d: RoundDecision) -> tuple[ClaimCheckClass, bool]:
    """The claim's class and whether the (reconciled) Verifier decision holds it critical."""
    cls = {c.claim_id: c.classification for c in d.claim_checks}
    fact = next((f for f in d.facts if f.claim_id == claim.claim_id), None)
    c = cls.get(claim.claim_id) or FROM_FACT_LABEL.get(fact.verification if fact else "", "unsupported")
    return c, fact.is_critical if fact is not None else claim.is_critical


def _wording(claim: Claim) -> str:
    return claim.text if claim.claim_type == "root_cause" else soften(claim.text)


def supported_action(action: RecommendedAction, verdict: Verdict, confirmed_lower: str,
                     causes: Sequence[str], grounds: Items | None = None) -> RecommendedAction | None:
    """The action as it may be shown, or None: it is traced to a confirmed claim or to the
    evidence a confirmed claim cites (``grounds``: on REJECT only a cited runbook's lines), every
    specific token it names is held there, and a cause it asserts must be a confirmed one (never on
    REJECT); a cause asserted only in its reason is cut."""
    text, reason = soften(action.action_text), soften(action.reason)
    if not all(entities.occurs(e, confirmed_lower) for e in entities.extract(text)) and grounds is None:
        return None
    if grounds is not None and (grounds.untraced(text) is not None or not acts_on_held(text, grounds)):
        return None
    if reason and grounds is not None and grounds.untraced(reason) is not None:
        reason = ""

    def cause_confirmed(t: str) -> bool:
        return verdict != "REJECT" and overlap(t, "\n".join(causes)) >= MIN_CAUSE_OVERLAP

    if asserts_cause_outright(text) and not cause_confirmed(text):  # a supposed cause ("若…引起，…") acts on none
        return None
    if reason and asserts_cause(reason) and not cause_confirmed(reason):
        reason = ""
    return RecommendedAction(action_text=text[:MAX_CLAIM_CHARS], reason=reason[:MAX_CLAIM_CHARS])


def _cited(claim: Claim, d: RoundDecision, cited: Mapping[str, Sequence[str]]) -> list[str]:
    """The evidence lines of the items the claim's reconciled fact cites."""
    fact = next((f for f in d.facts if f.claim_id == claim.claim_id), None)
    return cited_lines(fact.evidence_refs if fact else [], cited)


@dataclass
class _Sorted:
    """Every round's claims sorted by what the material does with them."""

    confirmed: list[tuple[int, Claim]] = field(default_factory=list)
    contradicted: list[tuple[int, str]] = field(default_factory=list)
    hypotheses: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    grounds: list[str] = field(default_factory=list)
    """Evidence lines the confirmed claims cite: what an action may be traced to."""


def _class_of(claim: Claim, d: RoundDecision, cited: Mapping[str, Sequence[str]] | None
              ) -> tuple[ClaimCheckClass, bool]:
    """The claim's class, with a supported claim whose text is not what its evidence says made
    unsupported; and whether it is critical."""
    c, critical = _classify(claim, d)
    if c in CONFIRMED and cited is not None and untraced_claim(claim.text, claim.claim_type, _cited(claim, d, cited)) \
            is not None:
        c = "unsupported"  # the verdict's rule (app.domain.claimtrace): not what its evidence says
    return c, critical


def _sort_claims(verdict: Verdict, rounds: Sequence[RoundDecision], cited: Mapping[str, Sequence[str]] | None,
                 runbooks: frozenset[str]) -> _Sorted:
    """On REJECT only direct observations are confirmed, and only a cited runbook's lines are
    grounds for an action."""
    confirmed_classes = {"direct_observation"} if verdict == "REJECT" else CONFIRMED
    out = _Sorted()
    for d in rounds:
        for claim in d.output.claims:
            c, critical = _class_of(claim, d, cited)
            if c in confirmed_classes:
                out.confirmed.append((d.round, claim))
                if cited is not None and verdict != "REJECT":
                    out.grounds += _cited(claim, d, cited)
                elif cited is not None and c == "direct_observation":
                    out.grounds += _cited(claim, d, {r: x for r, x in cited.items() if r in runbooks})
            elif c == "overstated":
                out.hypotheses.append(soften(claim.text))
            if c == "contradicted":
                out.contradicted.append((d.round, claim.text))
            if critical and c not in CONFIRMED:
                out.gaps.append(claim.text)
    return out


def _actions(rounds: Sequence[RoundDecision], verdict: Verdict, allowed: Sequence[str], causes: Sequence[str],
             grounds: Items | None) -> list[RecommendedAction]:
    """Every round's actions that may be shown (``supported_action``), once each; none without a
    confirmed claim."""
    actions: list[RecommendedAction] = []
    if not allowed:
        return actions
    confirmed_lower = normalise("\n".join(allowed))
    for a in (a for d in rounds for a in d.output.recommended_actions):
        ok = supported_action(a, verdict, confirmed_lower, causes, grounds)
        if ok is not None and ok.action_text not in {x.action_text for x in actions}:
            actions.append(ok)
    return actions


def filter_material(
    original_query: str,
    verdict: Verdict,
    rounds: Sequence[RoundDecision],
    rationale: str = "",
    evidence: str = "",
    searched: Sequence[str] = (),
    cited: Mapping[str, Sequence[str]] | None = None,
    runbooks: frozenset[str] = frozenset(),
    language: Language | None = None,
) -> Material:
    """The Composer's material from every round's decisions (``rounds`` in order). ``evidence`` is
    the successful evidence text (what may stay unmasked in a gap); ``cited`` maps a trace ref to
    its evidence lines (what an action may be traced to), ``runbooks`` the refs of documents (items
    with retrieval layers: runbook sections, not log lines); ``rationale`` defaults to a summary of
    the decisions, so a Verifier's free text never reaches the Composer. On REJECT only direct
    observations are confirmed facts (an inference is not a fact of a rejected answer). ``language``
    is the session's (``app.domain.language``); None: the question's."""
    lang = session_language("auto", language, original_query)
    sorted_ = _sort_claims(verdict, rounds, cited, runbooks)
    # What a later round found contradicted is no longer confirmed.
    kept = [c for r, c in sorted_.confirmed
            if not any(r2 > r and same_claim(c.text, t) for r2, t in sorted_.contradicted)]
    allowed = list(dict.fromkeys(_wording(c)[:MAX_CLAIM_CHARS] for c in kept))[:MAX_ITEMS]
    causes = [c.text for c in kept if c.claim_type in CAUSE_TYPES]
    # An action is traced to a confirmed claim or a line its cited evidence holds; on REJECT only
    # to a cited runbook's lines (a runbook action, cited by a verified claim).
    grounds = None if cited is None else Items(sorted_.grounds if verdict == "REJECT" else [*allowed, *sorted_.grounds])
    known = "\n".join(normalise(x) for x in [*allowed, *evidence.splitlines()])  # by line: a gap is aligned to one
    gaps = [g for g in sorted_.gaps if not any(same_claim(g, c.text) for c in kept)]
    # A gap line is traced to no item: it repeats only the terms the material or the question holds.
    allowed_terms = f"{known}\n{original_query}"
    gap_texts = [(GAP_PREFIX[lang] + mask_unheld(mask_unverified(g, known), allowed_terms))[:MAX_CLAIM_CHARS]
                 for g in gaps]
    actions = _actions(rounds, verdict, allowed, causes, grounds)
    return Material(
        original_query=original_query,
        verdict=verdict,
        language=lang,
        allowed_claims=allowed,
        allowed_hypotheses=[] if verdict == "REJECT" else
        list(dict.fromkeys(mask_unverified(h, known)[:MAX_CLAIM_CHARS] for h in sorted_.hypotheses))[:MAX_ITEMS],
        missing_info=list(dict.fromkeys(gap_texts))[:MAX_ITEMS],
        recommended_actions=actions[:MAX_ITEMS],
        rationale=rationale or f"{len(allowed)} claim(s) confirmed by the evidence, {len(gap_texts)} critical "
                               f"claim(s) not confirmed, {len(searched)} search(es) without result",
        root_cause_allowed=any(c.claim_type == "root_cause" for c in kept),
        certain_causes=[c.text[:MAX_CLAIM_CHARS] for c in kept if c.claim_type == "root_cause"][:MAX_ITEMS],
        searched=[s[:MAX_CLAIM_CHARS] for s in dict.fromkeys(searched)][:MAX_LIST_ITEMS],
    )
