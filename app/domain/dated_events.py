"""A time stays with its event across the lines of a log.

Two lines of one incident may tell two events of the same things at two times: "13:18:00 alarm
KmsAccessDeniedSpike in ALARM; paged on-call t.nguyen" and "13:21:40 KmsAccessDeniedSpike
acknowledged by t.nguyen". A line restating the second event at the first line's time ("t.nguyen
acknowledged KmsAccessDeniedSpike at 13:18:00") holds every token of the first line and most of its
words, so it is traced there, though it tells the other line's event at a time that event is not at.

The rule: where every time a line writes is a time of its item, the line says a word its item
lacks, and another dated line holds every word, name and number of the line, but at none of the
line's times, the line dates that other line's event at the time of its own item. A line saying
nothing its item lacks, or that no single other line restates whole, is not judged here (a word of
the line's own wording, 其中 or 处于, is not an event moved).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain import alignment, specific
from app.domain.dated_parts import CLOCK, clocks, same
from app.domain.text import canonical


def _described(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The keys of what ``text`` says (content words, no name, number or time) and of its names
    and numbers (no time)."""
    ws = alignment.words(text)
    content = [w for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)]
    told = [w for w in content if not CLOCK.search(w.text)]
    return (frozenset(w.key for w in told if not alignment.name(w) and not specific.is_number(w.text)
                      and any(ch.isalpha() for ch in w.text)),
            frozenset(w.key for w in told if alignment.name(w) or specific.is_number(w.text)))


def time_of_another(line: str, item: str, others: Sequence[str]) -> str | None:
    """The time ``line`` gives an event of another line than ``item``, its trace (see the module);
    None when its times are not its item's, or its event is its item's or of no one other line."""
    mine = clocks(canonical(line))
    if not mine or not all(any(same(m, t) for t in clocks(canonical(item))) for m in mine):
        return None
    said, named = _described(line)
    lacking = said - _described(item)[0]
    if not lacking:
        return None
    for other in others:
        theirs, their_names = _described(other)
        when = clocks(canonical(other))
        if when and said <= theirs and named <= their_names and not any(same(m, t) for m in mine for t in when):
            return ":".join(f"{n:02d}" for n in mine[0][:2])
    return None


described = _described
