"""Where a change began is not where it ended.

"dev.raid.speed_limit_max 为 500000 KB/s（sysctl 配置 rev 19，2026-11-20 由 200000 调高）" tells a change
by its start alone: the limit was raised from 200000 (to the value the line gives it). A line "rev 19
把 speed_limit_max 从 500000 调低到 200000" holds every token of it; the two values are swapped and the
direction turned with them, so the change reads consistently, and ``app.domain.direction`` (which
compares two changes each told with both ends) sees no change of the item's to turn round.

The rule: a number an item writes once, as the start of a change ("由 200000", "from 200000"), is not
the end of a change of the line ("到 200000", "to 200000"); and a number it writes once, as the end
of a change told without its start ("调到 100000", "to 100000"), is not the start of one."""

from __future__ import annotations

import re

from app.domain import direction, places
from app.domain.text import canonical

_START = re.compile(r"(?:(?<![\w-])(?i:from)|由|从)\s?(\d+(?:\.\d+)?)(?![\d.:])")
_NUMBER = re.compile(r"(?<![\w.:-])\d+(?:\.\d+)?(?![\w.:-])")


def _ends(text: str) -> tuple[set[str], set[str]]:
    """The starts and the ends of the changes ``text`` tells, with or without their other end."""
    told = direction.changes(text)
    return ({a for a, _ in told} | set(_START.findall(text)), {b for _, b in told} | set(places.ONE_END.findall(text)))


def turned_end(line: str, item: str) -> str | None:
    """The number ``line`` puts at the end of a change that ``item`` writes once, as a change's
    start, or at the start of one that ``item`` writes once, as an end; None when there is none."""
    text = canonical(item)
    written = _NUMBER.findall(text)
    starts, ends = _ends(text)
    only_start = {n for n in starts - ends if written.count(n) == 1}
    only_end = {n for n in ends - starts if written.count(n) == 1}
    mine_starts, mine_ends = _ends(canonical(line))
    return next(iter(sorted((mine_ends & only_start) | (mine_starts & only_end))), None)
