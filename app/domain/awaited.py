"""An event a line tells as awaited has not happened yet: "raft: not part of the configuration,
waiting for autopilot to add it as a voter", "等待 autopilot 将其加入".

Such a part names its event in plain words, with no negation, yet tells that it is still to come.
So a line denying it ("At 10:08:30 cs-02 was not yet a voter", "autopilot had not added it back")
restates the part rather than denying it (``app.domain.denied_part`` leaves an awaited part out
of the parts a line may deny), and a line telling it as done, with no word of waiting of its own
("At 10:08:30 cs-02 was a voter"), says what the item does not (``told_done``): the words only the
awaited part holds are the event's, and the line gives them as a fact.
"""

from __future__ import annotations

import re

from app.domain import alignment

_AWAITED = re.compile(r"(?i)(?<![\w-])(?:waiting|waits|wait|awaiting|awaits)\s+(?:for|on|until)(?![\w-])"
                      r"|(?:(?<![\u4e00-\u9fff])|(?<=[在正仍还]))(?:等待|等候)|尚待|有待")
"""Words telling an event as awaited: waiting for, awaiting; 等待, 等候 opening their words or after
在/正/仍/还, 尚待, 有待 (not "pending", mostly a noun's modifier: "pending tasks 387" counts a queue;
nor 等待 ending a noun: 锁等待 is a lock wait)."""


def awaits(part: str) -> bool:
    """Whether ``part`` tells an event as awaited."""
    return _AWAITED.search(part) is not None


def _keys(text: str) -> set[str]:
    ws = alignment.words(text)
    return {w.key for i, w in enumerate(ws) if not alignment.filler(w, ws[i - 1] if i else None)
            and not alignment.name(w)}


def told_done(line: str, item: str) -> bool:
    """Whether ``line``, denying nothing and awaiting nothing (nor keeping the item's own word of
    waiting, wherever it stands), gives as a fact a word that only the awaited parts of ``item``
    hold (its event)."""
    if awaits(line) or alignment.has_negation(line):
        return False
    parts = [p for p in alignment.SEGMENT.split(item) if p.strip()]
    found = [m for m in map(_AWAITED.search, parts) if m is not None]
    if not found or any(m.group(0).lower() in line.lower() for m in found):
        return False  # the line keeps the item's word of waiting ("上等待中的客户端" of "：等待中的客户端")
    waiting = [m.string[m.end():] for m in found]
    plain = set().union(*(_keys(p) for p in parts if not awaits(p)))
    return bool(_keys(line) & (set().union(*(_keys(w) for w in waiting)) - plain))

