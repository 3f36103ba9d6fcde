"""``tool_trace_summary``: a compact, bounded evidence summary built from tool invocation facts.

One item per evidence-bearing (tool, topic, round) group: repeated calls are compacted into
one entry that keeps the first effective hit and the counts of repeated, failed and no-hit
calls. Helper tools are left out (``app.domain.evidence`` decides which those are). Raw outputs
are never passed through: each item keeps at most ``MAX_EXCERPTS`` lines of at most
``MAX_LINE_CHARS`` characters, chosen for the terms and entities the claims mention, so a line
a claim quotes survives megabytes of noise. Every other field is cut too (sources, layers,
relevances, samples, summaries), so an item stays a few kB whatever a tool returns.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from app.domain import entities, specific
from app.domain.evidence import DEFAULT_HELPER_TOOLS, echoes, is_evidence, strip_echo
from app.domain.provenance import split
from app.domain.text import normalise, terms
from events.models import (
    MAX_TRACE_LABEL_CHARS,
    MAX_TRACE_SAMPLES,
    MAX_TRACE_TEXT_CHARS,
    EvidenceLevel,
    ToolInvocation,
    TraceItem,
)

__all__ = ["DEFAULT_HELPER_TOOLS", "evidence_lines", "parse_output", "summarise_trace"]

MAX_EXCERPTS = MAX_TRACE_SAMPLES
MAX_LINE_CHARS = 300
MAX_SUMMARY_CHARS = MAX_TRACE_TEXT_CHARS
MAX_LABEL_CHARS = 120
MAX_SAMPLES = 3
assert MAX_LINE_CHARS <= MAX_TRACE_TEXT_CHARS and MAX_LABEL_CHARS <= MAX_TRACE_LABEL_CHARS


def _topic(inv: ToolInvocation) -> str:
    args = inv.arguments
    raw = args.get("query") or args.get("pattern") or args.get("q") or json.dumps(args, sort_keys=True, default=str)
    return " ".join(sorted(terms(str(raw)[:2000])))[:200]


def _input_summary(inv: ToolInvocation) -> str:
    return json.dumps(inv.arguments, ensure_ascii=False, sort_keys=True, default=str)[:MAX_SUMMARY_CHARS]


def _label(value: object) -> str:
    return str(value)[:MAX_LABEL_CHARS]


def parse_output(output: str) -> tuple[list[str], list[str], list[str], list[str]]:
    """Lines of evidence plus (sources, layers, relevances) from a tool's output.

    Understands the built-in tools' JSON (``hits`` / ``matches``); any other output is
    taken as plain lines. Sources, layers and relevances are cut to ``MAX_LABEL_CHARS``.
    """
    stripped = output.lstrip()
    if stripped[:1] == "{" and len(output) < 5_000_000:
        try:
            data: Any = json.loads(output)
        except json.JSONDecodeError:
            data = None
        if isinstance(data, dict):
            rows = data.get("hits") or data.get("matches") or []
            if isinstance(rows, list) and all(isinstance(r, dict) for r in rows):
                lines, sources, layers, rel = [], [], [], []
                for r in rows:
                    text = str(r.get("text") or r.get("line") or "")
                    src = _label(r.get("source") or "")
                    lines.append(f"[{src}] {text}" if src else text)
                    if src:
                        sources.append(src)
                    if r.get("layer"):
                        layers.append(_label(r["layer"]))
                    if r.get("relevance"):
                        rel.append(_label(r["relevance"]))
                return lines, sources, layers, rel
    return [ln for ln in output.splitlines() if ln.strip()], [], [], []


def _parsed(inv: ToolInvocation, question: str) -> tuple[list[str], list[str], list[str], list[str]]:
    if not inv.success:
        return [], [], [], []
    lines, sources, layers, rel = parse_output(inv.output)
    echoed = echoes(inv.arguments, question)
    if echoed:
        lines = [x for x in (strip_echo(ln, echoed) for ln in lines) if x.strip()]
    return lines, sources, layers, rel


def evidence_lines(inv: ToolInvocation, question: str = "") -> list[str]:
    """The lines of a successful call that may count as evidence: parsed, with echoes cut out."""
    return _parsed(inv, question)[0]


_SOURCE = re.compile(r"\[[^\]\n]{1,200}\]\s")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])\s*")


def pieces(line: str) -> list[str]:
    """``line`` as excerpts of at most ``MAX_LINE_CHARS``: whole when it fits; else its sentences,
    packed in order as written, each piece with the line's source label (``[runbook.md §
    Remediation]``), so the step a claim uses survives the cut wherever it stands in a long section."""
    if len(line) <= MAX_LINE_CHARS:
        return [line]
    label = m.group(0) if (m := _SOURCE.match(line)) else ""
    body = line[len(label):]
    ends = [e.end() for e in _SENTENCE_END.finditer(body)] + [len(body)]
    out, start, last = [], 0, 0
    for end in ends:
        if last > start and len(label) + end - start > MAX_LINE_CHARS:
            out.append(label + body[start:last].strip())
            start = last
        last = end
    return [*out, label + body[start:].strip()]


def _telling(lines: Sequence[str], marks: Sequence[str]) -> dict[int, float]:
    """For each of ``lines`` (by index), how much of the claims' values (``marks``: their specific
    tokens with a digit) it holds, each weighed by how few lines hold it: a value or time one line
    alone holds ("1120", "14:22:40") tells which line a claim restates, as an entity does; one
    every line holds tells little. (A word is no mark: a rare word is held by a name it begins,
    ``kestrel`` by ``kestrel-02``, which would bring that line in for a claim the name is not.)"""
    if not marks:
        return {}
    hay = [specific.prepared(ln[:4000]) for ln in lines]
    holders = {t: [i for i, h in enumerate(hay) if t.casefold() in h and specific.occurs(t, h)] for t in marks}
    told: dict[int, float] = {}
    for found in holders.values():
        for i in found:
            told[i] = told.get(i, 0.0) + 1 / len(found)
    return told


def _select(lines: Sequence[str], focus_terms: frozenset[str], focus: Sequence[entities.Entity],
            claims: Sequence[frozenset[str]] = (), marks: Sequence[str] = ()) -> list[str]:
    """Keep the lines that matter: those naming the most focus entities and the claims' specific
    tokens (``marks``, each by how few lines hold it: ``_telling``) first (a number with its unit,
    with or without a space), then the most on-topic; and, for each claim (``claims``: its terms),
    the line that is its event (``_event``), whatever it names. A line longer than an excerpt is
    judged by its pieces (``pieces``)."""
    scored: list[tuple[float, int, str]] = []
    wanted = frozenset().union(*claims)
    held: list[tuple[int, frozenset[str], str]] = []
    all_pieces = [p for ln in lines for p in pieces(ln)]
    told = _telling(all_pieces, marks)
    for i, line in enumerate(all_pieces):
        low = normalise(line[:4000])
        hits = sum(1 for e in focus if e.value.lower() in low and entities.occurs(e, low))
        own = terms(low[:1000])
        share = len(own & focus_terms) if focus_terms else 0
        score = (hits + told.get(i, 0.0)) * 100 + share
        if own & wanted:
            held.append((i, frozenset(own & wanted), line))
        if score or len(scored) < MAX_EXCERPTS:
            scored.append((score, -i, line))
            if len(scored) > 4 * MAX_EXCERPTS:
                scored.sort(reverse=True)
                del scored[MAX_EXCERPTS:]
    scored.sort(reverse=True)
    keep = scored[:MAX_EXCERPTS]
    events = [e for e in (_event(held, c) for c in claims[:MAX_EXCERPTS // 2]) if e is not None]
    for i, line in events:
        if all(-k != i for _, k, _ in keep):
            free = [n for n, (_, k, _) in enumerate(keep) if all(-k != e for e, _ in events)]
            if len(keep) >= MAX_EXCERPTS and free:
                del keep[free[-1]]
            keep.append((0, -i, line))
    keep.sort(key=lambda t: -t[1])
    return [ln[:MAX_LINE_CHARS] for _, _, ln in keep]


def _event(held: Sequence[tuple[int, frozenset[str], str]], claim: frozenset[str]) -> tuple[int, str] | None:
    """The line that is a claim's event: the one holding most of its terms, each weighed by how
    few lines hold it (a word one line alone holds, "dump" of "took the heap dump on ledger-svc-1",
    tells the event; a name every line holds does not). Kept whatever the claim names: a claim
    that puts its name on another line's event is judged against that line
    (``app.domain.binding.event_elsewhere``), which must be there to judge it."""
    count: dict[str, int] = {}
    for _, own, _ in held:
        for t in own & claim:
            count[t] = count.get(t, 0) + 1
    best = max(held, key=lambda h: (sum(1 / count[t] for t in h[1] & claim), -h[0]), default=None)
    return None if best is None or not best[1] & claim else (best[0], best[2])


def _first(values: Iterable[str], n: int) -> list[str]:
    return list(dict.fromkeys(values))[:n]


def summarise_trace(
    invocations: Iterable[ToolInvocation],
    focus_text: str = "",
    helper_tools: frozenset[str] = DEFAULT_HELPER_TOOLS,
    question: str = "",
) -> list[TraceItem]:
    """Build the Verifier's evidence context from tool facts (never from chat history)."""
    focus_terms = terms(focus_text)
    focus = entities.extract(focus_text)
    claims = [terms(c) for c in focus_text.splitlines() if c.strip()]
    claims += [t for c in focus_text.splitlines() if len(cut := split(c)) > 1 for t in map(terms, cut) if t]
    marks = [t for t in dict.fromkeys(t for c in focus_text.splitlines() for t in specific.specific_tokens(c))
             if any(ch.isdigit() for ch in t) and t.casefold() not in {e.value.casefold() for e in focus}]
    groups: dict[tuple[str, str, int], list[ToolInvocation]] = {}
    for inv in invocations:
        if is_evidence(inv, helper_tools):
            groups.setdefault((inv.tool_name, _topic(inv), inv.round), []).append(inv)

    items: list[TraceItem] = []
    for n, ((tool, _topic_key, rnd), invs) in enumerate(groups.items(), start=1):
        parsed = [(inv, *_parsed(inv, question)) for inv in invs]
        effective = [p for p in parsed if p[0].success and p[1]]
        failed = sum(1 for inv in invs if not inv.success)
        no_hit = sum(1 for inv, lines, *_ in parsed if inv.success and not lines)
        first = effective[0] if effective else parsed[0]
        inv, lines, sources, layers, rel = first
        ok = bool(effective)
        if ok:
            excerpts = _select(lines, focus_terms, focus, claims, marks)
            level: EvidenceLevel = "direct" if not rel or "high" in rel else "indirect"
            summary = f"{len(lines)} evidence line(s) from {tool}"
            if sources:
                summary += f"; sources: {', '.join(_first(sources, MAX_EXCERPTS))}"
        else:
            excerpts, level = [], "none"
            summary = f"failed: {inv.error}" if not inv.success else "no usable evidence (no hits)"
        items.append(
            TraceItem(
                trace_ref=f"T{rnd}-{n}",
                tool_name=tool,
                success=ok,
                input_summary=_input_summary(inv),
                output_summary=summary[:MAX_SUMMARY_CHARS],
                evidence_level=level,
                source_invocation_ids=[i.invocation_id for i in invs],
                effective_invocation_ids=[p[0].invocation_id for p in effective],
                round=rnd,
                query_samples=[_input_summary(i)[:MAX_LABEL_CHARS] for i in invs[:MAX_SAMPLES]],
                retrieval_layers=_first(layers, MAX_SAMPLES),
                relevance_levels=_first(rel, MAX_SAMPLES),
                source_documents=_first(sources, MAX_EXCERPTS),
                excerpts=excerpts,
                repeated_calls=len(invs),
                failed_calls=failed,
                no_hit_calls=no_hit,
                raw_output_chars=sum(len(i.output) for i in invs),
            )
        )
    return items



