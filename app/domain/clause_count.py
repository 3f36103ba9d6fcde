"""A count keeps the words of its own clause: "已拦截重复发货单 437 个" is not of "…，已拦截 2975 个，437
个已出库".

An item telling several counts, each in a clause of its own ("accepted 4000 requests, rejected 120,
retried 40"; "已拦截 2975 个，437 个已出库"), gives each count the words of its clause: what was
counted (rejected, 已出库). A line can hold every token and most terms of such an item and still put
one count under another count's words: "the pool retried 120 requests" tells 120 retries where the
item tells 120 rejections and 40 retries.

The rule: in a clause of the line giving one count, where the item writes that count in exactly one
clause of its own words and writes a count of the same kind in another clause, the line's clause
holds none of its count's own words and every own word of the other clause (words of the other
clause the count's clause does not share). A count's clause holding only the number ("rejected: 120"
cut at its colon) has no words to keep; a line naming the count's own words too ("437 个已出库，未被拦截")
is judged by the other rules.
"""

from __future__ import annotations

import re

from app.domain import denial, specific
from app.domain.evidence import stem, subject_terms
from app.domain.text import canonical

_CLAUSE = re.compile(r"[,;，；。：]|\.(?=\s|$)|:(?=\s)")
"""Where a clause ends: a comma, a semicolon, a full stop, a label's colon (not one inside a time)."""

Count = tuple[float, str]


def _counts(text: str) -> list[Count]:
    """The quantities ``text`` gives, each as its value and unit (no time, no name)."""
    return [q for t in specific.specific_tokens(text) if (q := denial.quantity_of(t)) is not None]


def _countable(unit: str) -> bool:
    """Whether ``unit`` counts things: none, or a Chinese measure word (个, 条, 台)."""
    return not unit or (len(unit) == 1 and "\u4e00" <= unit <= "\u9fff")


def _same_kind(a: Count, b: Count) -> bool:
    return a[1] == b[1] or _countable(a[1]) and _countable(b[1])


def _terms(clause: str) -> set[str]:
    """The words of ``clause`` beyond its values (each with its unit or measure word: "96 个"):
    stems of its subject terms, no number, no single Chinese character (已, 的)."""
    for t in specific.specific_tokens(clause):
        if denial.quantity_of(t) is not None:
            clause = clause.replace(t, " ")
    return {stem(t) for t in subject_terms(clause) if not any(ch.isdigit() for ch in t) and len(t) > 1}


def moved(line: str, item: str) -> str | None:
    """The clause of ``line`` that gives a count of ``item`` the words of another of its counts'
    clauses (see the module); None when there is none."""
    told = [(p, c[0]) for p in _CLAUSE.split(canonical(item)) if len(c := _counts(p)) == 1]
    if len(told) < 2:
        return None
    for clause in _CLAUSE.split(canonical(line)):
        said = _counts(clause)
        if len(said) != 1:
            continue
        own = [p for p, c in told if c[0] == said[0][0] and _same_kind(c, said[0])]
        others = [p for p, c in told if c[0] != said[0][0] and _same_kind(c, said[0])]
        if len(own) != 1 or not others:
            continue
        words, mine = _terms(clause), _terms(own[0])
        if not mine or words & mine:
            continue
        if any((theirs := _terms(o) - mine) and theirs <= words for o in others):
            return clause.strip()
    return None
