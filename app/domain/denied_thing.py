"""A thing denied that its line shows there.

"No replication slot was holding back xmin on pg-billing-01" against "pg-billing-01: replication
slot analytics_cdc inactive …, holding xmin 1893004112": the line shows one such slot, and the
claim holds every word of it but adds "no". ``app.domain.alignment`` reads a predicate negator
("was never restored") against a line telling the event, and "no X" only against a count of X; a
thing negator against a line naming the thing plainly passed.

The rule: a line whose thing negator ("no", "none", 没有, 无) denies words its item writes, where
the item has no negation and no count of none anywhere (it says the thing is there, not that it is
absent or gone), denies what its item says. The other way round too (``affirmed``): an item
denying a thing ("config rev c413, reload, no restart") is not restated by a line telling that
thing with no negation and no count of none ("was restarted to apply config rev c413").
"""

from __future__ import annotations

import re

from app.domain import alignment

_NONE_OF = re.compile(r"(?i)(?<![\w-])none\s+of\s+(?:the|its|their|these|those)?\s*")
""""none of the X" denies X as "no X" does."""
NONE_OF = _NONE_OF


def denied(line: str, item: str) -> frozenset[str] | None:
    """The words of ``item`` that a thing negator of ``line`` denies, when ``item`` says them with
    no negation and no count of none; None otherwise."""
    things = alignment.denied_things(alignment.words(_NONE_OF.sub("no ", line)))
    if not things:
        return None
    ws = alignment.words(item)
    if alignment.has_negation(item) or any(alignment.zero(w) for w in ws):
        return None
    held = {w.key for w in ws}
    return next((frozenset(d) for d in things if d <= held), None)


def affirmed(line: str, item: str) -> frozenset[str] | None:
    """The words a thing negator of ``item`` denies that ``line`` tells with no negation and no
    count of none; None otherwise."""
    return denied(item, line)
