"""Proportions: a word saying how much of a set a line is about, held against its item's count.

"most OSDs on host stor-4 are down" holds every token of "ceph: 3 of 48 OSDs down on host stor-4":
only "most" is new, a common word, and it says more than half where the line counts 3 of 48. The
words of proportion are a closed class of grammar, each allowing a share of the set: all of it
(each, each of, every, both), more than half (most, the majority, the bulk, nearly all, almost
all), less than half (a few, few, a handful, a minority), none of it (none, not one, not a single).
An item counts a set as "N of M" or "N out of M", the word after it naming what it counts.

The rule: a line giving a proportion of the thing its item counts (the counted word within a few
words after the proportion: "most OSDs", "a few of the 48 OSDs", "none of the 14 nodes"), in a
clause sharing another content word with the item, gives another share where the count does not
allow it. Only an item telling one count in one clause is read: one that also tells the rest in a
clause of its own ("12 of 14 applied; node-b07 and node-b11 unreachable") may be the rest's count
the line gives a share of. "all other", "the rest" and "the remaining" speak of the rest; "at
most", "the most", "most recent", "a few minutes" are other senses (no counted word follows). The
Chinese words of proportion (大部分, 少数, 个别) are specific words already (``app.domain.extent``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from app.domain import alignment
from app.domain.text import canonical

_SHARES: tuple[tuple[str, re.Pattern[str], Callable[[int, int], bool]], ...] = (
    ("all", re.compile(r"\b(?:each|every|both)(?:\s+(?:one\s+)?of)?\b(?!\s+(?:other|others|remaining|rest)\b)"),
     lambda n, m: n == m),
    ("most", re.compile(r"(?<!at\s)(?<!the\s)\bmost\b(?:\s+of)?|\b(?:the\s+)?(?:majority|bulk)\s+of\b"
                        r"|\b(?:nearly|almost)\s+(?:all|every)\b(?:\s+of)?"),
     lambda n, m: 2 * n > m),
    ("few", re.compile(r"\b(?:a\s+)?few\b(?:\s+of)?|\ba\s+(?:handful|minority)\s+of\b"), lambda n, m: 2 * n < m),
    ("none", re.compile(r"\bnone\s+of\b|\bnot\s+(?:one|a\s+single)\b(?:\s+of)?"), lambda n, m: n == 0),
)
"""Each share: its words and whether a count of ``n`` of ``m`` allows it."""
_COUNT = re.compile(r"(?<![\w.:/-])(\d+)\s+(?:of|out\s+of)\s+(?:the\s+|all\s+)?(\d+)\s+([a-z][\w-]*)")
_BRACKETS = re.compile(r"\([^)]*\)|\[[^\]]*\]|（[^）]*）")
_CLAUSE = re.compile(r"[;,；，。]")
_REACH = 5
"""The most words between a proportion word and the counted word it is of."""


def _keys(text: str) -> set[str]:
    return {w.key for w in alignment.words(text) if not alignment.filler(w, None) and not alignment.name(w)
            and not w.text.isdigit()}


@functools.lru_cache(maxsize=16_384)
def _count(item: str) -> tuple[int, int, str, frozenset[str]] | None:
    """The one count ``item`` tells in one clause: ``(n, m, counted word's key, item's content
    keys)``; None for an item telling none, several, or more clauses."""
    held = canonical(item).casefold()
    counts = _COUNT.findall(held)
    if len(counts) != 1 or _CLAUSE.search(_BRACKETS.sub("", held)):
        return None
    (n, m, noun), = counts
    return int(n), int(m), alignment.Word(noun, False).key, frozenset(_keys(held))


def other_share(line: str, item: str) -> str | None:
    """The proportion word of ``line`` that its item's count does not allow (see the module); None
    when there is none or the item tells no single count."""
    count = _count(item)
    if count is None:
        return None
    n, m, noun, held = count
    flat = canonical(line).casefold()
    for clause in _CLAUSE.split(flat):
        for _, pattern, allows in _SHARES:
            for said in pattern.finditer(clause):
                after = [w.key for w in alignment.words(clause[said.end():])[:_REACH]]
                rest = _keys(clause) - {noun} - _keys(said.group())
                if noun in after and rest & held and not allows(n, m):
                    return said.group()
    return None
