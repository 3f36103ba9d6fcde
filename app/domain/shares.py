"""A share stays a share: a number its item writes only as a percentage is not a count.

"CIJobFailureRateHigh firing (62% of jobs failed over 30 min, threshold 25%)" gives two shares. A
line saying "fires once twenty-five jobs have failed" or "62 jobs failed" holds every token of it (a
number is held by the same number with a percent sign after it, a number word by its digits) and
most of its words: only the percent sign is gone, and a rate reads as a count of things.

The rule: a number of a line (in digits or in words, English or Chinese) written with no sign or
word of a share after it (``%``, ``percent``, ``percentage points``, ``个百分点``; a share in words,
"twenty-five percent", 百分之二十五, is read as its digits first: ``app.domain.spelled``), where its
item writes that number and every time as a share, gives the share as another quantity."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from app.domain import spelled, units
from app.domain.text import canonical

_NUMBER = re.compile(r"(?<![\w.:/%-])(\d+(?:\.\d+)?)(?![\w:/-]|\.\d)"
                     r"|(?<![\w-])([a-z]+(?:-[a-z]+)?)(?![\w-])"
                     r"|([零〇一二两三四五六七八九十百千万亿]{2,})", re.IGNORECASE)
"""A number in digits, an English word that may be a number word, or a run of Chinese numerals (two
characters or more: a lone 一 begins many common words)."""
_SHARE = re.compile(r"(?i)\s?(?:%|percent(?:age\s+points?)?(?![\w-])|per\s+cent(?![\w-])|pct(?![\w-])"
                    r"|个?百分点)")
"""What makes the number before it a share."""


def _value(m: re.Match[str]) -> Decimal | None:
    written = m.group(1)
    if written is None:
        n = units.number_value(m.group(2) or m.group(3))
        return None if n is None else Decimal(n)
    try:
        return Decimal(written).normalize()
    except InvalidOperation:
        return None


def _numbers(text: str) -> list[tuple[Decimal, bool]]:
    """Each number of ``text`` with whether it is written as a share."""
    written = spelled.in_digits(canonical(text))
    out = []
    for m in _NUMBER.finditer(written):
        value = _value(m)
        if value is not None:
            out.append((value, _SHARE.match(written, m.end()) is not None))
    return out


def as_count(line: str, item: str) -> Decimal | None:
    """The number ``line`` writes with no sign of a share that ``item`` writes only as a share; None
    when there is none."""
    theirs: dict[Decimal, set[bool]] = {}
    for value, share in _numbers(item):
        theirs.setdefault(value, set()).add(share)
    return next((v for v, share in _numbers(line) if not share and theirs.get(v) == {True}), None)
