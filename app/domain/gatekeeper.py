"""Gatekeeper: deterministic evidence failures that need no judgement, found before any model.

- a claim citing a reference that is neither a trace_ref nor an invocation of an
  evidence-bearing tool (a helper's call, such as a clock reading, is not evidence);
- a claim citing only failed or no-hit calls;
- a key entity of any claim, critical or not, that occurs in no successful evidence
  (fabricated), or whose value the evidence contradicts (97 % where the claim says 45 %);
- any identifier-shaped token of a claim (``app.domain.specific``: a digit, inner punctuation,
  capitals, another script, a number word) that no successful evidence holds: contradicted when
  the claim restates an evidence line that holds another value of the same shape in its place (a
  quoted line with one token swapped), else fabricated when it is a code or a name (a bare number
  in no evidence is left to support: the claim is not supported, not a made-up name);
- a claim that restates an evidence line and puts, where the line has a name, a word or another
  name ("upstream inventory" where the line says ``upstream orders-svc``; a name that is a common
  word cannot be told by its form, only by its place: ``app.domain.alignment``): contradicted;
- a claim that adds or drops a negation where the line it restates has none or one ("did not
  receive", "never finished", "未拒绝" against the line that says it did): contradicted;
- a claim that joins two facts of the line it restates by a causal marker the other way round
  from the line ("OOMKilled because it exited with 137" against "exited with 137 (OOMKilled)":
  ``app.domain.causality``): contradicted.

The evidence an entity must occur in is the parsed output of successful evidence-bearing calls
with echoes of the question cut out, plus round 1's evidence on round 2: a word of the question
that a tool merely echoes back is not evidence.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from app.domain import (
    alignment,
    binding,
    causality,
    chronology,
    comparison,
    contrast,
    corrected,
    dates,
    denied_apart,
    entities,
    kinds,
    outcome,
    specific,
    units,
    whole,
    workings,
)
from app.domain.evidence import subject_terms
from app.domain.lines import Lines
from app.domain.provenance import Items, bounds, split
from app.domain.text import canonical, normalise, terms
from app.domain.trace import evidence_lines
from events.models import Claim, GatekeeperFinding, ToolInvocation, TraceItem

MAX_ENTITY_FINDINGS = 2  # per claim: with at most three ref findings, 5 per claim, 500 per result


def evidence_text_lines(invocations: Sequence[ToolInvocation], items: Sequence[TraceItem],
                        question: str = "") -> list[str]:
    """Every line of successful evidence, each normalised (lower-cased, whitespace collapsed)."""
    evidence_ids = {i for it in items for i in it.effective_invocation_ids}
    present = {inv.invocation_id for inv in invocations}
    own = (ln for inv in invocations if inv.invocation_id in evidence_ids for ln in evidence_lines(inv, question))
    # Items carried over from round 1 come without their calls: their excerpts are the evidence.
    carried = (x for it in items if it.success and not present.intersection(it.source_invocation_ids)
               for x in it.excerpts)
    return [n for n in (normalise(x) for x in (*own, *carried)) if n]




def _contradicting_line(ent: entities.Entity, claim: Claim, lines: Lines) -> str | None:
    """A line with the same unit and a different value that talks about the same thing."""
    unit = re.escape(ent.unit.lower())
    dim = units.dimension(f"{ent.value} {ent.unit}")
    context = terms(claim.text) - {ent.value, ent.needle}
    for i in sorted(lines.sharing(context)):
        same = dim is not None and any(q[0] == dim for q in units.quantities(lines.lines[i]))
        if same or re.search(rf"(?<![\d.])\d+(?:\.\d+)?\s?{unit}", lines.lines[i]):
            return lines.lines[i].strip()[:200]
    return None


def _ref_findings(claim: Claim, invocations: dict[str, ToolInvocation], items: Sequence[TraceItem]
                  ) -> list[GatekeeperFinding]:
    by_ref = {it.trace_ref: it for it in items}
    by_id = {i: it for it in items for i in it.source_invocation_ids}
    unknown: list[str] = []
    helpers: list[str] = []
    unusable: list[str] = []
    for ref in claim.evidence_refs:
        item = by_ref.get(ref) or by_id.get(ref)
        if item is None:
            (helpers if ref in invocations else unknown).append(ref)
        elif not item.success or (ref in by_id and ref not in item.effective_invocation_ids):
            unusable.append(ref)
    found: list[GatekeeperFinding] = []
    for refs, what in ((unknown, "which no tool call produced"), (helpers, "calls of helper tools, not evidence")):
        if refs:
            named = ", ".join(repr(r[:60]) for r in refs[:3]) + (", …" if len(refs) > 3 else "")
            found.append(GatekeeperFinding(kind="unknown_trace_ref", claim_id=claim.claim_id,
                                           entity=",".join(refs)[:1000], detail=f"cites {named}, {what}"))
    if unusable and len(unusable) == len(claim.evidence_refs):
        found.append(GatekeeperFinding(kind="failed_call_ref", claim_id=claim.claim_id,
                                       entity=",".join(unusable)[:1000],
                                       detail="cites only failed or no-hit tool calls"))
    return found


def _shape(token: str) -> bool:
    return any(c.isdigit() for c in token) or specific.is_number(token)


def swapped(token: str, claim: str, line: str) -> str | None:
    """The value ``line`` holds where ``claim`` (restating it) has ``token``: the name in the same
    slot (``app.domain.alignment``), the day or month of the line's date for a day or month, else
    a specific token of the line the claim lacks, of the same shape (with digits or without)."""
    slot = {w: name for w, name in alignment.swaps(claim, line)}
    if token.casefold() in slot:
        return slot[token.casefold()]
    if dates.day_or_month(token) is not None:
        return next(iter(dates.named_in(line)), None)
    hay = specific.prepared(claim)
    dim = units.dimension(token)
    for other in specific.specific_tokens(line):  # a quantity of the same dimension first: 7.2 min for 7.2 h
        if dim is not None and units.dimension(other) == dim and not specific.occurs(other, hay):
            return other
    for other in specific.specific_tokens(line):
        if _shape(other) == _shape(token) and not specific.occurs(other, hay):
            return other
    return None


CANDIDATE_LINES = 8
"""The lines a clause is traced against: those sharing most of its terms."""


def elsewhere(word: str, text: str, line: str, lines: Lines, name: str = "") -> bool:
    """Whether the clause of ``text`` holding ``word`` is traced (``app.domain.provenance``) to another
    line than ``line``, the one the whole of ``text`` restates, and not to ``line``: a claim joining
    two lines ("opened at 03:14 UTC and moved to monitoring at 03:25 UTC") has each clause read in
    its own line's places, not in the other's. A clause that, with ``line``'s ``name`` in the place
    of the name ``word``, is ``line``'s own ("修改人 chen.yu" where the line says "修改人 zhao.min") is that
    line's slot with another value, not another line's clause: the actor of a change taken from the
    line of its revert. A time of two a line spans ("from 16:15:02 to 16:21:40") is the line's
    whose time it is, where the whole of ``text`` is traced (``provenance.bounds``: each read at
    its own time, and traced to an item of its own). An interval the claim works out is taken out
    first ("unbound on dns-res-2 reloaded 1 min 42 s after p.nakamura started the rollback"): its
    clauses are the events either side of it (``Items.intervals``). A clause traced to no line among
    those sharing most of its terms is looked for among all ("thrown in AuditCache.put" of a line
    saying "java.lang.OutOfMemoryError: … AuditCache.put(…)", whose terms are longer tokens)."""
    if bounds(text) is not None and re.fullmatch(r"\d{1,2}:\d{2}(?::\d{2})?", word):
        return Items(lines.lines).untraced(text) is None
    every = Items(lines.lines)
    worked = every.intervals(text)  # "X reloaded 1 min 42 s after Y": the clauses either side of the interval
    for clause in split(every.spanless(text, worked) if worked else text):
        if word.casefold() in canonical(clause).casefold():
            items = Items([line])
            if items.trace(clause) is not None:
                return False
            if name and alignment.name(alignment.Word(word, False)) and \
                    items.trace(re.sub(re.escape(word), lambda _: name, canonical(clause), flags=re.I)) == 0:
                return False
            near = [lines.lines[i] for i, _ in lines.sharing(subject_terms(clause)).most_common(CANDIDATE_LINES)]
            found = Items(near).trace(clause)
            if found is None:  # a line whose terms are longer tokens ("java.lang.OutOfMemoryError")
                found = Items(lines.lines).trace(clause)
            return found is not None and found >= 0
    return False


def _turned(text: str, line: str) -> bool:
    """Whether ``text`` adds or drops a negation of ``line`` (``denied_apart.flipped``; a denied event
    its line says failed is no flip: ``outcome.failure_read``)."""
    return denied_apart.flipped(*outcome.failure_read(text, line))


_SECTION = re.compile(r"\[[^\]\n]{1,200}\]\s")
"""A document's section as the evidence carries it, its source label first ("[runbook.md §
Remediation] …", ``app.domain.trace``): what to do, not what happened."""


