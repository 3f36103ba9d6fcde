"""A value denied that its line lists.

"sh-bj-01 的回源 5xx 中没有 504" against "sh-bj-01：… 回源 5xx 比例 7.8%，主要是 502 和 504"; "the 5xx of
sh-bj-01 were not 504" the same in English. The line holds every word and value of its item and
adds a negator. ``alignment.denied_things`` reads a thing negator's thing as the words after it
and stops at a number, so a negator standing right before a value (a status code, an exit code, a
count written in digits) denies nothing it sees; the Chinese word cut leaves 没有 apart from the
value, so no other denial rule meets it either.

The rule: a line with a negator right before a number (no word between them) denies what its item
says when the item writes that number in a part (between commas, semicolons, brackets or a label's
colon) with no negation and no count of none: the item tells the value there, the line says it is
not. An item denying the value in its own part ("没有 504", "429 比例 0%"), or writing it nowhere,
and a line writing a count of none of its own, are not judged here.
"""

from __future__ import annotations

from app.domain import alignment, denial, specific


def _negated(text: str) -> bool:
    """Whether ``text`` denies or counts none of something (a negator, ``0``, ``0%``)."""
    return alignment.has_negation(text) or any(q is not None and q[0] == 0 for q in map(
        denial.quantity_of, specific.specific_tokens(text) + [w.text for w in alignment.words(text)]))


def denied(line: str, item: str) -> str | None:
    """The number a negator of ``line`` stands right before that ``item`` writes in a part with no
    negation and no count of none (see the module); None when there is none."""
    ws = alignment.words(line)
    values = [ws[k + 1].text for k in range(len(ws) - 1)
              if alignment.negation(ws[k], ws[k - 1] if k else None) == "neg" and specific.is_number(ws[k + 1].text)]
    if not values or any(q is not None and q[0] == 0 for q in map(denial.quantity_of, specific.specific_tokens(line))):
        return None  # the line counts none itself ("没有 429（比例 0%）"): judged by its numbers
    parts = [specific.prepared(p) for p in alignment.SEGMENT.split(item) if p.strip() and not _negated(p)]
    return next((v for v in values if any(specific.occurs(specific.prepared(v).strip(), p) for p in parts)), None)
