"""A count is not a rate: a number given per a time is held only by its item's rate per that time.

"tor-r16a's policer dropped 1840 BGP keepalives per second" holds every token of "… dropped 1840 BGP
keepalives in last 60 s": the line gives the count as a rate, a number of things each second, where
its item counts them once over a window (or over no time at all). The rate is written after the
number's noun phrase ("1840 keepalives per second", "a second", "packets/s", "4120 个/秒", "4120
个每秒"); a line saying it is held where its item gives that number per the same time ("1840/s",
"1840 per second", "500 pps": a unit ending in "ps" is per second, "每秒 1840 个"), or counts it in a
window of that length ("1840 in last 60 s" is 1840 a minute). A figure the line
works out per second ("about 31 per second") is no number of its item and is judged as before."""

from __future__ import annotations

import re

from app.domain import units
from app.domain.text import canonical

_NUM = r"(?<![\w.:/-])(?P<num>\d+(?:\.\d+)?)"
_TIME = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|s|h|d|秒钟?|分钟|小时|天)"
_PHRASE = r"(?:\s?(?:个|条|次|[^\W\d_][\w-]*)){0,4}?"
_PER = rf"\s?(?:/|per\s|an?\s|each\s|每)\s?(?P<time>{_TIME})(?![a-z0-9_-])"
_RATE = re.compile(rf"(?i){_NUM}{_PHRASE}{_PER}")
"""A number, the words of its noun phrase, and the time it is given per: "1840 keepalives per second"."""
_PS = re.compile(rf"(?i){_NUM}\s?[a-z]*ps(?![\w-])")
"""A number with a unit of things per second: "500 pps", "40 Mbps", "1200 qps"."""
_SPAN = re.compile(rf"(?i)(?<![\w.:/-])(?P<n>\d+(?:\.\d+)?)\s?(?P<time>{_TIME})(?![a-z0-9_-])")
"""A duration: "60 s", "5 min", "60 秒"."""
_PER_BEFORE = re.compile(rf"每\s?(?P<time>{_TIME})[^，,。;；\d]*?{_NUM}")
"""A Chinese rate written before its number: "每秒丢弃 1840 个"."""


def _seconds(time: str) -> float:
    q = units.quantity(f"1 {time.lower()}")
    return q[1] if q is not None else 0.0


def _rates(text: str) -> set[tuple[str, float]]:
    """The numbers ``text`` gives per a time, each with that time in seconds."""
    found = {(m.group("num"), _seconds(m.group("time"))) for p in (_RATE, _PER_BEFORE) for m in p.finditer(text)}
    return found | {(m.group("num"), 1.0) for m in _PS.finditer(text)}


def made_rate(line: str, item: str) -> str | None:
    """The number ``line`` gives per a time where ``item`` holds that number but not per that time,
    nor counted in a window of that length ("1840 in last 60 s" is 1840 a minute); None when there
    is none."""
    flat, held = canonical(line), canonical(item)
    numbers = set(re.findall(_NUM, held))
    spans = {float(m.group("n")) * _seconds(m.group("time")) for m in _SPAN.finditer(held)}
    theirs = _rates(held) | {(n, s) for n in numbers for s in spans}
    for num, per in sorted(_rates(flat)):
        if num in numbers and (num, per) not in theirs:
            return num
    return None
