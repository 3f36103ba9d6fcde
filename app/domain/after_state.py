"""A value a line gives a word after an event is the one that event's item gives the word.

"周敏 把前缀改回 staging/ 后，配置版本为 v15" is cut into two clauses, each held by an item of its own:
the fix ("…改回 staging/（配置版本 v16）") and the faulty change ("配置版本 v14 → v15"). Joined by 后
("after"), the second clause tells the state once the first clause's event was done; where that
event's item gives the same word a value of the same form (v16) and never the line's, the line
puts an earlier state after the event that replaced it.

The rule: a clause of a line that tells an event the next clause, after a comma, follows (ending
in 后, 之后, 以后; after "after" or "once"), the next giving a word a value (a token with a digit
written right after the word, a copula between them skipped; a word of grammar, "for 300
seconds", is no such word). Where the item the first clause
is traced to writes that word before a value of the same form (its digits aside) other than the
line's, and writes the line's value nowhere, the line gives the word the value of another time
(whether the line is traced whole, to the other item, or clause by clause).
"""

from __future__ import annotations

import re

from app.domain import alignment

_AFTER = re.compile(r"(?:之后|以后|后)\s*$|^\s*(?:after|once)\b", re.IGNORECASE)
_LINKS = frozenset("is was were are became become be the a an of 为 是 变为 成为 :".split())
_DIGITS = re.compile(r"\d+")


def _values(text: str) -> list[tuple[str, str]]:
    """(word, value) for each token with a digit written right after a content word of ``text``."""
    ws = alignment.words(text)
    out = []
    for i, w in enumerate(ws):
        if not any(ch.isdigit() for ch in w.text):
            continue
        j = i - 1
        while j >= 0 and ws[j].text in _LINKS:
            j -= 1
        if j >= 0 and not any(ch.isdigit() for ch in ws[j].text) and len(ws[j].text) > 1 \
                and not alignment.filler(ws[j], ws[j - 1] if j else None):  # "for 300 seconds": no word
            out.append((ws[j].key, w.text))
    return out


def _form(value: str) -> str:
    return _DIGITS.sub("#", value)


def follows(clause: str, line: str) -> bool:
    """Whether ``clause`` of ``line`` tells an event the next clause follows ("X 后", "after X":
    the cut drops the "after" before its clause)."""
    cut = re.search(rf"{re.escape(clause.strip())}\s*[,，]", line)  # the next clause after a comma, no "and"
    return cut is not None and (_AFTER.search(clause) is not None
                                or re.search(rf"(?i)\b(?:after|once)\s+{re.escape(clause.strip())}", line) is not None)


def other_time(event_item: str, clause: str) -> str | None:
    """The value ``clause``, following a clause whose item is ``event_item``, gives a word that
    item gives another value of its form and never this one (see the module); None otherwise."""
    theirs = _values(event_item)
    held = {v for _, v in theirs}
    for word, value in _values(clause):
        others = {v for w, v in theirs if w == word and _form(v) == _form(value)}
        if others and value not in held:
            return value
    return None
