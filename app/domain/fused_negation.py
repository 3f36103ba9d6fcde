"""A negator written into the word it denies.

"vendor-apns 通道也不正常" against "厂商通道 vendor-apns 正常": the word cutter reads 不正常 as 不正 +
常, so no negator stands before 正常 and the line holds every word of its item; "replica-3 was
unreachable" against "replica-3 reachable" the same way in English (un-, non-). Either says the
item's state the other way round.

The rule: a line with a negator fused to a content word of its item (不, 没, 未, 无, 非 right before
it, spaces allowed; un- or non- in English) says the opposite of that item when the item never
writes the word so negated itself. A word of one character, or an English one shorter than
``MIN_EN`` letters, is too short to be told apart from the rest of a longer word ("unit", 不断).
"""

from __future__ import annotations

import functools
import re

from app.domain import alignment

_NEG_ZH = "不没未无非"
MIN_EN = 4
"""The shortest English word an un- or non- before it is read as denying."""


@functools.lru_cache(maxsize=4096)
def _words(text: str) -> frozenset[str]:
    """The content words of ``text``: CJK words of two characters or more, English words of
    ``MIN_EN`` letters or more, lower-cased."""
    out = set()
    for w in alignment.words(text):
        if w.cjk and len(w.text) >= 2 and not alignment.negation(w):
            out.add(w.text)
        elif not w.cjk and len(w.text) >= MIN_EN and w.text.isalpha():
            out.add(w.text.lower())
    return frozenset(out)


def _negated(word: str) -> re.Pattern[str]:
    if word.isascii():
        return re.compile(rf"(?i)(?<![\w-])(?:un|non-?){re.escape(word)}(?![\w-])")
    return re.compile(rf"[{_NEG_ZH}]\s*{re.escape(word)}")


def denied_word(line: str, item: str) -> str | None:
    """The word of ``item`` that ``line`` writes with a negator fused to it, where ``item`` never
    writes it so; None when there is none."""
    for word in sorted(_words(item)):
        pat = _negated(word)
        if pat.search(line) is not None and pat.search(item) is None:
            return word
    return None
