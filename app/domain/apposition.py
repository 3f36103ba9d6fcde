"""A value said again in another unit: "超时时间是 3000 ms，也就是 3 秒", "in 2 ms, i.e. 0.002 s".

A clause that is a word of apposition (i.e., that is, namely, in other words; 即, 也就是, 亦即, 换言之)
and one value, nothing else, restates a value of the clause before it: where that clause holds the
value (compared as a value, in any unit of its dimension: ``specific.occurs``), it says nothing new,
and the line is judged without it (``app.domain.provenance``). A value the clause before does not
hold ("3000 ms, i.e. 5 s") is judged as written, and so is a clause saying more than the value.
"""

from __future__ import annotations

import re

from app.domain import specific
from app.domain.text import canonical

_APPOSED = re.compile(r"(?i)^\s*(?:i\.?\s?e\.?|that\s+is(?:\s+to\s+say)?|namely|in\s+other\s+words"
                      r"|即|也就是说?|亦即|换言之|换句话说)\s*[,，:：]?\s*(?P<value>.+?)\s*$")
_TRAILING = re.compile(r"(?i)[,，;；]\s*(?:i\.?\s?e\.?|that\s+is(?:\s+to\s+say)?|namely|in\s+other\s+words"
                       r"|即|也就是说?|亦即|换言之|换句话说|约合)\s*[,，:：]?\s*$")
"""A word of apposition ending a line, all that is left of its clause once the value it said again
is taken out ("每 10 秒一次，即", of "…，即每分钟 6 次" with the rate held)."""
_PIECE = re.compile(r"([，；;]|(?<!\d),|,(?!\d))")


def without(line: str) -> str:
    """``line`` without each clause that only says again, in other words, a value of the clause
    before it (canonical); ``line`` as it is when it has none."""
    parts = _PIECE.split(canonical(line))
    kept: list[str] = []
    dropped = False
    for part in parts:
        m = _APPOSED.match(part)
        before = next((p for p in reversed(kept) if not _PIECE.fullmatch(p)), "")
        tokens = specific.specific_tokens(m.group("value")) if m else []
        if m and before and len(tokens) == 1 and specific.prepared(m.group("value")).strip() == \
                specific.prepared(tokens[0]).strip() and specific.occurs(tokens[0], specific.prepared(before)):
            while kept and _PIECE.fullmatch(kept[-1]):
                kept.pop()  # the joint before it goes with it
            dropped = True
            continue
        kept.append(part)
    return "".join(kept) if dropped else line


def bare(text: str) -> str:
    """``text`` without a last clause that is only a word of apposition (``_TRAILING``): the value it
    introduced was taken out, worked out from the clause before, and the word says nothing alone."""
    return _TRAILING.sub("", text)
