"""The agreement the verdict and the answer owe each other (``app.domain.claimtrace``), as a check
any test can run on a finished session: a PASS shows at least one confirmed finding, and every
claim the verdict counts as supported is read as a finding (on REJECT, every direct one: a
rejected answer shows only direct observations as confirmed facts)."""

from __future__ import annotations

from app.domain.session import DiagnosisSession
from app.domain.specific import prepared
from app.domain.vocabulary import soften
from events.models import AnswerComposed

GAP = ("- Not confirmed by the evidence:", "- 证据未能证实：")
SUPPORTED = ("direct_evidence", "indirect_support")


def read_as_finding(text: str, answer: str) -> bool:
    """Whether a line of ``answer`` other than a gap line carries ``text`` (as written or as the
    material words a claim that is not a root cause: softened)."""
    wanted = {prepared(text).strip(), prepared(soften(text)).strip()}
    return any(w in prepared(ln) for ln in answer.splitlines() if not ln.startswith(GAP) for w in wanted if w)


def disagreements(state: DiagnosisSession, answer: AnswerComposed) -> list[str]:
    """How the verdict and the answer of one session disagree (empty: they agree)."""
    ve = state.verifier_evaluation
    if ve is None or answer.degraded_reason:
        return []
    counted = [f for f in ve.facts_checked if f.claim_id and f.verification in
               (("direct_evidence",) if answer.verdict == "REJECT" else SUPPORTED)]
    out = [f"{answer.verdict} counts {f.claim_id} ({f.verification}) but the answer does not show it: {f.fact[:80]!r}"
           for f in counted if not read_as_finding(f.fact, answer.final_answer)]
    if answer.verdict == "PASS" and not any(read_as_finding(f.fact, answer.final_answer) for f in counted):
        out.append("PASS with no confirmed finding shown")
    return out
