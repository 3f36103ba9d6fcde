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
("512 connections queued") gives it another quantity too, unless the item writes that number with
that measure itself ("setcompactionthroughput 64，… 调到 64 MB/s"); "restarted 3 times" names
``restartCount 3``."""

from __future__ import annotations

import re

from app.domain import alignment, specific
from app.domain.text import canonical

CLAUSE = re.compile(r"[,.:](?!\d)|[;()\[\]，；：（）。]")
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
    return [m for clause in CLAUSE.split(canonical(text)) for m in _in_clause(alignment.words(clause))]


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


def merged(ws: tuple[alignment.Word, ...]) -> tuple[alignment.Word, ...]:
    """``ws`` with each run of lone CJK characters made one word (阈值, read 阈 值 by the vocabulary)."""
    out: list[alignment.Word] = []
    run: list[str] = []
    for w in (*ws, None):
        if w is not None and w.cjk and len(w.text) == 1:
            run.append(w.text)
            continue
        if run:
            out.append(alignment.Word("".join(run), True))
            run = []
        if w is not None:
            out.append(w)
    return tuple(out)


def _labels(text: str, merge: bool = False) -> dict[str, set[str]]:
    """The word right before each number of ``text`` that ends its clause ("(backlog 512)"): the
    label the number is read by (``merge``: a run of lone CJK characters read as one word)."""
    out: dict[str, set[str]] = {}
    for clause in CLAUSE.split(canonical(text)):
        ws = merged(alignment.words(clause)) if merge else alignment.words(clause)
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
    written = {(n, m) for n, m, _ in theirs}  # the item writes the number with that measure itself too
    for value, measure, _ in _after(line):
        if measure and labels.get(value) and (value, measure) not in written \
                and not any(_names_label(k, label) for k in said for label in labels[value]):
            return value
    return None


def label_moved(line: str, item: str) -> str | None:
    """The number ``line`` reads by the label its item gives another number: "threshold was 57" of
    "57 AccessDenied in 5 min (threshold 20)", "阈值为 57" of "…（阈值 20）". The first number among the
    ``_SPAN`` words after a word naming the label, in its clause, is the value the line gives the
    label; where the item gives that label another number and writes the line's number elsewhere,
    never after a word naming the label ("PR #4478" of "reverted PR #4471 as PR #4478"), the line
    puts one quantity's value in another's place. None when there is none."""
    labels = _labels(item, merge=True)
    held = {n for n, _, _ in _after(item)}
    before: dict[str, set[str]] = {}  # each number of the item with the words right before it
    for clause in CLAUSE.split(canonical(item)):
        ws = alignment.words(clause)
        for k in range(1, len(ws)):
            before.setdefault(ws[k].key, set()).add(ws[k - 1].key)
    for clause in CLAUSE.split(canonical(line)):
        ws = merged(alignment.words(clause))
        for k, w in enumerate(ws):
            own = {n for n, names in labels.items()
                   if any(_names_label(w.key, label) or (w.cjk and len(label) > 1 and label in w.key)
                          for label in names)}
            if not own or specific.is_number(w.text):
                continue
            content = [v for v in ws[k + 1:] if not alignment.name(v) and not alignment.filler(v, None)
                       and not (v.cjk and len(v.text) == 1)]
            after = [v.key for v in content[:_SPAN] if specific.is_number(v.text)]
            if after and after[0] not in own and after[0] in held \
                    and not any(_names_label(w.key, b) for b in before.get(after[0], ())):
                return after[0]
    return None
