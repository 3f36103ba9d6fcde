"""Two names, then two values, each pair joined by "and": each value is its name's.

"lb-01 and lb-02 reached maxconn 4000 at 14:21:30 and 14:22:05", "gw-01 和 gw-02 分别在 08:21:30 和
08:22:05 达到上限" give the first value of the first name and the second of the second, as
"respectively" (分别) says outright. No one line holds both names with both values, so as written
the line is traced to none; read as its two lines ("lb-01 reached maxconn 4000 at 14:21:30";
"lb-02 … at 14:22:05"), each is traced as written, so a value put with the other name ("… at
14:22:05 and 14:21:30") is still refused. A pair is two specific tokens of one shape (digits as
digits, letters as letters: ``lb-01``/``lb-02``, ``14:21:30``/``14:22:05``) joined by a word of
joining alone, the names first; a line with any other number of such pairs is judged as written.
"""

from __future__ import annotations

import re

from app.domain import specific
from app.domain.text import canonical

_JOIN = r"\s*(?:,?\s+and\s+|和|与|及|、)\s*"
"""The words joining two members of a pair (a closed class)."""
_RESPECTIVELY = re.compile(r"(?i),?\s*\brespectively\b|分别")
"""The word saying the values go to the names in order: said by the reading itself, taken out."""


def _shape(token: str) -> str:
    return re.sub(r"[^\W\d_]+", "a", re.sub(r"\d+", "0", token.casefold()))


def _pairs(text: str) -> list[re.Match[str]]:
    tokens = specific.specific_tokens(text)
    found = []
    for a, b in zip(tokens, tokens[1:], strict=False):
        if _shape(a) != _shape(b):
            continue
        m = re.search(rf"(?<![\w.:/-]){re.escape(a)}{_JOIN}{re.escape(b)}(?![\w/-]|:\S)", text, flags=re.I)
        if m is not None:
            found.append(m)
    return found


def readings(line: str) -> tuple[str, str] | None:
    """The two lines ``line`` gives, each name with its value, where it names two things and then
    gives two values (``_pairs``); None for any other line."""
    both = members(line)
    return None if both is None else (both[0][1], both[1][1])


def members(line: str) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """Each of the two names ``line`` pairs with two values in order, with its reading (the line
    with that name and its value alone: ``readings``); None for any other line."""
    text = canonical(line)
    pairs = _pairs(text)
    if len(pairs) != 2 or pairs[0].end() > pairs[1].start():
        return None
    names, values = pairs
    if specific.is_number(names.group(0).split()[0]) or not any(ch.isdigit() for ch in values.group(0)):
        return None  # the names first, the values after them

    def member(m: re.Match[str], k: int) -> str:
        return re.split(_JOIN, m.group(0), maxsplit=1)[k]

    def reading(k: int) -> str:
        said = text[:names.start()] + member(names, k) + text[names.end():values.start()] + member(values, k)
        return _RESPECTIVELY.sub("", said + text[values.end():])

    return (member(names, 0), reading(0)), (member(names, 1), reading(1))
