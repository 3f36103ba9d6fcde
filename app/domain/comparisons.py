"""Two changes compared the right way round.

"bt-worker-07 was stepped back by less than it had been stepped forward" writes no number: each
side restates a line ("stepped back by 412.603 seconds", "stepped forward by 412.581 seconds"), and
the comparison between them is the line's own. A comparison of sizes (by less than, by more than;
少于, 多于, 小于, 大于, 不及) joining two sides, each restating a line that gives one size of a
change of one dimension (a difference by its form, ``app.domain.derived``: "by 412.603 s", "增加了
3000 条"), is held only where the two sizes compare so; a side restating no such line, or a line
with several sizes, is judged by the other rules."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from app.domain import derived
from app.domain.text import canonical

_THAN = re.compile(r"(?i)(?<![\w-])(?:by\s+)?(?:(?P<less>less|fewer|smaller)"
                   r"|(?P<more>more|further|larger|greater|bigger))\s+than(?![\w-])"
                   r"|(?P<zh_less>少于|小于|不及)|(?P<zh_more>多于|大于)")


def sides(line: str) -> tuple[str, str, str] | None:
    """``line`` cut at its comparison: the side before, the side after, and "<" or ">"; None when
    it compares nothing."""
    flat = canonical(line)
    m = _THAN.search(flat)
    if m is None or not flat[:m.start()].strip() or not flat[m.end():].strip():
        return None
    return flat[:m.start()], flat[m.end():], "<" if m.group("less") or m.group("zh_less") else ">"


def size(item: str) -> tuple[str, float] | None:
    """The one size of a change ``item`` gives (its dimension, its value in the base unit); None
    when it gives none or several."""
    found = [f for f in derived.figures(item) if f.difference and not f.total]
    if len(found) != 1:
        return None
    value = float(found[0].written) * found[0].factor
    return found[0].difference, value


def turned(line: str, own: str, restated: Callable[[str, str], Sequence[str]]) -> bool:
    """Whether ``line``, restating ``own`` before its comparison, compares its size with the size
    of every line its other side restates (``restated``, given the two sides: the second read with
    the names of the first) the other way round (see the module)."""
    cut = sides(line)
    if cut is None:
        return False
    first, second, sign = cut
    mine = size(own)
    theirs = [s for s in map(size, restated(first, second)) if s is not None and mine is not None and s[0] == mine[0]]
    if mine is None or not theirs:
        return False
    return all((mine[1] >= s[1]) if sign == "<" else (mine[1] <= s[1]) for s in theirs)
