"""What counts as evidence, and how much a piece of evidence supports a claim.

Evidence-bearing is a property of the tool: a tool declares it (``Tool(evidence=...)``, recorded
on each ``ToolInvocation``); the operator's helper list (``GROUNDGATE_HELPER_TOOLS``) overrides
it; a tool that declares nothing is judged by its name and its output, because a clock, a uuid
or a formatter returns text that can share a number or a timestamp with any claim.

Support is judged on the claim's subject, never on numbers or times alone: "the gateway
restarted at 08:00" is not supported by a clock reading or by an unrelated line stamped 08:00.
A tool that echoes its input does not make the question's words evidence either: the echo is
cut out before any text is used as evidence.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.domain import (
    apposition,
    chronology,
    contrast,
    denial,
    derived,
    entities,
    exclusive,
    extent,
    filled,
    lists,
    specific,
    spelled,
    steps,
    whole,
)
from app.domain.text import normalise, terms
from app.domain.vocabulary import CAUSAL_WORDS, cause_named
from events.models import EvidenceLevel, ToolInvocation, TraceItem

DEFAULT_HELPER_TOOLS = frozenset({"clock", "now", "current_time", "time", "format", "formatter"})
HELPER_NAME_WORDS = frozenset({
    "clock", "time", "now", "date", "datetime", "timestamp", "timezone", "tz", "utc", "today", "uuid", "guid",
    "random", "rand", "format", "formatter", "pretty", "math", "calc", "calculate", "calculator", "sum", "add",
    "multiply", "convert", "unit", "sleep", "wait", "echo", "noop"})
EVIDENCE_NAME_WORDS = frozenset({
    "log", "logs", "search", "query", "metric", "metrics", "series", "kb", "runbook", "trace", "traces", "event",
    "events", "alert", "alerts", "ticket", "tickets", "incident", "status", "health", "inspect", "describe",
    "grep", "sql", "db", "monitor", "k8s", "kubectl", "pod", "pods", "host", "disk", "usage"})
MIN_SUBJECT_SHARE = 0.25
MIN_DIRECT_SHARE = 0.5
"""Direct support restates: the evidence holds at least half of the claim's subject (less is
support by inference at most)."""
MIN_CAUSE_SHARE = 0.5
"""A claim that names a cause is supported only if the evidence holds half the cause's terms."""
MIN_ECHO_CHARS = 60

_NAME_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
# Timestamps, dates, times, uuids, plain numbers (with a unit or a sign), and the keys such
# helper output is usually wrapped in: what is left after removing them is the output's content.
_NON_CONTENT = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[t ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:z|[+-]\d{2}:?\d{2})?"
    r"|\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?"
    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?\s?(?:%|ms|s|sec|min|h|kb|mb|gb)?"
    r"|\b(?:now|time|utc|gmt|date|datetime|timestamp|timezone|tz|uuid|id|value|result|random|epoch|iso|"
    r"seconds?|unix|local|current|am|pm|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)\b"
    r"|[\s{}\[\]\"':,.;()/\\_-]+")
_NUMERIC_TERM = re.compile(r"[\d:./%+t z-]*\d[\d:./%+t z-]*(?:ms|s|sec|min|h|d|kb|mb|gb|tb|k)?")


def name_words(tool_name: str) -> set[str]:
    return {w for w in _NAME_SPLIT.split(_CAMEL.sub("_", tool_name).lower()) if w}


def helper_by_name(tool_name: str) -> bool:
    """``utc_now``, ``current_datetime``, ``format_table``: a helper word and no evidence word."""
    words = name_words(tool_name)
    return bool(words & HELPER_NAME_WORDS) and not words & EVIDENCE_NAME_WORDS


def content_free(output: str) -> bool:
    """Output that is only times, dates, numbers or ids (a clock reading, a uuid, a sum)."""
    return not _NON_CONTENT.sub("", output[:2000].lower()).strip()


def is_evidence(inv: ToolInvocation, helper_tools: frozenset[str] = DEFAULT_HELPER_TOOLS) -> bool:
    """The operator's helper list first, then what the tool declared, then name and output."""
    if inv.tool_name in helper_tools:
        return False
    if inv.evidence is not None:
        return inv.evidence
    if helper_by_name(inv.tool_name):
        return False
    if name_words(inv.tool_name) & EVIDENCE_NAME_WORDS:
        return True
    return not (inv.success and inv.output.strip() and content_free(inv.output))


