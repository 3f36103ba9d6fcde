"""A value counted in a window is not a value of all the time after an event.

"kdc-01 logged 0 KRB_AP_ERR_SKEW rejections from batch-tier after the revert" holds every token of
"03:10:00 kdc-01: 0 KRB_AP_ERR_SKEW rejections from batch-tier in last 5 min": the line counts in a
window of five minutes ("in the last 5 min", "within 10 s", "1 分钟内", "最近 5 分钟"), the claim drops
the window and counts over an open span that begins at an event ("after the revert", "since the
restart", "回滚后", "重启以来") and reaches to now. A line giving its item's windowed value (a number of
the item) over such a span, and no window of its own, stretches the value over time the item does
not count; a line giving no value of the item ("acknowledged after it fired") tells an order. A line
keeping a window, or dating its value by a time ("at 03:10", "after 03:05"), is judged as before."""

from __future__ import annotations

import re

from app.domain.text import canonical

_NUM = r"\d+(?:\.\d+)?"
_EN_UNIT = r"(?:ms|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|days?)"
_ZH_UNIT = r"(?:毫秒|秒钟?|分钟|小时|天)"
_WINDOW = re.compile(
    rf"(?i)(?<![\w-])(?:in|within|over|during)\s+(?:the\s+|th[oe]se\s+|th[ai][ts]\s+)?"
    rf"(?:last|past|previous|first|next)?\s*{_NUM}\s*{_EN_UNIT}"
    rf"(?![\w-])|(?<![\w-])(?:last|past)\s+{_NUM}\s*{_EN_UNIT}(?![\w-])"
    rf"|(?:最近|过去|前)\s?{_NUM}\s?{_ZH_UNIT}|{_NUM}\s?{_ZH_UNIT}\s?(?:内|之内|以内)")
"""A window a count is taken in: "in last 5 min", "within 10 s", "during those 10 minutes", "最近 5 分钟",
"1 分钟内"."""
_OPEN = re.compile(
    r"(?i)(?<![\w-])(?:after|since|following)\s+(?:the\s+|its\s+|a\s+|an\s+)?[^\W\d_]"
    r"|(?<![\w-])(?:during|throughout)\s+(?:the\s+|its\s+|an?\s+|that\s+|this\s+)?[^\W\d_]"
    r"|[\u4e00-\u9fff](?<![秒钟时天最然之以随前])(?:之后|以后|以来|后|期间)")
"""A span from or of an event: open from it on ("after the revert", "since the restart", "回滚后",
"重启以来"; not after a time, "after 03:05", nor after a duration, "5 分钟后", nor 前后, "around"), or
the whole of it ("during the outage", "故障期间"; not "during 5 min", a window of its own)."""
_VALUE = re.compile(r"(?<![\w.:-])\d+(?:\.\d+)?(?![\w.:-])")
"""A value a line gives (not a part of a time, a date, a version or a name)."""


def window_dropped(line: str, item: str) -> str | None:
    """The words of ``line`` that give over an open span from an event a value ``item`` counts in a
    window, where the line gives no window (see the module); None when there are none."""
    flat, held = canonical(line), canonical(item)
    said = _OPEN.search(flat)
    if said is None or _WINDOW.search(flat) or _WINDOW.search(held) is None \
            or not set(_VALUE.findall(flat)) & set(_VALUE.findall(held)) \
            or _CLOCK.search(flat):
        return None
    return said.group()


_CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])")
"""A time a line dates its value by ("At 13:52:30, after the revert, … still 403"): the value is a
reading's, no span's (which reading, the time's binding judges: ``app.domain.binding``)."""
