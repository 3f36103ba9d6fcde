"""A window written by its two clock times: the duration a count per time is worked out over.

"15:07 至 15:12 alb-pay-prod 共返回 18420 次 503，平均每秒约 61 次" of "…：15:07 至 15:12
HTTPCode_ELB_503_Count 共 18420 次" divides the item's count by the window the item gives it, five
minutes, written as its two ends rather than as a duration. A window counts here only where the line
writes it as one ("A 至 B", "from A to B", "between A and B", "A-B") and one item writes the same two
ends as one window too: two times the line takes from two lines ("at 15:07 … and at 15:12") bound
no count, and a window the item does not give its count is not the count's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from app.domain.text import canonical

_CLOCK = r"(\d{1,2}):(\d{2})(?::(\d{2}))?"
_WINDOW = re.compile(rf"(?i)(?<!\d)(?<!\d:){_CLOCK}\s*(?:至|到|~|–|-|to|until|and)\s*{_CLOCK}(?![\d:])")
"""Two clock times joined as the ends of one span: "15:07 至 15:12", "08:00 to 08:05", "10:00-10:05"
("from" or "between" before it, 从 or 在 before it, add nothing to it)."""


def _ends(text: str) -> set[tuple[int, int]]:
    """The windows ``text`` writes, each (start, end) in seconds of the day."""
    out = set()
    for m in _WINDOW.finditer(canonical(text)):
        h1, m1, s1, h2, m2, s2 = (int(g or 0) for g in m.groups())
        out.add((h1 * 3600 + m1 * 60 + s1, h2 * 3600 + m2 * 60 + s2))
    return out


def durations(line: str, items: Iterable[str]) -> list[tuple[str, float]]:
    """The windows ``line`` writes by their two ends that an item of ``items`` writes so too, each as
    a duration (``("time", seconds)``, the kind ``app.domain.derived.numbers`` gives one)."""
    own = {(a, b) for a, b in _ends(line) if b > a}
    if not own:
        return []
    given = {w for item in items for w in _ends(item)}
    return [("time", float(b - a)) for a, b in sorted(own & given)]
