"""Score and verdict are derived from critical facts' labels by fixed rules (spec 000).

direct_evidence = 1.0, indirect_support = 0.6, no_evidence = 0.0; the score is their mean
over critical facts, clamped to [0, 1]. Any critical ``contradicted`` fact → REJECT with 0.0.
A fabricated key entity or contradicted value (Gatekeeper) → REJECT with 0.0 as well: a REJECT
never carries a supporting score. PASS needs every critical fact supported and at least one
direct. Otherwise LOW_CONFID.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from app.domain.routing import RETRY_THRESHOLD
from events.models import FactCheck, GatekeeperFinding, TraceItem, Verdict


class Policy(BaseModel):
    """The fixed rules as data, defaulting to spec 000 (the retry threshold to routing's):
    ``groundgate replay`` varies them."""

    model_config = ConfigDict(frozen=True)
    direct_evidence: float = Field(default=1.0, ge=0, le=1)
    indirect_support: float = Field(default=0.6, ge=0, le=1)
    no_evidence: float = Field(default=0.0, ge=0, le=1)
    retry_threshold: float = Field(default=RETRY_THRESHOLD, ge=0, le=1)

    def value(self, label: str) -> float:
        return float(getattr(self, label))


SPEC = Policy()
LEVEL_SCORE = {"direct": 1.0, "indirect": 0.6, "none": 0.0}
REJECTING_FINDINGS = frozenset({"fabricated_entity", "contradicted_value"})


def clamp(x: float) -> float:
    return min(1.0, max(0.0, x))


def derive_score(facts: Sequence[FactCheck], policy: Policy = SPEC) -> float:
    critical = [f for f in facts if f.is_critical]
    if any(f.verification == "contradicted" for f in critical):
        return 0.0
    if not critical:
        return 0.0
    return round(clamp(sum(policy.value(f.verification) for f in critical) / len(critical)), 4)


def derive_verdict(facts: Sequence[FactCheck], findings: Sequence[GatekeeperFinding] = (),
                   policy: Policy = SPEC, relevance: str = "") -> tuple[Verdict, float]:
    """The verdict and score the labels allow; supported findings that do not address the
    question (``relevance`` off_topic) are never PASS."""
    critical = [f for f in facts if f.is_critical]
    score = derive_score(facts, policy)
    if any(f.verification == "contradicted" for f in critical):
        return "REJECT", 0.0
    if any(f.kind in REJECTING_FINDINGS for f in findings):
        return "REJECT", 0.0
    labels = {f.verification for f in critical}
    if critical and labels <= {"direct_evidence", "indirect_support"} and "direct_evidence" in labels \
            and relevance != "off_topic":
        return "PASS", score
    return "LOW_CONFID", score


def rule_score(items: Sequence[TraceItem], findings: Sequence[GatekeeperFinding]) -> float:
    """EvaluationService's rule-based evidence score: mean evidence level of the trace items."""
    if not items or any(f.kind in REJECTING_FINDINGS for f in findings):
        return 0.0
    return round(clamp(sum(LEVEL_SCORE[i.evidence_level] for i in items) / len(items)), 4)
