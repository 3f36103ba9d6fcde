"""A sign is part of a value: a number its item writes only negative is not held without its sign,
nor one the item writes only without a sign held with a minus.

"max_retries was set to 1" of "max_retries set to -1", "timeout_s 设为 -30" of "timeout_s 设为 30":
the digits occur, so the token is held, and the value read as fact is another (-1 is "retry
forever", 1 is one retry). A minus is a sign where it stands before a number and after no word
character or number ("to -1", "=-1", "(-0.4"); in "db-01", "5-10" or "2026-03-02" it joins, and a
plus ("+412.6 s") is the unsigned value itself. A text that tells a way down in words ("fell by 420",
"0.4 s behind", "下降 420") says the size of a negative value, its sign in the word: there the
number without its sign is the same value.
"""

from __future__ import annotations

import re

from app.domain.text import canonical

_NUMBER = re.compile(r"(?<![\w.,:/])(?P<sign>[-−](?=\d))?(?P<value>\d+(?:\.\d+)?)(?![\w:/-]|[.,]\d)")

_DOWN = re.compile(r"(?i)(?<![\w-])(?:f[ae]ll|falling|drop\w*|decreas\w*|declin\w*|down|behind|below|under|lower|"
                   r"less|fewer|short|negative|minus|reduc\w*|shr[ai]nk\w*|slower|earlier|ago|lost|los(?:s|ing))"
                   r"(?![\w-])|[降减少低慢负早缩落]")
"""A word telling a way down: the sign of a negative value said in words."""


def _values(text: str) -> dict[float, set[bool]]:
    """Each number of ``text`` with the signs it is written with (True: negative)."""
    out: dict[float, set[bool]] = {}
    for m in _NUMBER.finditer(canonical(text).replace("\u2212", "-")):
        out.setdefault(float(m.group("value")), set()).add(m.group("sign") is not None)
    return out


def dropped(line: str, item: str) -> str | None:
    """The value of ``line`` (as it writes it) that ``item`` writes only with the other sign, where
    ``item`` writes a negative number; None when every value keeps its item's sign."""
    theirs = _values(item)
    if not any(True in signs for signs in theirs.values()) or _DOWN.search(canonical(line)):
        return None
    for value, signs in _values(line).items():
        held = theirs.get(value)
        if held and not signs & held and not (True in signs and _DOWN.search(canonical(item))):
            return f"{'-' if True in signs else ''}{value:g}"
    return None
