"""A value stays in its place: what a number is of is told by where its line writes it.

Two places are told by form, and a line that holds every value of its item may still move one:

- *a field's own value*: a name (a specific token: ``app.domain.specific``) followed at once by a
  quantity ("wtimeout 5000 ms") gives that name that value. A line giving the name, after at most a
  copula ("wtimeout 为 5 分钟", "wtimeout was 5 min"), a quantity of the same dimension that is
  another value, where no part of the item holds the name with it, moved a value of the item (a
  window, a duration of something else) onto the field; the same value in another unit ("wtimeout
  为 5 秒") is the field's.
- *the end of a change*: a change told with a closed class of markers (``direction.changes``:
  "由 310 升至 5120", "from 4 to 9") ends at its value. A line whose change ends at a number the
  item writes, but never as the end of a change, while the item tells a change of its own ending at
  another number, moved that number into the change ("连接数在 1 分钟内升至 1460" against "连接数由
  310 升至 5120；…拒绝连接 1460 次").

Each is judged only where the item gives the place a value; elsewhere the other rules judge."""

from __future__ import annotations

import re

from app.domain import direction, specific, units
from app.domain.text import canonical

_NAMED = re.compile(r"(?i)(?<![\w.-])(?P<name>[a-z][\w.-]*[a-z0-9])\s?(?:[:=]|为|是|is|was|of)?\s?"
                    rf"(?P<value>\d+(?:\.\d+)?{units.UNIT_AFTER.pattern})")
"""A name, at most a copula, then a number with its unit (``wtimeout 5000 ms``, ``wtimeout 为 5 分钟``)."""
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")


_SEGMENT = re.compile(r"[,，;；()（）]|:\s|：")


def _fields(text: str) -> dict[str, list[tuple[str, float, str]]]:
    """Each name of ``text`` with the quantities written right after it: (dimension, base value,
    the quantity as written)."""
    out: dict[str, list[tuple[str, float, str]]] = {}
    for m in _NAMED.finditer(canonical(text)):
        q = units.quantity(m.group("value"))
        if q is not None and specific.is_specific(m.group("name")):
            out.setdefault(m.group("name").lower(), []).append((q[0], q[1], m.group("value")))
    return out


def moved_to_field(line: str, item: str) -> str | None:
    """The name ``line`` gives a quantity of a dimension that ``item`` gives it only other values
    of (``wtimeout 为 5 分钟`` against ``wtimeout 5000 ms``), no part of ``item`` (between commas,
    semicolons and brackets) holding the name with that quantity ("p99 延迟 2.7 s", "2s -> 60s");
    None when it gives none such."""
    theirs = _fields(item)
    parts = [canonical(p).lower() for p in _SEGMENT.split(item)]
    for name, values in _fields(line).items():
        given = theirs.get(name, [])
        for dim, value, written in values:
            same = [v for d, v, _ in given if d == dim]
            if same and all(abs(v - value) > 1e-9 * max(abs(v), 1.0) for v in same) \
                    and not any(name in p and units.held_quantity(written, p) for p in parts):
                return name
    return None


_ONE_END = re.compile(r"(?:(?<=[\u4e00-\u9fff])[到至]|(?<![\w-])(?i:to))\s?(\d+(?:\.\d+)?)(?![\d.:])")
"""The end of a change told without its start: "缩到 12 个", "scaled down to 12 replicas"."""
ONE_END = _ONE_END


def moved_into_change(line: str, item: str) -> str | None:
    """The number ``line`` gives as the end of a change that ``item`` writes but never as one, while
    ``item`` tells a change ending at another number; or, told without its start ("缩到 12 个"),
    one ``item`` writes only as the start of a change ("副本数 12 → 4"); None when there is none."""
    told = direction.changes(item)
    ends = {b for _, b in told}
    if not any(_NUMBER.match(b) for b in ends):
        return None
    written = set(re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", canonical(item)))
    starts = {a for a, _ in told} - ends
    return next((b for _, b in direction.changes(line) if _NUMBER.match(b) and b not in ends and b in written),
                next((b for b in _ONE_END.findall(canonical(line)) if b in starts), None))
