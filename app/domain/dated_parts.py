"""A time stays with the part of its line that it dates.

One log line may tell several events, each in a part of its own with its own time: "10:34:00 告警
OrderWriteErrors 恢复；10:36:00 告警 MongoReplicationLag 恢复", "backup-db started 02:00:05;
finished 02:41:10 on db-7, verify-job on db-9 at 02:44:30". A line restating it with the name of one
part and the time of another ("告警 MongoReplicationLag 10:34:00 恢复") holds every token of its item
and most of its words, yet dates one event at the time of the other.

A part is what lies between semicolons and commas; a part gives the clock times it writes, and a
part writing none goes on at the time of the part before (the first, at the line's own). The names
of a part are its specific tokens that are no number and no time. The rule: where a time of the
line is the time of some parts of its item and the line names none of their names, while it names
a name the item holds only in parts of other times, the time is that other event's. An item of one
time, a time the item does not write, a line naming a name of the part its time dates, and a part
naming nothing of its own (it goes on about the names before it: "… ledger-svc-0 (48% at 15:40, 40%
at 16:40)") are not judged here.
"""

from __future__ import annotations

import functools
import re

from app.domain import specific
from app.domain.text import canonical

_PART = re.compile(r"[;；,，]")
_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

Clock = tuple[int, int, int | None]


def _clocks(text: str) -> list[Clock]:
    return [(int(h), int(m), int(s) if s else None) for h, m, s in _CLOCK.findall(text)]


def _same(mine: Clock, theirs: Clock) -> bool:
    """Whether a time as the line writes it is ``theirs``, to the precision written (``10:34`` is
    ``10:34:00``)."""
    return mine[:2] == theirs[:2] and (mine[2] is None or mine[2] == (theirs[2] or 0))


def _names(text: str) -> frozenset[str]:
    return frozenset(specific.prepared(t).strip() for t in specific.specific_tokens(text)
                     if not specific.is_number(t) and not _CLOCK.search(t) and not _DATE.search(t))


CLOCK, clocks, same = _CLOCK, _clocks, _same
"""A clock time, the clock times a text writes, and whether a time as written is another."""


@functools.lru_cache(maxsize=4096)
def dated_parts(item: str) -> tuple[tuple[tuple[Clock, ...], frozenset[str]], ...]:
    """The parts of ``item``, each with the times it is at and its names; empty for an item of fewer
    than two times."""
    if len({t[:2] for t in _clocks(canonical(item))}) < 2:
        return ()
    out: list[tuple[tuple[Clock, ...], frozenset[str]]] = []
    times: tuple[Clock, ...] = ()
    for part in _PART.split(canonical(item)):
        times = tuple(_clocks(part)) or times
        out.append((times, _names(part)))
    return tuple(out) if len({t[:2] for ts, _ in out for t in ts}) > 1 else ()


def time_elsewhere(line: str, item: str) -> str | None:
    """The name ``line`` dates at the time of another part of ``item`` (see the module); None when
    every time of the line dates a part naming a name of the line, or no name of its own."""
    parts = dated_parts(item)
    if not parts:
        return None
    named = _names(line)
    for when in _clocks(canonical(line)):
        dated = [names for times, names in parts if any(_same(when, t) for t in times)]
        if not dated or any(not names or named & names for names in dated):
            continue
        for name in named:
            own = [times for times, names in parts if name in names]
            if own and not any(_same(when, t) for times in own for t in times):
                return name
    return None
