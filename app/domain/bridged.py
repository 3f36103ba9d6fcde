"""A name told with the event another item gives a name its own item joins to it.

One item may join two names of one thing ("DAG nightly_revenue_rollup submitted
application_1763427600_0412 …, SLA deadline 03:30; previous run (2026-11-17) …"), and another tell
an event by the other name alone ("SLA miss for DAG nightly_revenue_rollup"). A line "application_…
missed its SLA on 2026-11-17", or "… did not miss its SLA", holds its name and most of its words in
the first item, which says nothing of a miss: what it says of the thing is the second item's event,
told of the name the first joins to the line's. Read there with that name in place of its own, the
line dates the event at a date of another run, or denies it: the evidence says neither.

The rule: ``line``, traced to ``item``, names one name (``alignment.name``) another item does not
hold, and ``item`` does; says words ``item`` does not hold and that other item does (the event's
words); and the two items share names the line does not say, one of which ``item`` writes
in the part of the line's name, not of its series (the thing's other name). Where none of the line's readings
with one of those shared names in place of its own is held by that other item, the line says of its
event what the evidence does not. A line whose words its own item holds, or whose event no other
item tells, is not judged here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from app.domain import alignment, specific
from app.domain.evidence import stem, subject_terms


def _names(text: str) -> set[str]:
    return {t for t in specific.specific_tokens(text) if alignment.name(alignment.Word(t, False))}


def _stems(text: str) -> set[str]:
    return {stem(t) for t in subject_terms(text)}


def _affirmed(line: str) -> str:
    """``line`` without its negators: the words of the event it tells or denies."""
    ws = alignment.words(line)
    return " ".join(w.text for k, w in enumerate(ws) if alignment.negation(w, ws[k - 1] if k else None) != "neg")


def _beside(name: str, other: str, item: str) -> bool:
    """Whether ``item`` joins ``other`` to ``name``: writes the two in one part (between commas and
    semicolons), ``other`` not a member of ``name``'s series (``gpu-a07`` beside ``gpu-a08`` in a
    list is another thing, not the same thing's other name)."""
    if re.sub(r"\d+", "#", other) == re.sub(r"\d+", "#", name.casefold()):
        return False
    return any(name.casefold() in part and other in part for part in re.split(r"[,;，；]", item.casefold()))


def told_elsewhere(line: str, item: str, others: Sequence[str], held: Callable[[str, str], bool]) -> str | None:
    """The item whose event ``line`` tells of a name ``item`` joins to that item's name, saying of
    it what that item does not (see the module); ``held(reading, other)``: whether ``other`` holds
    the reading. None when there is none."""
    mine = _names(line)
    if not mine:
        return None
    low = {n.casefold() for n in _names(item)}
    said = {s for s in _stems(_affirmed(line)) - _stems(" ".join(specific.specific_tokens(line))) - _stems(item)
            if len(s) > 1}  # a single character is a Chinese particle (在, 了)
    if not said:
        return None
    for other in others:
        theirs = {n.casefold() for n in _names(other)}
        own = [n for n in mine if n.casefold() not in theirs]
        if len(own) != 1 or own[0].casefold() not in low or not said <= _stems(other):
            continue
        joined = {n for n in (low & theirs) - {n.casefold() for n in mine} if _beside(own[0], n, item)}
        if not joined:
            continue
        pattern = re.compile(re.escape(own[0]), re.IGNORECASE)
        if not any(held(pattern.sub(name, line, count=1), other) for name in sorted(joined)):
            return other
    return None
