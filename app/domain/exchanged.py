"""Two names of a line exchanged, every value left in its place, give each name the other's values.

"Since 09:18:40 the session to tor-r16a flapped 7 times and tor-r15a 5 times" holds every token of
"… since 09:18:40 the session to tor-r15a flapped 7 times and tor-r16a 5 times": read against its
item word by word, the line has tor-r16a where the item has tor-r15a and tor-r15a where it has
tor-r16a, and nothing else of the two differs in a name or a value. Each name then carries the
other's count (or state). A line naming the two the other way round and their values with them
("tor-r16a 5 times and tor-r15a 7 times") exchanges values too, and is judged as before."""

from __future__ import annotations

import difflib
import functools

from app.domain import alignment, specific


def _valued(w: alignment.Word) -> bool:
    return alignment.name(w) or specific.is_number(w.text)


def _alone(ws: tuple[alignment.Word, ...], start: int, end: int) -> bool:
    """Whether ``ws[start:end]`` is one name and words without content: a name in its place."""
    return sum(not alignment.filler(w, ws[k - 1] if k else None) for k, w in enumerate(ws) if start <= k < end) == 1


@functools.lru_cache(maxsize=8192)
def exchanged(line: str, item: str) -> tuple[str, str] | None:
    """The two names ``line`` exchanges against ``item`` with every value in its place (see the
    module); None when it exchanges none."""
    lw, sw = alignment.words(line), alignment.words(item)
    held = {w.key for w in sw if alignment.name(w)}
    if len({w.key for w in lw if alignment.name(w)} & held) < 2:
        return None  # two names of the item, or nothing to exchange
    ops = difflib.SequenceMatcher(None, [w.key for w in lw], [w.key for w in sw], autojunk=False).get_opcodes()
    placed: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in ops:
        mine = [w for w in lw[i1:i2] if _valued(w)]
        theirs = [w for w in sw[j1:j2] if _valued(w)]
        named = len(mine) == len(theirs) == 1 and alignment.name(mine[0]) and alignment.name(theirs[0])
        if tag == "replace" and named and _alone(lw, i1, i2) and _alone(sw, j1, j2):
            placed.append((mine[0].key, theirs[0].key))
        elif tag in ("replace", "insert") and mine:
            return None  # a value of the line's own, or moved with its name: not an exchange of names alone
    return next(((a, b) for a, b in placed if a != b and (b, a) in placed), None)
