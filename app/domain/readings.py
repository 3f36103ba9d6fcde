"""A change told between two readings: "ledger-svc-2 heap rose from 83% at 15:40 to 88% at 16:40",
"堆积从 48210 条涨到 61877 条".

Such a line states two values of one thing and the way it went between them. It restates no one
line: each value is a reading of its own line. It is read as those two readings, the thing joined to
each value with its time ("ledger-svc-2 heap 83% at 15:40; ledger-svc-2 heap 88% at 16:40"), and
the restated line is judged by every rule, as written (``app.domain.provenance``): each value must
be the one its line gives that thing at that time. The way it went is the line's own: its word
(the "quantity change" class of ``app.domain.slots``: rose, fell; 上涨, 下降) must be the way the
second value stands to the first, both of one unit; and the first reading must not be timed after
the second (``app.domain.chronology``). A change with no word of its way, between values of two
units, or between what is no quantity (versions: "from v4.18.0 to v4.17.3") is left as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.domain import denial, prior_value, slots, specific
from app.domain.text import canonical

_CHANGE = re.compile(
    r"(?i)(?<![\w-])from\s+(?P<a>\S+(?:\s+(?:at|on)\s+\S+)?)\s+to\s+(?P<b>\S+(?:\s+(?:at|on)\s+\S+)?)\s*$"
    r"|[从由]\s*(?P<za>\d[\d.]*\s*(?:%|[a-z/]+|[\u4e00-\u9fff])?(?:\s*\d{1,2}:\d{2})?)\s*"
    r"(?P<zverb>[\u4e00-\u9fff]{0,2}?[到至])\s*(?P<zb>[^，,；;]+?)\s*$")
"""The span of a change: "from A [at T] to B [at T]" ending its clause; "从 A …到 B"."""
_AGENT = re.compile(r"^\s*(?:\d{1,2}:\d{2}(?::\d{2})?\s*)?(?:[^，,；;]*?(?:把|将)\s*)?")
"""What opens a change's subject before the thing that changed: the time it was made at and, before
把 or 将, who made it ("04:11:45 刘洋 把 speed_limit_max 从 A 调低到 B"): the value it came from is
the thing's before then, a reading of its own."""
_RISE, _FALL = 0, 1
_QUANTITY_CHANGE = next(k for k, cls in enumerate(slots.CLASSES) if cls.name == "quantity change")


@dataclass(frozen=True)
class Change:
    """A change between two readings: the line restated as its readings, and their order."""

    reading: str
    first: str
    second: str


def _number(part: str) -> tuple[float, str] | None:
    """The value a side of a change gives (its one quantity, times aside)."""
    found = [v for v in (denial.quantity_of(t) for t in specific.specific_tokens(part)) if v is not None]
    return found[0] if len(found) == 1 else None


def change(line: str) -> Change | None:
    """The change ``line`` tells between two readings, or None (see the module docstring)."""
    text = canonical(line).strip().rstrip("。.")
    m = _CHANGE.search(text)
    if m is None:
        return None
    a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("za"), m.group("zb"))
    head = text[:m.start()].strip()
    said = f"{head} {m.group('zverb') or ''}"
    way = slots.values(said)[_QUANTITY_CHANGE] or frozenset(  # 涨到, 降到: its verb; 调低到: a setting's
        _RISE if w == "up" else _FALL for w in prior_value.moves(said))
    first, second = _number(a), _number(b)
    if len(way) != 1 or first is None or second is None or first[1] != second[1] or not head:
        return None
    if (second[0] > first[0]) != (_RISE in way) or first[0] == second[0]:
        return None
    thing = slots.spelled("quantity change", _RISE if _RISE in way else _FALL).sub(" ", head.casefold())
    before = _AGENT.sub("", thing).strip()  # the value it was: not the time nor the agent of the move
    one, two = f"{before} {a.strip()}", f"{thing.strip()} {b.strip()}"
    return Change(reading=f"{one}; {two}", first=one, second=two)
