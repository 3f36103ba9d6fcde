"""Provenance: every line the user reads is traced to one allowed material item, or it says nothing.

A line (a finding, an action, a gap, a sentence of the Composer's text) is *traced* to an item
when the item holds every specific token of the line (``app.domain.specific``) and at least
``MIN_TRACE`` of the line's subject terms (words compared without their endings, so "rotated" is
"rotation"'s kin only when they share a stem). A fixed template phrase is traced to itself; a
line with neither a specific token nor a subject term says nothing and needs no trace. A line
that joins two items ("X, and Y") is traced clause by clause. Nothing else is: no list of
forbidden words, only what the material holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel

from app.domain import specific
from app.domain.evidence import subject_terms
from app.domain.text import canonical, normalise

MIN_TRACE = 0.5
"""At least half of a line's subject terms must be its item's: a restatement, not a new claim
about the same host."""
MIN_COVER = 0.5
"""An answer carries a confirmed finding when it holds half of the finding's subject terms and
every identifier of it."""

_CLAUSE = re.compile(r"[,，、;；:：]|\s(?:and|but|so|while|whereas|which|then|because|since|after|as\s+a\s+result\s+of|"
                     r"due\s+to|caused\s+by|led\s+to|leading\s+to)\s|并且|而且|但是|因此|所以|因为|由于|导致")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|[\n。！？；;]+")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s+")
_SUFFIX = re.compile(r"(?:ing|ed|es|s|ly)$")


class Untraced(BaseModel):
    """A line that no item holds, and why."""

    line: str
    reason: str
    named: str = ""
    """The first specific token of the line that no item holds (empty: it says what no item says)."""


def stems(text: str) -> set[str]:
    """Subject terms without their English endings (CJK bigrams as they are)."""
    return {(_SUFFIX.sub("", t) if t.isascii() and t.isalpha() and len(t) > 4 else t) for t in subject_terms(text)}


def sentences(text: str) -> list[str]:
    """The lines and sentences of ``text``, bullets stripped (not the dot of logrotate.timer)."""
    out = []
    for part in _SENTENCE.split(text):
        part = _BULLET.sub("", part).strip()
        if part:
            out.append(part)
    return out


class Items:
    """The allowed material items, each prepared once for tracing many lines."""

    def __init__(self, items: Iterable[str], fixed: Iterable[str] = ()) -> None:
        self.texts = [t for t in items if t.strip()]
        self.hay = [specific.prepared(t) for t in self.texts]
        self.stems = [stems(t) for t in self.texts]
        self.fixed = {normalise(f).rstrip(":：") for f in fixed}

    def trace(self, line: str) -> int | None:
        """The index of the item ``line`` is traced to (-1: a fixed phrase or says nothing)."""
        if normalise(line).rstrip(":：") in self.fixed:
            return -1
        tokens = specific.specific_tokens(line)
        own = stems(line)
        if not tokens and not own:
            return -1
        for i, (hay, st) in enumerate(zip(self.hay, self.stems, strict=True)):
            if all(specific.occurs(t, hay) for t in tokens) and (not own or len(own & st) >= MIN_TRACE * len(own)):
                return i
        return None

    def untraced(self, line: str) -> Untraced | None:
        """None when ``line`` is traced (whole, or each of its clauses); else why it is not."""
        if self.trace(line) is not None:
            return None
        clauses = [c for c in _CLAUSE.split(line) if c.strip()]
        if len(clauses) > 1 and all(self.trace(c) is not None for c in clauses):
            return None
        named = [t for t in specific.specific_tokens(line) if not any(specific.occurs(t, h) for h in self.hay)]
        why = f"names {named[0]!r}, which no material item holds" if named else "says what no material item says"
        return Untraced(line=line[:300], reason=why, named=named[0][:200] if named else "")

    def holding(self, line: str) -> str | None:
        """The item ``line`` is traced to, if it is an item (not a fixed phrase)."""
        i = self.trace(line)
        return self.texts[i] if i is not None and i >= 0 else None


def covers(answer: str, finding: str) -> bool:
    """Whether ``answer`` carries ``finding``: half its subject terms and every identifier of it."""
    hay = specific.prepared(answer)
    if any(specific.is_identifier(t) and not specific.occurs(t, hay) for t in specific.specific_tokens(finding)):
        return False
    own = stems(finding)
    return not own or len(own & stems(answer)) >= MIN_COVER * len(own)


def mask(text: str, known: str, placeholder: str = "[unverified]", codes_only: bool = False) -> str:
    """``text`` with every specific token (or only every code or name: what a search was asked,
    where a count is a parameter) that ``known`` does not hold replaced by ``placeholder``."""
    hay = specific.prepared(known)
    out = canonical(text)
    for tok in specific.specific_tokens(text):
        if codes_only and not specific.is_code(tok):
            continue
        if not specific.occurs(tok, hay):
            out = re.sub(rf"(?<![A-Za-z0-9]){re.escape(tok)}(?![A-Za-z0-9])", placeholder, out) \
                if tok.isascii() else out.replace(tok, placeholder)
    return out
