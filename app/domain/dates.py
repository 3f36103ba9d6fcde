"""Days and months written as words: they name a date as surely as ``2026-11-29`` does.

"upgraded on Tuesday" names a day; a line stamped ``2026-11-29`` (a Sunday) holds "Sunday", not
"Tuesday". The names of the weekdays (English, and Chinese ``周二`` / ``星期二`` / ``礼拜二``) and
of the months (English, capitalised: ``March`` the month, not ``march`` the verb; ``May`` is left
out, it is mostly the modal) are a closed class, like the number words: a token of it is
specific, and a text *holds* it when it says the word or carries an ISO date that falls on it.
"""

from __future__ import annotations

import datetime
import functools
import re

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
_ZH_DAYS = "一二三四五六日"
_ZH_WEEKDAY = re.compile(rf"(?:周|星期|礼拜)([{_ZH_DAYS}天])")
_ISO_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")


@functools.lru_cache(maxsize=16_384)
def day_or_month(token: str) -> tuple[str, int] | None:
    """``("weekday", 0..6)`` or ``("month", 1..12)`` for a token naming one, else None."""
    low = token.casefold().rstrip(".,")
    if low.endswith("'s"):
        low = low[:-2]
    if low in WEEKDAYS:
        return "weekday", WEEKDAYS.index(low)
    if low in MONTHS and low != "may" and token[:1].isupper():
        return "month", MONTHS.index(low) + 1
    m = _ZH_WEEKDAY.fullmatch(token)
    if m is not None:
        return "weekday", _ZH_DAYS.index(m.group(1)) if m.group(1) != "天" else 6
    return None


def zh_weekdays(run: str) -> list[str]:
    """The Chinese weekday names in a run of CJK text (``周二``, ``星期天``)."""
    return [m.group(0) for m in _ZH_WEEKDAY.finditer(run)]


@functools.lru_cache(maxsize=64)
def _dates(haystack: str) -> frozenset[tuple[str, int]]:
    out: set[tuple[str, int]] = set()
    for y, mo, d in _ISO_DATE.findall(haystack):
        try:
            day = datetime.date(int(y), int(mo), int(d))
        except ValueError:
            continue
        out |= {("weekday", day.weekday()), ("month", day.month)}
    return frozenset(out)


def held(token: str, haystack: str) -> bool:
    """Whether ``haystack`` carries an ISO date that falls on the day or month ``token`` names."""
    named = day_or_month(token)
    return named is not None and named in _dates(haystack)


def named_in(text: str) -> list[str]:
    """The day and month names of the dates ``text`` carries (``Sunday``, ``November``): what a
    line stamped with a date says of its day, in the words a claim would use."""
    out = []
    for kind, n in sorted(_dates(text)):
        out.append(WEEKDAYS[n].title() if kind == "weekday" else MONTHS[n - 1].title())
    return out
