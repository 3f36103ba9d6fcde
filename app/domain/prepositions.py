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

_REPLY = frozenset("response responses reply replies answer answers 响应 回复 应答".split())
_REQUEST = frozenset("request requests call calls query queries message messages 请求 调用".split())
"""Nouns of a message: a reply, and the request it answers (the last of them before a preposition
tells which way its names go)."""

_TURNED = {"from": "to", "to": "from", "从": "向", "向": "从", "给": "从"}
"""A preposition of a reply as the request's: its source the request's target, its target the source."""


def _bound(text: str) -> set[tuple[str, str]]:
    """The (preposition, name) pairs of ``text``: each preposition of the class right before a name
    ("from tor-r15a", "从 edge-7"), a reply's turned to its request's (see the module)."""
    ws = alignment.words(text)
    return {(_TURNED.get(w.text, w.text) if _of_reply(ws, k) else w.text, ws[k + 1].text)
            for k, w in enumerate(ws[:-1]) if w.text in _PREPOSITIONS and alignment.name(ws[k + 1])}


def _of_reply(ws: tuple[alignment.Word, ...], k: int) -> bool:
    """Whether the message the preposition ``ws[k]`` is said of is a reply: the noun of a message
    last before it, or, for a Chinese preposition with none before it, first after it (Chinese
    puts the noun after the phrase: "从 ledger-api 收到 310 个响应")."""
    for near in (reversed(ws[:k]), ws[k + 1:] if ws[k].cjk else ()):
        for w in near:
            if w.text in _REPLY or w.text in _REQUEST:
                return w.text in _REPLY
    return False


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
