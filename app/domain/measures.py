"""A number given the measure that another number of its line has.

"nginx web-02 served 1430 requests/s" holds every token of "1610 open connections from lb-01,
1430 of them idle keep-alive; 310 requests/s": the 1430 is a count of idle connections, the rate
is 310. A number is read with the word right after it, its measure (a unit, a counted noun), and
with the few words that follow it, what it counts. A line giving a number of its item the measure
the item writes right after another of its numbers, where what follows the number in its item's
clause is something (not "(lag 211950)") and shares no word with what follows it in the line
("412 SlowDown errors" for "503 SlowDown …, 412 errors" shares errors), gives the value to
another quantity."""

from __future__ import annotations

import re

from app.domain import alignment, specific
from app.domain.text import canonical

_CLAUSE = re.compile(r"[,.:](?!\d)|[;()\[\]，；：（）。]")
"""What ends the words read after a number: a number ending its clause ("(lag 211950)") has its
measure before it, and a line may name what it counts."""

_SPAN = 3
"""The words after a number read as what it counts."""


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


def other_measure(line: str, item: str) -> str | None:
    """The number ``line`` gives a measure of another number of ``item`` (see the module); None
    when there is none."""
    theirs = _after(item)
    for value, measure, follows in _after(line):
        given = [f for n, _, f in theirs if n == value]
        if measure and given and all(f and not follows & f for f in given) \
                and any(m == measure and n != value for n, m, _ in theirs):
            return value
    return None
