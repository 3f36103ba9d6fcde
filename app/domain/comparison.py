"""Comparisons a line makes between numbers: the line's own arithmetic, held where the numbers give it.

Two forms. A line comparing two values it names: "the +412.6 s offset was more than kdc-01's 300 s
max skew", "停顿 12.8 秒，超过了 syncLimit 的 10 秒". Each value is an item's; the line is then its two
sides, each traced to its own item ("the +412.6 s offset, kdc-01's 300 s max skew"), and a comparison
the numbers do not give ("… was less than … 300 s", "12.8 秒，低于 syncLimit 的 10 秒") is refused,
though each side is an item's (``sides``, ``turned``, ``words``). Each side names one number, both of
one kind (one dimension of the unit table, percentages, counts).

A clause comparing the value before it with a bound: "06:41 队列 order.created 堆积 61877 条，超过
50000 条". The second clause names nothing of its own and is traced to the runbook's "堆积超过 50000
条" rule, which does not name the queue, so it read as saying of order.created what the runbook says
of something else (``provenance.Items._borrows``). It says only that the value before it passes a
bound, which the two numbers prove: a clause of a bound word and one quantity, which the last
quantity of the clause before satisfies, of the same unit or counted thing, borrows nothing
(``satisfied``). A bound the value does not satisfy ("48210 条，超过 50000 条"), or of another unit, is
judged as before.

Two changes compared with no number: "bt-worker-07 was stepped back by less than it had been stepped
forward". Each side restates a line ("stepped back by 412.603 seconds", "stepped forward by 412.581
seconds"); a comparison of sizes (by less than, by more than; 少于, 多于, 小于, 大于, 不及) joining two
sides, each restating a line that gives one size of a change of one dimension (a difference by its
form, ``app.domain.derived``: "by 412.603 s", "增加了 3000 条"), is held only where the two sizes
compare so; a side restating no such line, or a line with several sizes, is judged by the other
rules (``changes_turned``).

The words of comparison are one closed class, English and Chinese: more / greater / larger /
longer / higher / bigger than, above, exceeded; less / fewer / smaller / shorter / lower than,
below; 超过, 超出, 高于, 大于, 多于, 长于; 低于, 小于, 少于, 短于, 不到, 不足. "over" and "under" also
say during ("over 5 min"): they compare only where a clause opens with them. A negator right
before a comparison ("没有超出", "did not exceed") turns it: at most, at least.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from app.domain import derived, units
from app.domain.text import canonical

_MORE = (r"(?:more|greater|larger|longer|higher|bigger)\s+than|above|exceed(?:s|ed|ing)?"
         r"|超过了?|超出|高于|大于|多于|长于")
_LESS = r"(?:less|fewer|smaller|shorter|lower)\s+than|below|低于|小于|少于|短于|不到|不足"

_COMPARISON = re.compile(
    rf"(?i)\s*(?:(?:was|is|were|are|has\s+been|had\s+been)\s+)?(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\s*")
"""A comparison between two values; not "over" and "under", which also say during ("over 5 min")."""
_NEGATED = re.compile(r"(?i)(?:(?<![\w-])(?:not|never|didn't|doesn't)|并?(?:没有|没|未)|(?<!\w)不)\s*$")
"""A negator right before a comparison ("没有超出 B", "did not exceed B", "was not more than B"): the
first value is at most (at least) the second, which the numbers are then to give."""
_SIZES = re.compile(r"(?i)(?<![\w-])(?:by\s+)?(?:(?P<less>less|fewer|smaller)"
                   r"|(?P<more>more|further|larger|greater|bigger))\s+than(?![\w-])"
                   r"|(?P<zh_less>少于|小于|不及)|(?P<zh_more>多于|大于)")
"""A comparison of the sizes of two changes: "by less than", 少于, 不及."""
_BOUNDED = re.compile(rf"(?i)^\s*(?:(?P<more>over|{_MORE})|(?P<less>under|{_LESS}))\s*(?P<value>[^\s,，;；].*?)\s*$")
"""A clause that is a bound word and what follows it (a quantity, to be read by ``_QUANTITY``)."""
_QUANTITY = re.compile(r"(?<![\w.:])(\d+(?:\.\d+)?)(?![\d.:])\s?(%|[^\W\d_]+)?")
"""A number and the word right after it (its unit or what it counts: ``50000 条``, ``50000 messages``)."""


def satisfied(clause: str, before: str) -> bool:
    """Whether ``clause`` is a bound word and one quantity ("超过 50000 条", "above 50000 messages")
    that the last quantity of ``before`` (the clause before it) satisfies, of the same unit or
    counted thing (a bound with none takes the value's)."""
    m = _BOUNDED.match(canonical(clause))
    bound = _QUANTITY.fullmatch(units.plain_numbers(m.group("value")).strip()) if m is not None else None
    values = list(_QUANTITY.finditer(units.plain_numbers(canonical(before))))
    if m is None or bound is None or not values:
        return False
    value = values[-1]
    if bound.group(2) and (value.group(2) or "").casefold() != bound.group(2).casefold():
        return False
    a, b = float(value.group(1)), float(bound.group(1))
    return a > b if m.group("more") else a < b


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
    negated = _NEGATED.search(left)
    left = left[:negated.start()] if negated else left
    a, b = derived.numbers(left), derived.numbers(right)
    if len(a) != 1 or len(b) != 1 or a[0][0] != b[0][0]:
        return None
    (_, x), (_, y) = a[0], b[0]
    if negated:  # "没有超出 3h", "did not exceed": at most (at least) the other
        return left, right, (x <= y if m.group("more") else x >= y)
    return left, right, (x > y if m.group("more") else x < y)


def sides(line: str) -> tuple[str, str] | None:
    """The two sides of the comparison ``line`` makes, where the numbers they name give it; None
    when it makes none, or one they do not give."""
    found = _compared(line)
    return found[:2] if found is not None and found[2] else None


def turned(line: str) -> bool:
    """Whether ``line`` compares two numbers of one kind the other way round from their values (two
    equal values, "the threshold 85.0% … above 85.0%", restate a bound: no comparison turned)."""
    found = _compared(line)
    return found is not None and not found[2] and len(set(derived.numbers(found[0] + " " + found[1]))) > 1


def _change_sides(line: str) -> tuple[str, str, str] | None:
    """``line`` cut at its comparison: the side before, the side after, and "<" or ">"; None when
    it compares nothing."""
    flat = canonical(line)
    m = _SIZES.search(flat)
    if m is None or not flat[:m.start()].strip() or not flat[m.end():].strip():
        return None
    return flat[:m.start()], flat[m.end():], "<" if m.group("less") or m.group("zh_less") else ">"


def _size(item: str) -> tuple[str, float] | None:
    """The one size of a change ``item`` gives (its dimension, its value in the base unit); None
    when it gives none or several."""
    found = [f for f in derived.figures(item) if f.difference and not f.total]
    if len(found) != 1:
        return None
    value = float(found[0].written) * found[0].factor
    return found[0].difference, value


def changes_turned(line: str, own: str, restated: Callable[[str, str], Sequence[str]]) -> bool:
    """Whether ``line``, restating ``own`` before its comparison, compares its size with the size
    of every line its other side restates (``restated``, given the two sides: the second read with
    the names of the first) the other way round (see the module: two changes compared)."""
    cut = _change_sides(line)
    if cut is None:
        return False
    first, second, sign = cut
    mine = _size(own)
    theirs = [s for s in map(_size, restated(first, second)) if s is not None and mine is not None and s[0] == mine[0]]
    if mine is None or not theirs:
        return False
    return all((mine[1] >= s[1]) if sign == "<" else (mine[1] <= s[1]) for s in theirs)
