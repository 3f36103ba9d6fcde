"""A clause comparing the value before it with a bound: the line's own arithmetic.

"06:41 队列 order.created 堆积 61877 条，超过 50000 条": the second clause names nothing of its own
and is traced to the runbook's "堆积超过 50000 条" rule, which does not name the queue, so it read
as saying of order.created what the runbook says of something else (``provenance.Items._borrows``).
It says only that the value before it passes a bound, which the two numbers prove: a clause of a
bound word and one quantity, which the last quantity of the clause before satisfies, of the same
unit or counted thing, borrows nothing. A bound the value does not satisfy ("48210 条，超过 50000 条"), or of
another unit, is judged as before.
"""

from __future__ import annotations

import re

from app.domain import units
from app.domain.text import canonical

_BOUNDED = re.compile(r"(?i)^\s*(?:(?P<more>more\s+than|over|above|exceed(?:s|ed|ing)?|超过|高于|大于|多于|超出)"
                      r"|(?P<less>less\s+than|under|below|不到|低于|少于|不足))\s*(?P<value>[^\s,，;；].*?)\s*$")
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
