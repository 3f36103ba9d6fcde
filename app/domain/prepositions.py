"""A name keeps the preposition its line gives it: the one a thing comes from is not another name.

"tor-r15a withdrew 10.40.8.25/32 from lb-edge-02" holds every token of "lb-edge-02 bird: … withdrew
10.40.8.25/32 (api-vip) from tor-r15a": the line puts after "from" the name its item writes before
the event, and its item's "from" name before it, turning who withdrew what from whom. A preposition
of place or party (from, to, into, onto, via, 从, 向, 往, 给) right before a name binds that name's
role; a line giving one of them a name its item places otherwise (after another preposition, or as
the host that wrote it, the agent of its events), where the item gives the preposition another name,
moves the role to that name: "mongo-orders-0 ran an initial sync from mongo-orders-1" of "mongod
mongo-orders-1: initial sync started from mongo-orders-0" turns the sync's source and target (the
header's name, in either order of program and host, is the one the line's events are of). A name the
item lists without a preposition ("the session to tor-r15a flapped 7 times and tor-r16a 5 times")
shares the one before it. A line giving the preposition a name its item gives it, or a name the item
does not hold at all (judged by the tokens), is judged as before."""

from __future__ import annotations

from app.domain import alignment
from app.domain.writer import header_names

_PREPOSITIONS = frozenset("from to into onto via 从 向 往 给".split())
"""The closed class of prepositions that tell a name's part in a move: its source, its target, its way."""


def _bound(text: str) -> set[tuple[str, str]]:
    """The (preposition, name) pairs of ``text``: each preposition of the class right before a name
    ("from tor-r15a", "从 edge-7")."""
    ws = alignment.words(text)
    return {(w.text, ws[k + 1].text) for k, w in enumerate(ws[:-1])
            if w.text in _PREPOSITIONS and alignment.name(ws[k + 1])}


def moved_object(line: str, item: str) -> str | None:
    """The name ``line`` gives a preposition where ``item`` holds that name and gives that
    preposition only other names (see the module); None when there is none."""
    theirs = _bound(item)
    for prep, said in sorted(_bound(line)):
        others = {n for p, n in theirs if p == prep}
        placed = {n for p, n in theirs if p != prep} | header_names(item)
        if said in placed and others and said not in others:
            return said
    return None
