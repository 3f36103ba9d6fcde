"""A word of one part of a line stays with that part's names.

"d.mensah dropped replication slot analytics_cdc on pg-billing-01 …; pg-billing-02's streaming slot
replica_02 kept" tells two events in two parts: the drop of one slot, and another slot kept.
"Streaming slot replica_02 of pg-billing-02 was dropped" holds every token of it and most of its
words, and puts the first part's event on the second part's name.

The rule: a part is what lies between semicolons. Where a line names a name its item holds only in
some parts, and tells with it a word the item writes only in other parts, parts that name names of
their own the line does not name and a word of the line in common with the name's parts (the same
kind of thing: "slot"), while the name's own parts write a word of their own the line leaves out
(its own state: "kept"), the line gives one part's word to another part's name. A
line naming a name of the word's part too ("analytics_cdc was dropped, replica_02 kept") is not
judged here.
"""

from __future__ import annotations

import re

from app.domain import specific
from app.domain.evidence import stem, subject_terms
from app.domain.text import canonical

_PART = re.compile(r"[;；]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_ALL_CJK = re.compile(r"[\u4e00-\u9fff]+")


def _names(text: str) -> set[str]:
    """The names of ``text``: its specific tokens that are no number, and not Chinese words alone
    (周期, 每周 of a schedule are words of the event, read with its other words)."""
    return {stem(t) for t in subject_terms(text)} & {stem(t.lower()) for t in specific.specific_tokens(text)
                                                     if not specific.is_number(t) and not _ALL_CJK.fullmatch(t)}


def _words(text: str) -> set[str]:
    """The line's words: English terms, and Chinese words as the segmenter cuts them (a bigram
    across two words, 上应 of "14 台上应用", is no word)."""
    latin = {stem(t) for t in subject_terms(text) if t.isascii()}
    chinese = {w for w, _ in specific.cjk_segments(text) if len(w) > 1 and _CJK.search(w)}
    return (latin | chinese) - _names(text)


def moved_word(line: str, item: str) -> str | None:
    """The word ``line`` gives to a name of another part of ``item`` (see the module); None when
    there is none."""
    parts = [p for p in _PART.split(canonical(item)) if p.strip()]
    if len(parts) < 2:
        return None
    names, words = _names(line), _words(line)
    held = [(_names(p), _words(p)) for p in parts]
    for name in names:
        own = [k for k, (ns, _) in enumerate(held) if name in ns]
        if not own or len(own) == len(parts):
            continue
        if not any(held[k][1] - words for k in own):
            continue  # its parts say nothing the line leaves out
        for word in words:
            theirs = [k for k, (_, ws) in enumerate(held) if word in ws]
            if theirs and not set(theirs) & set(own) \
                    and all(held[k][0] and not held[k][0] & names for k in theirs) \
                    and all(any(held[k][1] & held[j][1] & words for j in own) for k in theirs):
                return word
    return None
