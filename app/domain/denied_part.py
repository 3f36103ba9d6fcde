"""A denial of what one part of its line tells, the line's negation standing in another part.

"co-app-07 was never drained from checkout-backend" against "s.adeyemi drained co-app-07 from
checkout-backend (weight 0); pool now 3 of 4 backends"; "No unwrap request for role pay-api was
denied" against "9 sys/wrapping/unwrap requests denied for role pay-api between 08:05:31 and
08:06:58; 0 denied before 08:05:00". The denial rules (``alignment.denies``,
``denied_thing.denied``) leave alone an item with a negation or a count of none anywhere, as one
that may say the thing is absent; but a zero that is a field's value ("weight 0"), or a count of
none bounded by a time the line drops ("before 08:05:00"), says nothing of the thing denied.

The rule: a line denies what its item says when it denies what one part of the item (between
commas, semicolons, brackets or a label's colon; a path's parts read as words) tells with no
negation and no count of none, and no part of the item that has one is the line's: a negated
part is the line's when it writes a word the line denies that the plain part does not (the
thing it counts none of), or when every value it writes but its zero is in the line ("no unwrap
request was denied before 08:05:00" restates "0 denied before 08:05:00").
"""

from __future__ import annotations

import re

from app.domain import alignment, awaited, denied_thing, specific, units

_PATH = re.compile(r"(?<=\w)/(?=\w)")


def _parts(item: str) -> list[str]:
    return [p for p in alignment.SEGMENT.split(_PATH.sub(" ", item)) if p.strip()]


def _negated(part: str) -> bool:
    return alignment.has_negation(part) or any(alignment.zero(w) for w in alignment.words(part))


def _keys(text: str) -> set[str]:
    """The content words of ``text``, but its counts of none."""
    ws = alignment.words(text)
    return {w.key for i, w in enumerate(ws) if not alignment.filler(w, ws[i - 1] if i else None)
            and not alignment.zero(w)}


def _values(part: str) -> set[str]:
    """The values of ``part`` but its counts of none."""
    return {t for t in specific.specific_tokens(part) if units.number_value(t) != 0}


def _own(negated: str, plain: str, line: str) -> bool:
    """Whether ``negated``, a part with a negation or a zero, is what ``line`` says rather than
    the plain part ``plain``: it writes a word of the line that ``plain`` does not, or the line
    writes every value of it."""
    values = _values(negated)
    if values and all(specific.occurs(v, specific.prepared(line)) for v in values):
        return True
    return bool((_keys(negated) & _keys(line)) - _keys(plain))


def denied(line: str, item: str) -> str | None:
    """The part of ``item`` that ``line`` denies, where the item's negations and counts of none
    stand in other parts, none of them the line's; None otherwise."""
    if not alignment.has_negation(line):
        return None
    parts = _parts(item)
    negated = [p for p in parts if _negated(p)]
    if not negated:
        return None  # the whole-line denial rules judge it
    for plain in (p for p in parts if not _negated(p) and not awaited.awaits(p)):  # "waiting for …": not yet
        if (alignment.denies(line, plain) or denied_thing.denied(line, plain) is not None) \
                and not any(_own(n, plain, line) for n in negated):
            return plain.strip()
    return None
