"""A count said to be the whole: "all 38 partitions" of a line writing "38 of 38 partitions".

"all", "every" and 所有, 全部 are words of extent (``app.domain.extent``): a line may carry one only
where its item says it too. Before a number, though, the word says no more than the number does
when the item counts that many of that many ("38 of 38 partitions uploaded", "38/38"): the count
is the whole. Such a line is read without the word, and the clause that holds the number must be
traced to an item writing the whole; "all 38 partitions" of "0 of 38 partitions uploaded" is no
whole, and keeps its word (refused as before)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import units
from app.domain.text import canonical

_ALL = re.compile(r"(?i)(?<![A-Za-z0-9_-])(?:all(?:\s+of)?(?:\s+the|\s+its|\s+their)?|所有|全部)\s*"
                  r"(?=(?P<n>\d+|[a-z]+(?:-[a-z]+)?|[零〇一二两三四五六七八九十百]+)(?![\w.:-]))")
"""A universal quantifier right before a number (in digits or in words): "all 38", "all thirty-eight",
"all of the 38", "所有 38", "全部三十八"."""


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    value = units.number_value(word)
    return int(value) if value is not None and value == int(value) else None


def counts(line: str, material: str = "") -> list[tuple[re.Match[str], int]]:
    """Each quantifier before a number in ``line`` (canonical), with the number; not one
    ``material`` (prepared) writes before that number itself ("all 12 pods ready" of a line saying
    so), which is held as written."""
    found = [(m, _number(m.group("n"))) for m in _ALL.finditer(canonical(line))]
    return [(m, n) for m, n in found if n is not None and n > 1
            and not re.search(rf"(?<![\w-]){re.escape(m.group(0).strip().casefold())}\s*{n}(?![\d.])", material)]


def writes_whole(n: int, item: str) -> bool:
    """Whether ``item`` counts ``n`` of ``n`` ("38 of 38", "38/38")."""
    return re.search(rf"(?<![\d.]){n}\s*(?:of|/|／)\s*{n}(?![\d.])", canonical(item)) is not None


def without(line: str, material: str = "") -> tuple[str, tuple[tuple[str, int], ...]]:
    """``line`` (canonical) without its quantifiers before a number (``counts``), and those numbers
    (as written, and their values); ``line`` and none when it has none."""
    found = counts(line, material)
    text = canonical(line)
    for m, _ in reversed(found):
        text = text[:m.start()] + text[m.end():]
    return (text, tuple((m.group("n"), n) for m, n in found)) if found else (line, ())


def whole_clause(clauses: Sequence[str], written: str) -> str | None:
    """The clause of ``clauses`` that holds the number ``written``, or None."""
    pat = re.compile(rf"(?i)(?<![\w.:-]){re.escape(written)}(?![\w.:-])")
    return next((c for c in clauses if pat.search(canonical(c))), None)
