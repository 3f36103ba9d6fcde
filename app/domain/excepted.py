"""Excepted names: a name an item sets apart from what it reports does not take it.

An item may report a change and, in a part of its own, the names it left out: "thumbs_date_prefix
set back to on for media-api-1 and media-api-3; media-api-4 not changed", "deployed to api-1,
api-3 (api-2 canary excluded, stays on v2.8.4)", "开关已为 api-1 打开；api-4 未变". Every token of
"the flag was set back to on for media-api-4" is in that item, and so are most of its words: yet
the item says media-api-4 is the one it was *not* set for. The part that names a name is what the
item says of it.

The rule: an item cut into parts (at a semicolon, a bracket or a sentence's end) excepts a name
that only a part holding a negator or a word of exception names, in the segment (between commas)
holding it where the part has one (the closed classes: "not",
"never", 未, 没; "except", "excluded", "unchanged", 除外, 不含, 不变). A line naming that name, and
holding neither a negator nor a word of exception of its own, says of it what the item says of
others unless its other specific tokens are all the excepting part's and one of its other subject
terms is too ("media-api-2 stays on v2.8.4" restates its part; "v2.9.0 was deployed to api-2"
does not): it is not traced to that item.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import alignment, specific
from app.domain.evidence import subject_terms
from app.domain.text import canonical

EXCEPT_EN = frozenset("except excepted excepting exception excluded excluding exclude excludes exempt exempted "
                      "unchanged untouched unaffected".split())
EXCEPT_ZH = ("除外", "除了", "排除", "不含", "不包括", "例外", "未变", "不变", "未动", "未改")
"""Words of exception: the name beside them is set apart from what the item reports."""
_PART = re.compile(r"[;；()（）\[\]【】]|(?<=[.。!?！？])\s")
"""Where an item's parts end: a semicolon, a bracket, a sentence's end."""
_SEGMENT = re.compile(r"[,，、]|(?<=[a-z]):\s+(?=[A-Z][a-z])")
"""Where a part's segments end: a name in a segment of its own beside the marked one ("wal_fsync
p99 9 ms, no slow fdatasync warnings") is not what the negator sets apart; nor is a name before a
message a predicate quotes after its colon as a sentence of its own ("pay-fra1-03: KV read … failed:
No cluster leader": the message's negator denies its own noun; ``_segments``)."""


def _marked(ws: Sequence[alignment.Word]) -> bool:
    """Whether words ``ws`` hold a negator or a word of exception."""
    return any(alignment.negation(w, ws[k - 1] if k else None) == "neg" or w.text in EXCEPT_EN
               or (w.cjk and (w.text[0] in "不没未无" or any(z in w.text for z in EXCEPT_ZH)))
               for k, w in enumerate(ws))


def _set_apart(segs: Sequence[Sequence[alignment.Word]]) -> set[str]:
    """The names the marked segments of a part set apart: their own; for a segment naming none and
    marked by a word of exception, which points back ("node-a3 skipped, except from the window"),
    those of the segment before it. A negator denies what follows it ("no slow fdatasync
    warnings"), never a name of the segment before."""
    out: set[str] = set()
    for k, seg in enumerate(segs):
        if not _marked(seg):
            continue
        own = {w.key for w in seg if alignment.name(w)}
        excepts = any(w.text in EXCEPT_EN or (w.cjk and any(z in w.text for z in EXCEPT_ZH)) for w in seg)
        out |= own or ({w.key for w in segs[k - 1] if alignment.name(w)} if k and excepts else set())
    return out


def _segments(part: str) -> list[str]:
    """``part`` cut at its commas, and at a colon opening a quoted message after a word that is no
    name ("failed: No cluster leader"; not "media-api-4: Not changed", the name's own state)."""
    out, start = [], 0
    for m in _SEGMENT.finditer(part):
        words = alignment.words(part[start:m.start()])
        if m.group(0).startswith(":") and (not words or alignment.name(words[-1])):
            continue
        out.append(part[start:m.start()])
        start = m.end()
    return [*out, part[start:]]


def excepting(item: str) -> dict[str, str]:
    """The names ``item`` excepts, each with the part that excepts it: named only in marked parts
    (``_marked``) of an item of several parts."""
    parts = [p for p in _PART.split(canonical(item)) if p.strip()]
    if len(parts) < 2:
        return {}
    out: dict[str, str] = {}
    plain: set[str] = set()
    for part in parts:
        ws = alignment.words(part)
        names = {w.key for w in ws if alignment.name(w)}
        if _marked(ws):
            marked = _set_apart([alignment.words(seg) for seg in _segments(part)])
            plain |= names - marked
            out.update({n: part for n in marked if n not in out})
        else:
            plain |= names
    return {n: p for n, p in out.items() if n not in plain}


def _terms(text: str) -> set[str]:
    return {t.casefold() for t in subject_terms(text)}


def takes_exception(line: str, item: str) -> str | None:
    """The name ``item`` excepts that ``line`` gives what the item says of the others (see the
    module); None when the line names none, marks its own exception, or restates the excepting
    part."""
    ws = alignment.words(line)
    if _marked(ws):
        return None
    named = {w.key for w in ws if alignment.name(w)}
    for name, part in excepting(item).items():
        if name not in named:
            continue
        hay = specific.prepared(part)
        tokens = [t for t in specific.specific_tokens(line) if t.casefold() != name]
        rest = _terms(line) - {name}
        if not (all(specific.occurs(t, hay) for t in tokens) and rest & _terms(part)):
            return name
    return None


def marked_at(item: str, token: str) -> bool:
    """Whether the part of ``item`` naming ``token`` holds a negator or a word of exception (the
    item says of it what it is not, or sets it apart)."""
    parts = [p for p in _PART.split(canonical(item)) if specific.occurs(token, specific.prepared(p))]
    return any(_marked(alignment.words(p)) for p in parts)
