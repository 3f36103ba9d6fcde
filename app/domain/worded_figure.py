"""A multiple or fraction in common words that the values it relates do not give.

"26000，约为平时 9600 的两倍", "26000 connections, half of what ... 9600": a ratio said in words
("两倍", "三倍", "一半", "half of", "three times its") names no specific token, so where no item gives
it (``app.domain.derived``, ``app.domain.steps.given``) it stayed wording and the line was traced
to the item holding its numbers: the figure read as fact though those very numbers say otherwise
(26000 / 9600 is 2.7). A line whose figure's own clause names a number of the item the line is
traced to relates that figure to the item's values: the figure must then be one the item (or the
numbers the line names) gives, at the precision its wording claims (a hedge widens it to its
units place, as it does a multiple in digits). A figure in words standing with no number of the
item ("traffic roughly doubled") is left to the wording, as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain import derived, specific, steps
from app.domain.text import canonical


def unfounded(line: str, item: str, items: Sequence[str]) -> str | None:
    """The multiple or fraction in common words of ``line`` that relates numbers ``item`` holds and
    that neither ``item`` nor the numbers ``line`` names gives (``items``: every item); None when
    there is none."""
    text = canonical(line)
    hay = specific.prepared(item)
    held = set(derived.numbers(item))
    for fig in derived.figures(line):
        span = text[fig.start:fig.end]
        if fig.difference or fig.per or fig.total or specific.specific_tokens(span) \
                or specific.prepared(span).strip() in hay:
            continue  # a figure by a number of its own is judged by that token; one its item writes is held
        if not held.intersection(derived.numbers(derived.clause(line, fig))):
            continue
        if not steps.given(fig, line, [item], items):
            return span
    return None
