"""A difference told against a thing the claim names is the difference from that thing's value.

"hit ratio fell to 71%, 25 points lower than the miss ratio" of "hit ratio 71%, miss ratio 29%,
usual hit ratio 96%": 25 is 96 - 71, a difference of the line's one value and another of its item
(``app.domain.derived.held`` takes any such pair), yet the comparison word points at the miss
ratio, 29%. Where the words after the comparison ("than the miss ratio", "比未命中率低") name no
number but hold every content term of what an item's value is of (the words before it in its part
of the line), the figure is worked out from that value and a value the line names, or not at all.
Words that name no value of the item leave the figure to ``derived`` as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import derived, units
from app.domain.text import canonical, terms

_THAN = re.compile(r"(?i)\s*than\s+(?P<target>[^,;，；。]+)")
_BI = re.compile(r"比(?P<target>[^，,；;。\d]+?)\s*(?:[高低多少大小长短快慢早晚]|$)")


def _target(text: str, fig: derived.Figure) -> str:
    """The words the comparison of ``fig`` points at: after "than" past it, or after 比 before it."""
    if (m := _THAN.match(text, fig.end)) is not None:
        return m.group("target")
    clause = derived.CLAUSE_END.split(text[:fig.start])[-1]
    return m.group("target") if (m := _BI.search(clause)) is not None else ""


def _labelled(item: str) -> list[tuple[frozenset[str], str, float]]:
    """The numbers of ``item`` with the content terms of what each is of (the words before it in
    its part of the line), as (terms, kind, value)."""
    out = []
    for part in re.split(r"[,;，；()（）]", units.plain_numbers(canonical(item))):
        for m in derived.NUMBER.finditer(part):
            for kind, value in derived.numbers(m.group(0)):
                out.append((terms(re.sub(r"\d", " ", part[:m.start()])), kind, value))
    return out


def elsewhere(fig: derived.Figure, line: str, items: Sequence[str]) -> bool:
    """Whether ``fig``, a difference of ``line`` told against what ``items`` give a value of, is
    not the difference of that value and a value ``line`` names."""
    if not fig.difference:
        return False
    text = canonical(line)
    target = _target(text, fig)
    wanted = terms(target)
    if not wanted or derived.numbers(target):
        return False
    rest = derived.numbers(text[:fig.start] + " " + text[fig.end:])
    own = [v for k, v in rest if k == fig.difference]
    pointed = [v for t in items for words, kind, v in _labelled(t) if kind == fig.difference and wanted <= words]
    if not pointed or not own:
        return False
    return not any(derived.reads(fig, abs(a - b) / fig.factor) for a in own for b in pointed if a != b)
