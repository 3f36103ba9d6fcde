"""A change up or down goes the way the value before it gives.

"04:11:45 刘洋 把 stor-12 的 dev.raid.speed_limit_max 临时调到 100000 KB/s" sets a value and says
nothing of which way; an earlier line ("03:43:05 … dev.raid.speed_limit_max 为 500000 KB/s") gives
what it was. A line "把 speed_limit_max 调高到 100000 KB/s" holds every token of the first line and
adds only the direction, the other way from the two values.

The rule: a line that moves a field up or down to a value (a closed class of words of raising and
lowering: raised, increased, lowered, reduced; 调高, 提高, 上调, 调低, 降低, 下调; then "to" / 到 /
至 and the value), where its item sets the field to that value with no word of direction, goes the
way its field's value before gives: the value the latest earlier line (by its timestamp) writes
after the field's name in its stretch ("为 500000 KB/s", "调到 100000 KB/s"), in the same
dimension. Raised to less, or
lowered to more, is the other way."""

from __future__ import annotations

import re
from collections.abc import Iterable

from app.domain import chronology, specific, units
from app.domain.text import canonical

_UP = r"rais\w*|increas\w*|bump\w*(?:\s+up)?|调高|调大|提高|上调|加大|增大|提升"
_DOWN = r"lower(?:ed|s|ing)?|reduc\w*|decreas\w*|cut|调低|调小|降低|下调|减小"
_MOVED = re.compile(rf"(?i)(?:(?<![\w-])(?P<up>{_UP})|(?<![\w-])(?P<down>{_DOWN}))"
                    rf"(?:\s+\S+){{0,4}}?\s?(?:to|到|至)\s?(?P<value>\d+(?:\.\d+)?{units.UNIT_AFTER.pattern})")
"""A word of raising or lowering, at most four words, then "to" / 到 / 至 and a value with its unit."""
_VALUE = re.compile(rf"\d+(?:\.\d+)?{units.UNIT_AFTER.pattern}")
_STRETCH = re.compile(r"[,，;；()（）]")


def _direction(text: str) -> bool:
    return re.search(rf"(?i)(?<![\w-])(?:{_UP}|{_DOWN})", canonical(text)) is not None


def moves(text: str) -> frozenset[str]:
    """The ways ``text`` says a setting was moved, by its words of raising and lowering ("调低",
    "raised"): ``up``, ``down``, both or none."""
    written = canonical(text)
    return frozenset(way for way, words in (("up", _UP), ("down", _DOWN))
                     if re.search(rf"(?i)(?<![\w-])(?:{words})", written) is not None)


def _after(key: str, text: str) -> list[tuple[str, float]]:
    """The quantities ``text`` writes after each mention of ``key`` (a dotted name ending in it is
    one: ``dev.raid.speed_limit_max``), the first of the mention's stretch: "为 500000 KB/s", "调到
    100000 KB/s"."""
    out = []
    written = canonical(text)
    for m in re.finditer(rf"(?<![\w-]){re.escape(key)}(?![\w-])", written.casefold()):
        stretch = _STRETCH.split(written[m.end():], maxsplit=1)[0]
        value = _VALUE.search(stretch)
        q = None if value is None else units.quantity(value.group(0).strip())
        if q is not None:
            out.append((q[0], q[1]))
    return out


def _before(key: str, dimension: str, stamp: float, others: Iterable[str]) -> float | None:
    """The value the latest line of ``others`` stamped before ``stamp`` writes after ``key``, in
    ``dimension``."""
    best: tuple[float, float] | None = None
    for other in others:
        when = chronology.times(other)
        if not when or when[0].timestamp() >= stamp:
            continue
        for dim, value in _after(key, other):
            if dim == dimension and (best is None or when[0].timestamp() >= best[0]):
                best = (when[0].timestamp(), value)
    return None if best is None else best[1]


def turned(line: str, item: str, others: Iterable[str]) -> str | None:
    """The move of ``line`` (as written) that goes the other way from its field's value before
    (see the module); None when there is none, or nothing gives the value before."""
    when = chronology.times(item)
    if not when or _direction(item):
        return None
    text, held = canonical(line), canonical(item).casefold()
    keys = [t.casefold() for t in specific.specific_tokens(line)
            if not specific.is_number(t) and chronology.seconds(t) is None and t.casefold() in held]
    for m in _MOVED.finditer(text):
        q = units.quantity(m.group("value").strip())
        if q is None or not keys:
            continue
        for key in keys:
            before = _before(key, q[0], when[0].timestamp(), others)
            if before is not None and (before >= q[1] if m.group("up") else before <= q[1]):
                return m.group(0)
    return None
