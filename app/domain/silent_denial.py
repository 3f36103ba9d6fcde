"""A denial is traced only to a line that names what it denies, or to one the rest of its clause is of.

"db-01 had no errors" against "db-01 replication lag 42 s": the claim's terms are the name and the
denied word, the name is the item's, and half the terms is enough to trace it. The line is silent
on errors; the denial reads as its fact. So a clause denying a thing ("no errors", "none of
the alerts", "没有报错", "无告警") is not traced to an item that names none of the words it
denies (it says nothing of that thing, whatever else it counts none of: "0 errors" is silent on
restarts) where the item holds nothing else of the clause but its names and values: the clause is
then the item's only by the name it is about. A clause that says more of what the item tells, an
item naming the thing, and a denied event ("did not come back on ci-node-07: it was rescheduled",
an inference its witness after it carries) are left to the rules that read a denial against what
the item tells (``app.domain.denied_thing``, ``alignment.denies``, ``alignment.says_none``).
"""

from __future__ import annotations

import os
import re

from app.domain import alignment, specific
from app.domain.denied_thing import NONE_OF
from app.domain.text import canonical, terms

_CLAUSE = re.compile(r"(?i)[,;，；：。]|:(?!\S)|(?<![\w-])(?:and|but|while)(?![\w-])|而且|并且|但|和")
"""Where a clause ends: a colon only before a space, not the one inside ``host:port`` or a URL."""
_STEM = 4
"""A word names what another does where they share their first letters but for an ending of two or
fewer ("apply" / "applied", "failures" / "failed"), at least this many."""


def _same(a: str, b: str) -> bool:
    common = len(os.path.commonprefix([a, b]))
    return a == b or (common >= _STEM and common >= min(len(a), len(b)) - 2)


def _holds(word: alignment.Word, item: tuple[alignment.Word, ...], text: str) -> bool:
    if word.cjk:
        return word.text in text
    return any(_same(word.text, w.text) for w in item if not w.cjk)


def _denials(clause: str) -> list[list[alignment.Word]]:
    ws = alignment.words(NONE_OF.sub("no ", clause))
    out = [[w for w in ws if w.key in d] for d in alignment.denied_things(ws)]
    out += [[alignment.Word(run, True)] for i, w in enumerate(ws)  # 没有告警: the word cut into characters
            if w.cjk and w.text in alignment._THING_NEG and (run := alignment._lone_run(ws, i + 1))]
    return [d for d in out if d]


def unsaid(line: str, item: str) -> str | None:
    """The words a clause of ``line`` denies where ``item`` names none of them and holds nothing
    else of the clause but its names and values; None when no clause so denies."""
    iw = alignment.words(item)
    text = canonical(item).casefold()
    held = terms(item)
    for clause in _CLAUSE.split(canonical(line)):
        for denied in _denials(clause):
            if any(_holds(w, iw, text) for w in denied):
                continue
            rest = clause.casefold()
            for w in (*denied, *(x for x in alignment.words(clause) if alignment.negation(x))):
                rest = rest.replace(w.text, " ")
            for token in specific.specific_tokens(clause):  # names and values ("db-01", "42 s"), not rare words
                rest = rest if token.isalpha() else rest.replace(token.casefold(), " ")
            if not terms(rest) & held:
                return " ".join(w.text for w in denied)
    return None
