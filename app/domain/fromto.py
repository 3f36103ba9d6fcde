"""A line that gives an interval "from one event to another" names its two events in order.

"Wave 2 took 17 min 45 s from its start to 12 of 12 pods Ready", "From the first Hold timer expiry
at 09:18:40 to both sessions Established at 09:32:05 took 13m25s", "cass-n04 从 03:10 重启到
03:48:20 重新加入，历时约 38 分钟", "从告警 X 触发到 rpt-03 inode 耗尽用了约 26 分半": once the
duration is out, what is left is two events, the first after "from" / 从, the second after "to" /
到, each about the subject written before "from" (a possessive opening a side, "its start", points
back at it). The line is read as those two sides in that order: each must be an item's, the first
the earlier, and the duration the interval between them (``app.domain.chronology.worked_out``).
A side saying no event (a bare number: "from 64 to 8", a value's change) gives no reading: such a
line is judged as written.
"""

from __future__ import annotations

import functools
import re

from app.domain.text import canonical

_EN = re.compile(r"(?i)(?<![\w-])from\s+(?P<a>.+?)\s+(?:to|until|till)\s+(?P<b>.+)")
_ZH = re.compile(r"从\s?(?P<a>.+?)\s?(?:到|至)\s?(?P<b>.+)")
_POSSESSIVE = re.compile(r"(?i)^\s*(?:its|their)\s+")
_WORD = re.compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]")
"""A side names an event with a word (three letters or more, or a Chinese character): "from 64 to
8" names two values, not two events."""


@functools.lru_cache(maxsize=4096)
def sides(line: str) -> tuple[str, str] | None:
    """(first, second): the two events ``line`` spans "from A to B" / "从 A 到 B", each with the
    subject written before "from"; None when it spans none, or a side names no event."""
    text = canonical(line)
    m = _EN.search(text) or _ZH.search(text)
    if m is None:
        return None
    subject = text[:m.start()].strip(" ,，")
    a, b = (_POSSESSIVE.sub("", m.group(k)).strip(" ,，;；。") for k in ("a", "b"))
    if not (_WORD.search(a) and _WORD.search(b)):
        return None
    return f"{subject} {a}".strip(), f"{subject} {b}".strip()
