"""One rule for what a claim may count as and what the user may read of it.

The verdict (``app.domain.reconcile``) and the answer (``app.domain.material``) judge the same
claims. Judged by two rules, they drift apart: a claim the verdict counts as supported is refused
by the answer (a PASS whose answer shows no finding, only "the evidence does not confirm the
claims"), or the other way round. So both ask this module, with the same evidence: the lines of
the trace items the reconciled fact cites.

A claim is *traced* to its cited evidence when its text passes the provenance every line the user
reads passes (``app.domain.provenance``): each clause traced to one cited line (every specific
token of the clause in that line, half its subject terms, no name swapped, no cause turned round),
and, when it joins two lines by a cause, only where it may give one (a root-cause claim). A claim
that is not traced is not what its evidence says: it is no evidence in the verdict and a gap in the
answer, whatever a Verifier labelled it. A claim traced but judged only ``overstated`` is a
hypothesis in the answer, never a finding: the verdict does not count it either (``counted``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from app.domain import steps
from app.domain.provenance import Items, Untraced, split
from events.models import ClaimCheckClass, EvidenceRef

SHOWN_CLASSES: frozenset[ClaimCheckClass] = frozenset({"direct_observation", "reasonable_inference"})
"""The claim checks the answer shows as findings (spec 003's mapping); every other is at most a
hypothesis or a gap."""


def cited_lines(refs: Iterable[EvidenceRef | str], lines_by_ref: Mapping[str, Sequence[str]]) -> list[str]:
    """The evidence lines of the items ``refs`` name (``lines_by_ref``: a trace ref's excerpts)."""
    return [x for r in refs for x in lines_by_ref.get(r if isinstance(r, str) else r.trace_ref, ())]


def untraced_claim(text: str, claim_type: str, lines: Sequence[str]) -> Untraced | None:
    """None when the claim ``text`` is traced to ``lines`` (the evidence it cites); else why not.
    Only a root-cause claim may join two lines by a cause: an observation gives no link its lines
    do not give."""
    causes = None if claim_type == "root_cause" else ()
    return Items(lines, causes=causes).untraced(text)


def restated_lines(text: str, lines: Sequence[str]) -> list[str]:
    """The lines of ``lines`` that ``text`` restates: those it is traced to whole, else those its
    clauses are traced to, else those its reading without what it works out is (``_reading``).
    What a line says is about what that line is about."""
    found = Items(lines)
    held = _held(found, text) or _held(found, _reading(found, text))
    return [found.texts[i] for i in dict.fromkeys(held)]


def _held(found: Items, text: str) -> list[int]:
    return [i for i in found.traces(text) if i >= 0] or [i for c in split(text) for i in found.traces(c) if i >= 0]


def _reading(found: Items, text: str) -> str:
    """``text`` without the figures and intervals it works out (``Items.figures``, ``intervals``):
    "the http-keep-alive timeout in r118 was 30 times the 2s of r117" restates the line of r118's
    timeout, though no line writes 30 times."""
    figures = found.figures(text)
    bare = steps.without(text, figures, found.texts) if figures else text
    worked = found.intervals(bare)
    return found.spanless(bare, worked) if worked else bare


def counted(classification: ClaimCheckClass) -> bool:
    """Whether a claim check lets the verdict count its claim as supported: only one the answer
    shows as a finding."""
    return classification in SHOWN_CLASSES
