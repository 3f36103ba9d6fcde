"""Two names of a line each given the word its item gives the other exchange their states.

"At 09:29:50 the session to tor-r16a was Established and tor-r15a Idle" holds every token of "…
now tor-r15a Established, tor-r16a Idle": the item sets a word right after each name (its state,
its outcome), the line sets each of those words after the other name. Each clause read alone is
true of some name of the item; only the line as a whole, pairing two names each with the word the
item pairs with the other, says what the item does not. Between a name and its word only a copula
or a time adverb may stand ("was", "stayed", "now", "仍", "为"); a line keeping each name's word, or
pairing a word its item does not pair, is judged as before. The item is read after its writer (the
words before its first colon, ``alignment.writer_end``): "sssd batch-04: cached credentials for j.osei
older than …" says nothing of batch-04 by "cached", the first word of the message its host wrote."""

from __future__ import annotations

from app.domain import alignment, specific
from app.domain.text import canonical

_BETWEEN = frozenset(
    "is was are were stays stayed remains remained now still then also 仍 为 是 仍然 现在 此时".split())
"""The words that may stand between a name and the word said of it: copulas and time adverbs."""


def _pairs(text: str) -> set[tuple[str, str]]:
    """(name, word) pairs of ``text``: a name, then (past copulas and time adverbs) a content word
    that is no name nor number."""
    ws = alignment.words(text)
    out: set[tuple[str, str]] = set()
    for k, w in enumerate(ws):
        if not alignment.name(w):
            continue
        j = k + 1
        while j < len(ws) and ws[j].text in _BETWEEN:
            j += 1
        if j < len(ws) and not alignment.name(ws[j]) and not specific.is_number(ws[j].text) \
                and not alignment.filler(ws[j], ws[j - 1]):
            out.add((w.key.removesuffix("'s"), ws[j].key))
    return out


def moved_word(line: str, item: str) -> str | None:
    """A word ``line`` pairs with a name where ``item`` pairs it with another name, the line pairing
    that other name with the first name's word (see the module); None when there is none."""
    theirs, mine = _pairs(canonical(item).casefold()[alignment.writer_end(item):]), _pairs(line)
    for name, word in sorted(mine):
        if (name, word) in theirs:
            continue
        owners = {n for n, w in theirs if w == word and n != name}
        words = {w for n, w in theirs if n == name and w != word}
        if any((other, its) in mine for other in owners for its in words):
            return word
    return None
