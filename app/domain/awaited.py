"""An event a line tells as awaited has not happened yet: "raft: not part of the configuration,
waiting for autopilot to add it as a voter", "等待 autopilot 将其加入".

Such a part names its event in plain words, with no negation, yet tells that it is still to come.
So a line denying it ("At 10:08:30 cs-02 was not yet a voter", "autopilot had not added it back")
restates the part rather than denying it (``app.domain.denied_part`` leaves an awaited part out
of the parts a line may deny), and a line telling it as done, with no word of waiting of its own
("At 10:08:30 cs-02 was a voter"), says what the item does not (``told_done``): the words only the
awaited part holds are the event's, and the line gives them as a fact. An event told as intended
(a ticket or a request "to" do it, proposed, planned; 计划, 拟将) is to come too: "a sidecar had
been added under PLAT-4471" of "opened ticket PLAT-4471 to add a sidecar" tells it done.
"""

from __future__ import annotations

import re

from app.domain import alignment

_AWAITED = re.compile(r"(?i)(?<![\w-])(?:waiting|waits|wait|awaiting|awaits)\s+(?:for|on|until)(?![\w-])"
                      r"|(?:(?<![\u4e00-\u9fff])|(?<=[在正仍还]))(?:等待|等候)|尚待|有待")
"""Words telling an event as awaited: waiting for, awaiting; 等待, 等候 opening their words or after
在/正/仍/还, 尚待, 有待 (not "pending", mostly a noun's modifier: "pending tasks 387" counts a queue;
nor 等待 ending a noun: 锁等待 is a lock wait)."""


_INTENDED = re.compile(r"(?i)\b(?:ticket|issue|request|task|proposal|plan)\s+(?:\S+\s+){0,2}?to(?=\s)"
                       r"|\b(?:proposed|planned|plans|intends|intended|requested)\s+(?:to(?=\s))?"
                       r"|\b(?:scheduled|asking|asked|asks)\s+(?:for|to)(?=\s)"
                       r"|(?<!按)(?<!按照)计划|打算|拟将|提议|申请")
"""Words telling an event as intended, not done: a ticket, request or plan "to" do it, "proposed",
"planned to", "asking for", "scheduled to" (not "scheduled 03:30", a time); 计划 (not 按计划, as
planned: done), 打算, 拟将, 提议, 申请 ("opened ticket PLAT-9 to add a sidecar" adds none)."""


def _to_come(part: str) -> re.Match[str] | None:
    return _AWAITED.search(part) or _INTENDED.search(part)


def _purpose(line: str, event: set[str]) -> bool:
    """Whether ``line`` tells a word of ``event`` as a purpose itself ("to add", "以添加")."""
    ws = alignment.words(line)
    verbs = [ws[i + 2] if ws[i + 1].text == "be" and i + 2 < len(ws) else ws[i + 1]  # "to be added"
             for i, w in enumerate(ws[:-1]) if w.text in ("to", "以", "为了")]
    return any(v.text.isalpha() and v.key in event for v in verbs) or _INTENDED.search(line) is not None


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
    found = [m for m in map(_to_come, parts) if m is not None]
    if not found or any(m.group(0).lower() in line.lower() for m in found):
        return False  # the line keeps the item's word of waiting ("上等待中的客户端" of "：等待中的客户端")
    event = set().union(*(_keys(m.string[m.end():]) for m in found)) \
        - set().union(*(_keys(p) for p in parts if _to_come(p) is None))
    return bool(_keys(line) & event) and not _purpose(line, event)

