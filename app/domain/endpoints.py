"""The end of a change is not its size.

"zk_watch_count 增加了 187 万" holds every token of "zk_watch_count 由 41 万升至 187 万": the number is
the line's, but the line writes it where a change ends (升至, to), and the claim gives it where a
change is measured (增加了, by: a difference by its form, ``app.domain.derived``). The count rose
*to* 187 万, *by* 146 万. A line giving as the size of a change a number its item writes only as the
end of one (after "to", "reached", 至, 到, 为, 达) gives the value to another quantity. A size the
item writes as a size ("stepped forward by 412.581 s") is held as before, and a size the item does
not write at all is the worked-out figure ``derived`` judges."""

from __future__ import annotations

import re

from app.domain import derived
from app.domain.text import canonical

_END = re.compile(r"(?i)(?:(?<![\w-])(?:to|reached|reaching)\s+|至\s?|到\s?|为\s?|达\s?)(?P<n>\d+(?:\.\d+)?)(?![\d:.])")
"""A number where a change ends: "from 410 to 1870", "reached 5120", "升至 187 万", "降到 0"."""


def _sizes(text: str) -> set[str]:
    """The numbers ``text`` gives as the size of a change (a difference by its form)."""
    return {f.written for f in derived.figures(text) if f.difference and not f.total}


def end_as_size(line: str, item: str) -> str | None:
    """The number ``line`` gives as the size of a change that ``item`` writes only where a change
    ends (see the module); None when there is none."""
    ends = {m.group("n") for m in _END.finditer(canonical(item))}
    if not ends:
        return None
    return next(iter(sorted((_sizes(line) & ends) - _sizes(item))), None)