_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])")


def _dated_elsewhere(text: str, line: str, lines: Lines) -> bool:
    """Whether ``text`` is dated at a time ``line`` does not write and another line does ("At
    10:08:30 cs-02 was not yet a voter" against the 10:18:05 line adding it): a state denied at one
    time is no opposite of the state another line gives at a later one (provenance judges the
    denial against the line of its own time)."""
    found = _CLOCK.findall(canonical(text))
    return any(t not in line and any(t in x for x in lines.lines if x != line) for t in found)


def _polar(text: str, line: str, lines: Lines) -> list[str]:
    """The lines whose polarity ``text`` must keep: ``line``, the one sharing most of its terms,
    unless that is a document's section (``_SECTION``) while ``text`` is traced
    (``app.domain.provenance``) to lines of what happened (``workings.restated``): then those, every
    one of which it must turn for a flip ("The wrapped secret_ids issued at 08:00:00 were valid for 5
    minutes" restates the 08:00:00 line, not a runbook of more shared words whose quoted error says
    "is not valid"). A claim restating a log line keeps that line's polarity, whatever section it is
    also traced to."""
    if not _SECTION.match(line):
        return [line]
    items = Items(lines.lines)
    if items.untraced(text) is not None:
        return [line]
    held = [t for t in (items.texts[i] for i in workings.restated(items, text)) if not _SECTION.match(t)]
    return held or [line]