def echoes(arguments: Mapping[str, Any], question: str = "") -> list[str]:
    """What a tool may echo back that is not evidence: the user's question, and any argument long
    enough to be a sentence rather than a search term (a short term found in a log line is a
    match, not an echo)."""
    found = [question.strip()] if len(question.strip()) >= 8 else []
    found += [v.strip() for v in arguments.values() if isinstance(v, str) and len(v.strip()) >= MIN_ECHO_CHARS]
    return found


def strip_echo(text: str, echoed: Sequence[str]) -> str:
    """``text`` without verbatim copies of what the tool was asked (case-insensitive)."""
    for value in echoed:
        if value and value.lower() in text.lower():
            text = re.sub(re.escape(value), " ", text, flags=re.IGNORECASE)
    return text


_ENDING = re.compile(r"(?:ing|ed|es|s|ly)$")


@functools.lru_cache(maxsize=65_536)
def stem(term: str) -> str:
    """A term without its English ending ("deployed", "errors": ``deploy``, ``error``), for words
    of five letters or more; a CJK bigram, a code or a number as it is."""
    return _ENDING.sub("", term) if term.isascii() and term.isalpha() and len(term) > 4 else term


_JOINED = re.compile(r"(?i)(?<![\w-])[a-z0-9]+(?:_[a-z0-9]+)+(?![\w-])")


@functools.lru_cache(maxsize=16_384)
def joined_parts(text: str) -> tuple[tuple[frozenset[str], ...], ...]:
    """For each identifier of ``text`` made of words joined by underscores (``response_code``),
    the stems of each of its words of three letters or more, in their forms (``response``, and
    ``respons`` of "responses")."""
    out = []
    for m in _JOINED.finditer(text):
        words = [w for w in m.group(0).casefold().split("_") if len(w) > 2 and w.isalpha()]
        if len(words) > 1:
            out.append(tuple(frozenset({stem(w), stem(w + "s"), stem(w + "es")}) for w in words))
    return tuple(out)


def told(own: set[str], parts: tuple[tuple[frozenset[str], ...], ...]) -> frozenset[str]:
    """The stems an item holds by its identifiers that a claim says in words: of each identifier
    (``joined_parts``) every word of which ``own``, the claim's stems, holds in one of its forms.
    "responses with code 503" tells ``response_code``; "requests" alone does not tell
    ``istio_requests_total``: a part of a name is not its thing."""
    return frozenset().union(*(frozenset().union(*forms) for forms in parts if all(f & own for f in forms)))


def subject_terms(text: str) -> set[str]:
    """The content terms of a claim that say what it is about: numbers and times left out."""
    return {t for t in terms(text) if not _NUMERIC_TERM.fullmatch(t)}


def subject_overlap(claim: str, evidence: str) -> float:
    """Share of the claim's subject terms that the evidence contains (numbers and times left out)."""
    subject = subject_terms(claim)
    return len(subject & terms(evidence)) / len(subject) if subject else 0.0


