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

A bracket is a part of its own ("replay lag back to 0 s (peak 46 s at 03:30 during the freeze)",
"p99 210 ms (38 ms before 02:41); nvme1 …"): it is at a time it writes, else at the time of the
words before it, and what follows it goes on at that outer time. A value (a quantity or a number)
stays with the part writing it: where a time of the line dates parts writing none of the line's
values, while the line gives a value the item writes only in parts of other times, that value is
dated at the time of another part ("peaked at 46 s at 04:10", "210 ms before 02:41"), even when the
line names the line's host, which every part shares; unless the line writes the value's own time
too ("fired at 03:08:00, acknowledged 3 min 30 s later, at 03:11:30": the span goes with its start).
"""

from __future__ import annotations

import functools
import re

from app.domain import specific, units
from app.domain.text import canonical

_PART = re.compile(r"[;；,，()（）]")
"""Where a part ends: a comma or semicolon, before a bracket opens, where it closes."""
_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

Clock = tuple[int, int, int | None]


def _clocks(text: str) -> list[Clock]:
    return [(int(h), int(m), int(s) if s else None) for h, m, s in _CLOCK.findall(text)]


def _same(mine: Clock, theirs: Clock) -> bool:
    """Whether a time as the line writes it is ``theirs``, to the precision written (``10:34`` is
    ``10:34:00``)."""
    return mine[:2] == theirs[:2] and (mine[2] is None or mine[2] == (theirs[2] or 0))


def _second(t: Clock) -> tuple[int, int, int]:
    """A time to the second (two events of one minute are two times: DOWN at 15:08:15, UP at
    15:08:55)."""
    return t[0], t[1], t[2] or 0


def _names(text: str) -> frozenset[str]:
    return frozenset(specific.prepared(t).strip() for t in specific.specific_tokens(text)
                     if not specific.is_number(t) and not _CLOCK.search(t) and not _DATE.search(t))


CLOCK, clocks, same = _CLOCK, _clocks, _same
"""A clock time, the clock times a text writes, and whether a time as written is another."""


def _values(text: str) -> frozenset[str]:
    return frozenset(specific.prepared(t).strip() for t in specific.specific_tokens(text)
                     if (specific.is_number(t) or units.dimension(t) is not None)
                     and not _CLOCK.search(t) and not _DATE.search(t))


Part = tuple[tuple[Clock, ...], frozenset[str], frozenset[str]]
"""A part of an item: the times it is at, its names, its values."""


@functools.lru_cache(maxsize=4096)
def dated_texts(item: str) -> tuple[tuple[tuple[Clock, ...], str], ...]:
    """The parts of ``item``, each with the times it is at and its text; empty for an item of
    fewer than two times."""
    if len({_second(t) for t in _clocks(canonical(item))}) < 2:
        return ()
    out: list[tuple[tuple[Clock, ...], str]] = []
    times: tuple[Clock, ...] = ()
    outer: tuple[Clock, ...] = ()  # the time before the open bracket
    text, start = canonical(item), 0
    for end in [m.start() for m in _PART.finditer(text)] + [len(text)]:
        part = text[start:end]
        if part.lstrip()[:1] in ("(", "（"):
            outer = times
        times = tuple(_clocks(part)) or times
        if part.strip(" ([（"):  # not the nothing between a bracket's close and a semicolon
            out.append((times, part))
        if text[end:end + 1] in (")", "）"):
            times = outer
        start = end + 1 if text[end:end + 1] not in ("(", "（") else end
    return tuple(out) if len({_second(t) for ts, _ in out for t in ts}) > 1 else ()


@functools.lru_cache(maxsize=4096)
def dated_parts(item: str) -> tuple[Part, ...]:
    """The parts of ``item``, each with the times it is at, its names and its values; empty for an
    item of fewer than two times."""
    return tuple((times, _names(part), _values(part)) for times, part in dated_texts(item))


def time_elsewhere(line: str, item: str) -> str | None:
    """The name ``line`` dates at the time of another part of ``item`` (see the module); None when
    every time of the line dates a part naming a name of the line, or no name of its own."""
    parts = dated_parts(item)
    if not parts:
        return None
    named, valued = _names(line), _values(line)
    said = _clocks(canonical(line))
    for when in said:
        dated = [(names, values) for times, names, values in parts if any(_same(when, t) for t in times)]
        if not dated:
            continue
        if not any(not names or named & names for names, _ in dated):
            moved = _elsewhere(when, named, parts, 1)
            if moved is not None:
                return moved
        if not any(valued & values for _, values in dated):
            moved = _elsewhere(when, valued, parts, 2)
            if moved is not None and not any(_same(w, t) for w in said for t in _own(moved, parts)):
                return moved
    return None


def _own(value: str, parts: tuple[Part, ...]) -> list[Clock]:
    """The times of the parts of ``parts`` that write ``value``."""
    return [t for times, _, values in parts if value in values for t in times]


def _elsewhere(when: Clock, said: frozenset[str], parts: tuple[Part, ...], field: int) -> str | None:
    """The one of ``said`` (names: ``field`` 1; values: 2) that ``parts`` write only in parts of
    other times than ``when``."""
    for token in said:
        own = [part[0] for part in parts if token in part[field] and part[0]]  # a part at no time: undated
        if own and not any(_same(when, t) for times in own for t in times):
            return token
    return None