def _kind_of(word: str, text: str, line: str, lines: Lines) -> bool:
    """Whether ``word`` is the name ``text`` sets before a kind word the lines give it alone
    (``app.domain.kinds``: "es-logs 集群" of "es-master-1: 集群状态…"), ``text`` without it being
    ``line``'s own: the line's writer is then not in its place, the kind word is."""
    bare = kinds.unnamed(text, lines.lines)
    return word.casefold() not in bare.casefold() and Items(lines.lines).kind_named(text)


def _intervalless(text: str, lines: Lines) -> str:
    """``text`` without the intervals it works out (``Items.intervals``) and the words saying they are
    intervals (``chronology.without``): a duration held as an interval is the line's arithmetic, not
    a word in its line's places, so "11306 writes failed over about 18 minutes, from 03:12:31 to
    03:31:00" keeps the polarity of "11306 failed writes … from 03:12:31 to 03:31:00" (its "failed
    over" no failover, its "failed" no negation moved into a phrase of its own)."""
    worked = Items(lines.lines).intervals(text)
    return functools.reduce(chronology.without, worked, text) if worked else text


def _token_findings(claim: Claim, corpus: str, lines: Lines, named: set[str]) -> list[GatekeeperFinding]:
    """Findings on the claim's specific tokens, on the words it puts where the line it restates has
    a name, and on its polarity (beyond the pattern entities)."""
    found: list[GatekeeperFinding] = []
    line = lines.restated(claim.text)
    reported = binding.attempt_reported(claim.text, lines.lines)
    if reported is not None:  # a denied attempt, against the line reporting the event (it need not restate it)
        found.append(GatekeeperFinding(kind="contradicted_value", claim_id=claim.claim_id, entity="polarity",
                                       detail=f"the evidence reports the event tried: {reported.strip()[:200]}"))
    for tok in specific.missing_identifiers(claim.text, corpus):
        key, plain = tok.casefold(), specific.prepared(tok).strip()  # "146 万" worked out is "1460000"
        if any(key in n or n in key or plain in n for n in named):
            continue  # already a pattern entity's finding
        other = swapped(tok, claim.text, line) if line is not None else None
        if other is not None and line is not None:
            named.add(key)
            found.append(GatekeeperFinding(kind="contradicted_value", claim_id=claim.claim_id, entity=key[:1000],
                                           detail=f"evidence says {other!r} there: {line.strip()[:200]}"))
        elif specific.is_code(tok):
            named.add(key)
            found.append(GatekeeperFinding(kind="fabricated_entity", claim_id=claim.claim_id, entity=key[:1000],
                                           detail=f"{tok[:200]!r} is in no evidence"))
    if line is None:
        return found
    relating = comparison.words(claim.text)  # "was more than" between two values, each a line's
    for word, name in alignment.swaps(claim.text, line):  # a name swapped for a word, or for another name
        if word in relating or elsewhere(word, claim.text, line, lines, name) \
                or _kind_of(word, claim.text, line, lines):
            continue  # its clause says what another line says, in that line's places
        if not any(word in n or n in word for n in named):
            found.append(GatekeeperFinding(kind="contradicted_value", claim_id=claim.claim_id, entity=word[:1000],
                                           detail=f"evidence says {name!r} there: {line.strip()[:200]}"))
    plain = _intervalless(claim.text, lines)  # "writes failed over about 18 minutes": no failover
    fixed = corrected.correction(plain)  # "B, not A" says B (provenance judges the denial)
    told = contrast.reading(plain) or (fixed.affirmed if fixed else plain)  # "not A but B" says B
    if _turned(told, line) and all(_turned(told, x) for x in _polar(claim.text, line, lines) if x != line) \
            and not _dated_elsewhere(claim.text, line, lines):
        found.append(GatekeeperFinding(kind="contradicted_value", claim_id=claim.claim_id, entity="polarity",
                                       detail=f"the evidence says the opposite: {line.strip()[:200]}"))
    if causality.reversed_cause(claim.text, line):
        found.append(GatekeeperFinding(kind="contradicted_value", claim_id=claim.claim_id,
                                       entity="causal direction",
                                       detail=f"the evidence gives the cause the other way: {line.strip()[:200]}"))
    return found


