"""A comparison of two values a line names: "the +412.6 s offset was more than kdc-01's 300 s max
skew", "停顿 12.8 秒，超过了 syncLimit 的 10 秒". Each value is an item's; the comparison is the line's
own arithmetic, held where the numbers give it: the line is then its two sides, each traced to its
own item ("the +412.6 s offset, kdc-01's 300 s max skew"). A comparison the numbers do not give
("… was less than … 300 s", "12.8 秒，低于 syncLimit 的 10 秒") is refused, though each side is an item's.

The words of comparison are a closed class, English and Chinese: more / greater / larger / longer /
higher than, above, exceeded; less / fewer / smaller / shorter / lower than, below;
超过, 高于, 大于, 多于, 长于; 低于, 小于, 少于, 短于, 不到. Each side names one number, both of one kind
(one dimension of the unit table, percentages, counts).
"""

from __future__ import annotations

import functools
import re

from app.domain import derived
from app.domain.text import canonical

_COMPARISON = re.compile(
    r"(?i)\s*(?:(?:was|is|were|are|has\s+been|had\s+been)\s+)?(?:"
    r"(?P<more>(?:more|greater|larger|longer|higher|bigger)\s+than|above|exceeded|exceeds|超过了?|高于|大于|多于|长于)"
    r"|(?P<less>(?:less|fewer|smaller|shorter|lower)\s+than|below|低于|小于|少于|短于|不到))\s*")
"""Not "over" and "under", which also say during ("over 5 min")."""


@functools.lru_cache(maxsize=16_384)
def words(line: str) -> frozenset[str]:
    """The words of the comparison ``line`` makes where the numbers give it (``more``, ``than``,
    ``超过``), case-folded; empty otherwise: they relate the two sides and restate nothing."""
    m = _COMPARISON.search(canonical(line))
    if m is None or sides(line) is None:
        return frozenset()
    return frozenset(re.findall(r"[a-z]+|[\u4e00-\u9fff]+", m.group(0).casefold()))


def _compared(line: str) -> tuple[str, str, bool] | None:
    """The two sides of the comparison ``line`` makes between two numbers of one kind, and whether
    the numbers give it; None when it makes none."""
    text = canonical(line)
    m = _COMPARISON.search(text)
    if m is None:
        return None
    left, right = text[:m.start()], text[m.end():]
    a, b = derived.numbers(left), derived.numbers(right)
    if len(a) != 1 or len(b) != 1 or a[0][0] != b[0][0]:
        return None
    (_, x), (_, y) = a[0], b[0]
    return left, right, (x > y if m.group("more") else x < y)


def sides(line: str) -> tuple[str, str] | None:
    """The two sides of the comparison ``line`` makes, where the numbers they name give it; None
    when it makes none, or one they do not give."""
    found = _compared(line)
    return found[:2] if found is not None and found[2] else None


def turned(line: str) -> bool:
    """Whether ``line`` compares two numbers of one kind the other way round from their values."""
    found = _compared(line)
    return found is not None and not found[2]
