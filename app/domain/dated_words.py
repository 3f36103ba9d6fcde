"""A word of one event of a line stays at that event's time.

One log line may tell two events of one thing, each at its own time: "15:08:15 health-checker:
backend co-app-07 marked DOWN after 3 failed checks; co-app-07 marked UP at 15:08:55". A line
restating the second event at the first one's time ("co-app-07 was marked UP again at 15:08:15")
holds every token of the item and most of its words, and names the name both parts share, so the
rule of names and values (``app.domain.dated_parts``) does not see it: the event is told by a word,
not a name.

The rule: where a time of the line dates parts of its item (``dated_parts.dated_texts``), and the
line writes a word the item writes only in parts of other times, none of which the line writes,
while it writes no word the item writes only in the parts its time dates, the line dates that word's
event at the time of another. Parts at the line's time that write no word of their own ("…; 0
rejected before 10:18:00"), or brackets alone ("back to 30 h (low 4 h at 05:10)"), go on about the
words before them and are not judged. A line telling both events ("marked DOWN at 15:08:15 and UP
again") keeps its time with the event written at it; a word the item writes in parts of no time is
not judged.
"""

from __future__ import annotations

from app.domain import alignment
from app.domain.dated_events import described
from app.domain.dated_parts import Clock, clocks, dated_texts, same
from app.domain.text import canonical


def _at(when: Clock, times: tuple[Clock, ...]) -> bool:
    return any(same(when, t) for t in times)


def _words(text: str) -> frozenset[str]:
    """The words ``text`` tells its event by (``dated_events.described``), with each run of CJK
    characters the vocabulary cut one by one read as one word (被摘除)."""
    runs, run = set(), ""
    for w in [*alignment.words(text), None]:
        if w is not None and w.cjk and len(w.text) == 1:
            run += w.text
            continue
        if len(run) > 1:
            runs.add(run)
        run = ""
    return described(text)[0] | runs


def word_elsewhere(line: str, item: str) -> str | None:
    """The word ``line`` dates at the time of another part of ``item`` (see the module); None
    when its times date the words it writes."""
    texts = [(times, text) for times, text in dated_texts(item) if times]
    parts = [(times, _words(text)) for times, text in texts]
    said = clocks(canonical(line))
    if not parts or not said:
        return None
    words = _words(line)
    for when in said:
        if all(text.lstrip()[:1] in ("(", "（") for times, text in texts if _at(when, times)):
            continue  # brackets alone go on about the words before them ("back to 30 h (low 4 h at 05:10)")
        here = set().union(*(w for times, w in parts if _at(when, times)))
        there = set().union(*(w for times, w in parts if not _at(when, times)))
        if not here - there or words & (here - there):
            continue  # a part of no word of its own goes on about the words before it
        moved = sorted(w for w in words & (there - here)
                       if not any(_at(m, times) for m in said for times, ws in parts if w in ws))
        if moved:
            return moved[0]
    return None
