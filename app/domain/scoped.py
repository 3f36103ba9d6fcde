"""A value its line bounds to a scope is not said of a wider name.

"0 pods were Pending on prod-eu1" against "kube-scheduler prod-eu1: 0 pods Pending in namespace
shop": the line counts the pods of one namespace; the claim holds every token of it and most of its
words, drops the scope, and puts the count on the cluster the line's header names. A count of a part
is not the count of the whole ("prod-eu1 上 0 个 pod 处于 Pending" of "命名空间 shop 中 0 个 pod").

The rule: an item bounds a value to a scope where, in one part of it (between commas, semicolons,
brackets or a label's colon), "in", "within" or "inside" and the scope's words follow the value, or
the scope's words and 中, 内 or 里 come before it, right after a member's own name ("命名空间 shop
中", not the host's own "conntrack 表中"); a scope is a place, with no number and no word
of time (not the window of "in last 60 s"). A line giving that value, writing none of the
scope's words, and placing it at a name its item writes outside that part (after on, in, across,
throughout, within, over, 在, 整个, 全; before 上, 中, 内, 里) widens the value from the scope to that
name. A line keeping the scope's words, or naming no other place, is not judged here.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain import alignment, extent, specific
from app.domain.text import canonical

_SCOPE_EN = frozenset("in within inside".split())
_SCOPE_ZH = frozenset("中 内 里".split())
_PLACE_BEFORE = frozenset("on in across throughout within over 在 整个 全".split())
_PLACE_AFTER = frozenset("上 中 内 里".split())
MAX_SCOPE = 3
"""The most content words a scope is read as ("namespace shop", "命名空间 shop")."""


def _content(ws: Sequence[alignment.Word]) -> list[alignment.Word]:
    return [w for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)]


def _place(scope: Sequence[alignment.Word]) -> bool:
    """Whether ``scope`` is a place: no number and no word of time or extent ("in last 60 s", "in
    the last hour" bound a value to a window, ``windows``)."""
    return bool(scope) and not any(any(ch.isdigit() for ch in w.text)
                                   or (extent.chinese(w.text) if w.cjk else extent.english(w.text)) for w in scope)


def _scoped(part: str) -> list[tuple[str, frozenset[str]]]:
    """The (value, scope words) pairs of one part of an item (see the module)."""
    ws = alignment.words(part)
    out = []
    for k, w in enumerate(ws):
        numbers_before = [x.text for x in ws[:k] if specific.is_number(x.text)]
        numbers_after = [x.text for x in ws[k + 1:] if specific.is_number(x.text)]
        if w.text in _SCOPE_EN and numbers_before:
            scope = _content(ws[k + 1:])[:MAX_SCOPE]
            if _place(scope):
                out.append((numbers_before[-1], frozenset(x.key for x in scope)))
        elif w.text in _SCOPE_ZH and numbers_after and k and not ws[k - 1].cjk:  # a member: "命名空间 shop 中"
            scope = _content(ws[:k])[-MAX_SCOPE:]
            if _place(scope):
                out.append((numbers_after[0], frozenset(x.key for x in scope)))
    return out


def _placed(line: str) -> set[str]:
    """The names ``line`` places a value at: a name after a preposition of place, or before a
    Chinese word of place."""
    ws = alignment.words(line)
    return {w.key for k, w in enumerate(ws) if alignment.name(w)
            and ((k and ws[k - 1].text in _PLACE_BEFORE) or (k + 1 < len(ws) and ws[k + 1].text in _PLACE_AFTER))}


def widened(line: str, item: str) -> str | None:
    """The value ``line`` places at a name its item writes outside the scope it bounds that value
    to (see the module); None when there is none."""
    placed = _placed(line)
    if not placed:
        return None
    keys = {w.key for w in alignment.words(line)}
    numbers = {w.text for w in alignment.words(line) if specific.is_number(w.text)}
    parts = [canonical(p) for p in alignment.SEGMENT.split(item) if p.strip()]
    for k, part in enumerate(parts):
        outside = {w.key for p in parts[:k] + parts[k + 1:] for w in alignment.words(p) if alignment.name(w)}
        for value, scope in _scoped(part):
            if value in numbers and not scope & keys and placed & (outside - {w.key for w in alignment.words(part)}):
                return value
    return None
