"""A value is on the side of its bound its item puts it.

"checkout-web's p99 latency went back under 800 ms" against "checkout-web p99 latency 2.8 s (SLO
800 ms)": the line holds every token of it and most of its words, and tells the measure on the
other side of the reference its item gives. ``roles.other_role`` reads a reference given as the
measured value, but leaves alone a number right after a comparison ("under 800 ms"), which says
what the value is held against; held against it, the item's own value says which side it is on.

The rule: where a line compares with a number (below, under, within, less than, 低于, 不到, … 以下,
以内; above, over, exceeds, more than, 超过, 高于, … 以上) that its item gives only in a role of
reference (a threshold, a limit, a target, a baseline: ``roles.REFERENCE``), and the item gives a
measured value of the same unit before it (the nearest, in no role of reference), the line says
the opposite of its item when that value is not on the side the line says. A comparison the item's
value meets ("above the 800 ms SLO" of 2.8 s) is held.
"""

from __future__ import annotations

import re

from app.domain import denial, roles
from app.domain.text import canonical

_NUMBER = r"(?P<num>\d+(?:\.\d+)?)\s?(?P<unit>%|[a-z]+|[\u4e00-\u9fff])?"
_COMPARED = re.compile(
    rf"(?i)(?:(?<![\w-])(?P<less>under|below|beneath|within|(?:less|lower|fewer)\s+than)"
    rf"|(?<![\w-])(?P<more>over|above|beyond|exceed(?:s|ed|ing)?|(?:more|higher|greater)\s+than)"
    rf"|(?P<zh_less>低于|小于|不到|不足)|(?P<zh_more>超过了?|超出|高于|大于))"
    rf"\s*(?:the|its|a|an)?\s*{_NUMBER}"
    rf"|{_NUMBER.replace('num', 'num2').replace('unit', 'unit2')}\s*(?:(?P<after_less>以下|以内)|(?P<after_more>以上))")
_QUANTITY = re.compile(rf"(?i)(?<![\w.:/-]){_NUMBER}")


def _quantity(num: str, unit: str | None) -> tuple[float, str] | None:
    return denial.quantity_of(f"{num} {unit}" if unit else num)


def _measured(item: str, value: tuple[float, str]) -> float | None:
    """The measured value ``item`` gives before its reference ``value``: the nearest quantity of
    the same unit before it in no role of reference; None when there is none."""
    bound = {v for v, r, _ in roles.bound(item) if r & roles.REFERENCE}
    seen: list[float] = []
    for m in _QUANTITY.finditer(item):
        q = _quantity(m.group("num"), m.group("unit"))
        if q is None or q[1] != value[1]:
            continue
        if q == value:
            return seen[-1] if seen else None
        if m.group("num") not in bound:
            seen.append(q[0])
    return None


def crossed(line: str, item: str) -> str | None:
    """The number ``line`` compares with that its item gives as a reference its measured value is
    on the other side of (see the module); None when there is none."""
    references = {v for v, r, _ in roles.bound(item) if r and r <= roles.REFERENCE}
    text = canonical(line)
    for m in _COMPARED.finditer(text):
        num, unit = (m.group("num"), m.group("unit")) if m.group("num") else (m.group("num2"), m.group("unit2"))
        if num not in references:
            continue
        value = _quantity(num, unit)
        measured = None if value is None else _measured(canonical(item), value)
        if value is None or measured is None:
            continue
        less = bool(m.group("less") or m.group("zh_less") or m.group("after_less"))
        if (measured >= value[0]) if less else (measured <= value[0]):
            return num
    return None
