"""A number given the measure that another number of its line has.

"nginx web-02 served 1430 requests/s" holds every token of "1610 open connections from lb-01,
1430 of them idle keep-alive; 310 requests/s": the 1430 is a count of idle connections, the rate
is 310. A number is read with the word right after it, its measure (a unit, a counted noun), and
with the few words that follow it, what it counts. A line giving a number of its item the measure
the item writes right after another of its numbers, where what follows the number in its item's
clause is something (not "(lag 211950)") and shares no word with what follows it in the line
("412 SlowDown errors" for "503 SlowDown …, 412 errors" shares errors), gives the value to
another quantity. A number ending its item's clause is read by the word before it, its label
("(backlog 512)"): a line giving it a measure of its own and naming no word of the label
("512 connections queued") gives it another quantity too; "restarted 3 times" names
``restartCount 3``."""

from __future__ import annotations

import re

from app.domain import alignment, specific
from app.domain.text import canonical

_CLAUSE = re.compile(r"[,.:](?!\d)|[;()\[\]，；：（）。]")
"""What ends the words read after a number: a number ending its clause ("(lag 211950)") has its
measure before it, and a line may name what it counts."""

_SPAN = 3
"""The words after a number read as what it counts."""
_STEM = 4
"""The shortest word read as naming a label it is part of."""


def _after(text: str) -> list[tuple[str, str, frozenset[str]]]:
    """``(number, measure, what follows)``: each number of ``text``, the key of the word right
    after it ("" for a filler or another number) and the keys of the content words among the
    ``_SPAN`` after it."""
    return [m for clause in _CLAUSE.split(canonical(text)) for m in _in_clause(alignment.words(clause))]


def _in_clause(ws: tuple[alignment.Word, ...]) -> list[tuple[str, str, frozenset[str]]]:
    out = []
    for k, w in enumerate(ws):
        if not specific.is_number(w.text):
            continue
        nxt = ws[k + 1] if k + 1 < len(ws) else None
        measure = nxt.key if nxt and not specific.is_number(nxt.text) and not alignment.filler(nxt, w) else ""
        follows = frozenset(v.key for j, v in enumerate(ws[k + 1:k + 1 + _SPAN], k + 1)
                            if not alignment.filler(v, ws[j - 1]) and not specific.is_number(v.text))
        out.append((w.key, measure, follows))
    return out


def _labels(text: str) -> dict[str, set[str]]:
    """The word right before each number of ``text`` that ends its clause ("(backlog 512)"): the
    label the number is read by."""
    out: dict[str, set[str]] = {}
    for clause in _CLAUSE.split(canonical(text)):
        ws = alignment.words(clause)
        if len(ws) >= 2 and specific.is_number(ws[-1].text) and not specific.is_number(ws[-2].text) \
                and not alignment.filler(ws[-2], None) and not alignment.name(ws[-2]):
            out.setdefault(ws[-1].key, set()).add(ws[-2].key)
    return out


def _names_label(word: str, label: str) -> bool:
    """Whether a line's word names a label: the same, or one held in the other ("restarted" in
    ``restartCount``)."""
    return word == label or (min(len(word), len(label)) >= _STEM and (word in label or label in word))


def other_measure(line: str, item: str) -> str | None:
    """The number ``line`` gives a measure of another number of ``item`` (see the module); None
    when there is none."""
    theirs = _after(item)
    for value, measure, follows in _after(line):
        given = [f for n, _, f in theirs if n == value]
        if measure and given and all(f and not follows & f for f in given) \
                and any(m == measure and n != value for n, m, _ in theirs):
            return value
    labels = _labels(item)
    said = {w.key for w in alignment.words(canonical(line))}
    for value, measure, _ in _after(line):
        if measure and labels.get(value) and not any(_names_label(k, label) for k in said for label in labels[value]):
            return value
    return None