def support_level(claim: str, evidence: str, item_level: EvidenceLevel = "direct") -> EvidenceLevel:
    """How far ``evidence`` supports ``claim``: ``none`` unless it shares the claim's subject;
    ``direct`` only when it holds every specific token of the claim (``app.domain.specific``: a
    host without a digit, a version, a code in any case, a number word) and half its subject, and
    the item is direct; else ``indirect``. What may be *shown* of a claim supported only
    indirectly is decided by provenance (``app.domain.material``)."""
    # A duration that is the interval between two times of the evidence is worked out, not named:
    # the claim is judged without it and the words saying it is one (the trace a shown line passes
    # holds it to the lines the rest of the claim restates: ``app.domain.provenance``).
    lines = evidence.splitlines()
    single = [t for t in specific.specific_tokens(claim) if chronology.seconds(specific.prepared(t)) is not None]
    prepared = specific.prepared(evidence)  # a duration the evidence writes is its value, not an interval
    worked = [t for t in chronology.durations(claim, single) if not specific.occurs(t, prepared)
              and chronology.worked_out(specific.prepared(t), lines, claim)]
    claim = functools.reduce(chronology.without, worked, claim)
    if specific.missing(claim, prepared):  # "百分之二十三", "约 6 分 20 秒" not written so: the values in digits
        claim = spelled.in_digits(claim)
    claim = steps.unshown(claim, lines)  # "1%（50/5000）": a share's working, shown
    figures = [f for f, _ in derived.unwritten(claim, [specific.prepared(evidence)])]  # "about 30%" of one line's
    held = [f for f in figures if steps.given(f, claim, lines, lines)]  # two numbers
    claim = steps.without(claim, held, lines) if held else claim
    denied = denial.denial(claim)  # "not yet zero: 8420 left": the readings it implies
    claim = denied.reading if denied is not None else claim
    claim = contrast.reading(claim) or claim  # "not A but B": what B says
    claim = apposition.without(claim)  # "3000 ms, i.e. 3 s": the value once
    claim = lists.without_counts_after(claim)  # "sda、sdb、sdd 三块盘": the list's own count
    claim = extent.all_as_held(claim, evidence)  # "都被重置" of "全部重置": the evidence's word
    claim = exclusive.without(claim)  # "only 38 of the 60": the count's own word
    full = filled.reading(claim)  # "…表 15:42:20 满了": its usage of 100%, where the evidence writes it
    claim = full if full is not None and not specific.missing(full, prepared) else claim
    bare, wholes = whole.without(claim, specific.prepared(evidence))  # "all 38 partitions" of "38 of 38"
    claim = bare if wholes and all(whole.writes_whole(n, evidence) for _, n in wholes) else claim
    subject = subject_terms(claim)
    if not subject or not evidence.strip():
        return "none"
    evidence_terms = terms(evidence)
    hay = specific.prepared(evidence)  # a value's words are the evidence's where it holds the value (as in
    valued = subject & subject_terms(  # provenance): 秒 of "1260 秒" held as Seconds_Behind_Master 1260
        " ".join(t for t in specific.specific_tokens(claim) if specific.occurs(t, hay)))
    stemmed = {stem(t) for t in evidence_terms}  # words compared without their endings, as provenance does
    stemmed |= told({stem(t) for t in subject}, joined_parts(evidence))  # response_code said "responses with code"
    shared = {t for t in subject if stem(t) in stemmed} | valued
    if not shared or len(shared) / len(subject) < MIN_SUBJECT_SHARE:
        return "none"
    cause = cause_named(claim)  # a quoted line with "because <invented>" after it is not supported
    named = subject_terms(cause) - terms(CAUSAL_WORDS) if cause else set()
    if named and len(named & evidence_terms) / len(named) < MIN_CAUSE_SHARE:
        return "none"
    # What it names that the evidence it cites does not hold makes it inference at most; one
    # that no evidence holds at all is the Gatekeeper's (fabricated); and what is *shown* of a
    # claim is only what its cited evidence holds (provenance, app.domain.material).
    missing = specific.missing(claim, specific.prepared(evidence))
    low = normalise(evidence)
    if missing or item_level != "direct" or len(shared | valued) / len(subject) < MIN_DIRECT_SHARE \
            or not all(entities.occurs(e, low) for e in entities.extract(claim)):
        return "indirect"  # a rare word the evidence lacks, or half the subject: inference at most
    return "direct"


def item_evidence(items: Sequence[TraceItem]) -> str:
    """The text of successful items that a claim may be judged against."""
    return "\n".join(x for it in items if it.success and it.evidence_level != "none" for x in it.excerpts)


def cited_support(claim: str, items: Sequence[TraceItem]) -> EvidenceLevel:
    """Support of ``claim`` by the successful items it cites: the best of the cited direct items,
    or indirect at most when only indirect items are cited."""
    usable = [it for it in items if it.success and it.evidence_level != "none"]
    if not usable:
        return "none"
    direct = [it for it in usable if it.evidence_level == "direct"]
    level = support_level(claim, item_evidence(direct)) if direct else "none"
    if level == "none":
        level = "indirect" if support_level(claim, item_evidence(usable)) != "none" else "none"
    return level
