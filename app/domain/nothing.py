"""A side of a line saying a quantity came to nothing is about the lines giving it none.

"dropIndex 之后 mongo-rs0-3 复制延迟归零", "after the restart the retry queue of mq-2 emptied": the side
is traced by its words to every line of that quantity, before and after the event; what it says of
the quantity (that there is none) only some of them give, in a part of their own about it: a count
of none (``0``, ``0%``, ``zero``) or a word of nothing (归零, cleared, emptied: ``denial.NOTHING``)
in a part sharing a subject term with the side. Those are the lines the side is about, and its
time is theirs: a side put after an event is out of order where each of them is before it
(``app.domain.provenance``), though a later line of the same quantity gives a value above none.
A side that negates ("没有归零", "not yet zero") or writes a number of its own is read as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import alignment, denial, specific
from app.domain.evidence import subject_terms
from app.domain.text import canonical

_PART = re.compile(r"[;；,，。]|(?<!\d)[:：]|[:：](?!\d)")


def _none(part: str) -> bool:
    """Whether ``part`` gives a quantity none: a number of value zero, or a word of nothing."""
    if denial.NOTHING.search(part.casefold()):
        return True
    return any((q := denial.quantity_of(t)) is not None and q[0] == 0 for t in specific.specific_tokens(part))


def giving_none(side: str, items: Sequence[str]) -> list[int]:
    """Of ``items`` (the lines ``side`` is traced to), by index, those giving none of what the side
    says came to nothing; empty when it says no such thing, or none of them gives it."""
    text = canonical(side).casefold()
    said = denial.NOTHING.search(text)
    if said is None or alignment.has_negation(side):
        return []
    rest = text[:said.start()] + " " + text[said.end():]
    if any(denial.quantity_of(t) is not None for t in specific.specific_tokens(rest)):
        return []
    about = subject_terms(rest)
    return [k for k, item in enumerate(items)
            if any(_none(p) and about & subject_terms(p) for p in _PART.split(canonical(item)))]
