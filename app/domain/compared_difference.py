"""A difference told with a comparison word: the word must go the way the values it compares go.

"es-3 used 212 GiB, 12 GiB less than the 200 GiB quota" holds every value of its line (12 GiB is
212 - 200, a figure worked out: ``app.domain.derived``), and reads the line the wrong way round:
212 is 12 more than 200. A line naming three values of one kind (one dimension of the unit table,
percentages, counts), one of them the difference of the other two, and a comparison word between
them ("D less than B", "D above B", "低于 B D", "超出 B D", "比 B 低 D") says which of the two is the
greater: the value it compares is the one that is neither the difference nor the first value after
the word (or after 比), which is the value compared with. Where the values give the other order, the
comparison is turned. A negated comparison ("not more than") and a line with no such triple are
left to ``app.domain.comparison``.
"""

from __future__ import annotations

import re

from app.domain import derived
from app.domain.comparison import _LESS, _MORE, _NEGATED
from app.domain.text import canonical

_WORD = re.compile(rf"(?i)(?<![A-Za-z-])(?:(?P<more>{_MORE})|(?P<less>{_LESS}))(?![A-Za-z-])"
                   r"|比(?=[^，,。；;]*?(?:(?P<zh_more>高|多|大|长)|(?P<zh_less>低|少|小|短))了?\s*\d)"
                   r"|(?<=[\d%A-Za-z]\s)(?<!\s\s)(?:(?P<over>over)|under)(?=\s+(?:the|its|their|a|an)?\s*[\w.]*\d)"
                   r"|(?<=\d[A-Za-z])\s(?:(?P<over2>over)|under)(?![A-Za-z-])")
"""A comparison word; 比 with the direction after the value it names ("比 200 GiB 的配额低 12 GiB");
"over" and "under" right after a value ("12Gi over the 200Gi limit"), where they tell its difference."""
_TOLERANCE = 0.05
"""How far a difference may be from the two values' (a share of it): a rounding, not another value."""


def turned(line: str) -> bool:
    """Whether ``line`` tells a difference of two of its values with a comparison word the values
    go the other way from (see the module)."""
    text = canonical(line)
    for m in _WORD.finditer(text):
        if _NEGATED.search(text[:m.start()]):
            continue
        before, after = derived.numbers(text[:m.start()]), derived.numbers(text[m.end():])
        if not after:
            continue
        kind, compared_with = after[0]
        rest = [v for k, v in (*before, *after[1:]) if k == kind]
        if len(rest) != 2:
            continue
        for value, difference in (rest, rest[::-1]):
            if difference > 0 and abs(abs(value - compared_with) - difference) <= _TOLERANCE * difference:
                more = bool(m.group("more") or m.group("zh_more") or m.group("over") or m.group("over2"))
                if value != compared_with and (value > compared_with) != more:
                    return True
    return False
