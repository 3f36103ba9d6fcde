"""A count its item writes before the name it comes from is that name's.

A log counting per source writes each count before its source, joined by a preposition: "…: 1840
from checkout-api and 212 from refund-worker", "1840 次来自 checkout-api，212 次来自 refund-worker".
The stretch then names a source before the second count that is the first count's: read by the
name before it, 212 would be checkout-api's. Here a number right before a preposition of source (or
of whom it is for: from, for, by; 来自), its measure word between them, is said of the name after it.
Where its item so counts for two names or more, a line giving one of those counts to another of
them ("checkout-api got 212 responses", its name before the number as ``app.domain.binding`` reads a
line, or "212 from checkout-api") moves the count to another name. A line giving each name its own
count, or a count to a name its item counts nothing for, is judged as before."""

from __future__ import annotations

import functools

from app.domain import alignment, binding, specific

_SOURCE = frozenset("from for by 来自".split())
"""The prepositions a count's source follows it after."""


@functools.lru_cache(maxsize=4096)
def _sourced(text: str) -> tuple[tuple[str, str], ...]:
    """``(count, name)`` for each number of ``text`` written right before a preposition of source
    and a name (a CJK measure word of one character between the number and the preposition)."""
    ws = alignment.words(text)
    out = []
    for k, w in enumerate(ws):
        if w.cjk or not specific.is_number(w.text):
            continue
        j = k + 1 + (k + 1 < len(ws) and ws[k + 1].cjk and len(ws[k + 1].text) == 1)
        if j + 1 < len(ws) and ws[j].text in _SOURCE and alignment.name(ws[j + 1]):
            out.append((w.key, ws[j + 1].key))
    return tuple(out)


def moved(line: str, item: str) -> str | None:
    """The count ``line`` gives to a name that ``item`` counts another number for, the count being
    another name's after it (see the module); None when there is none."""
    theirs = dict(_sourced(item))
    if len(set(theirs.values())) < 2:
        return None
    said = [(value, owner) for value, owner, _, _ in binding.owned(line)] + list(_sourced(line))
    for value, owner in said:
        if value in theirs and theirs[value] != owner and owner in theirs.values():
            return value
    return None