def inspect(
    claims: Sequence[Claim],
    invocations: Sequence[ToolInvocation],
    items: Sequence[TraceItem],
    question: str = "",
) -> list[GatekeeperFinding]:
    by_invocation = {i.invocation_id: i for i in invocations}
    text_lines = evidence_text_lines(invocations, items, question)
    corpus = "\n".join(text_lines)
    prepared = specific.prepared(corpus)
    lines = Lines(text_lines)
    findings: list[GatekeeperFinding] = []
    for claim in claims:
        findings += _ref_findings(claim, by_invocation, items)
        missing = [e for e in entities.extract(claim.text) if not entities.occurs(e, corpus)]
        worked: set[str] = set()  # intervals and figures worked out from the lines the claim restates
        if missing or specific.missing_identifiers(claim.text, prepared) or whole.counts(claim.text, prepared):
            worked = {specific.prepared(t) for t in Items(text_lines).worked_out(claim.text)}
            missing = [e for e in missing if not {specific.prepared(f"{e.hedge} {e.value}{sep}{e.unit}".strip())
                                                  for sep in ("", " ")} & worked]
        named = {e.needle for e in missing} | worked
        findings += _token_findings(claim, prepared, lines, named)[:MAX_ENTITY_FINDINGS]
        for ent in missing[:MAX_ENTITY_FINDINGS]:  # one is enough to reject; a few say why
            line = _contradicting_line(ent, claim, lines) if ent.kind == "quantity" else None
            if line is not None:
                findings.append(GatekeeperFinding(kind="contradicted_value", claim_id=claim.claim_id,
                                                  entity=ent.needle[:1000], detail=f"evidence says: {line}"))
            else:
                findings.append(GatekeeperFinding(
                    kind="fabricated_entity", claim_id=claim.claim_id, entity=ent.needle[:1000],
                    detail=f"{ent.kind} {ent.needle[:200]!r} is in no evidence"))
    return findings
