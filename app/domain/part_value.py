"""A value of one part of a line is not given to a name only another part writes.

"10:18 sh-bj-01 回源带宽 1.2 Gbps" against "CDN 监控：命中率回升到 82.7%，回源带宽 1.2 Gbps；sh-bj-01
回源 5xx 比例 2.1%": the line tells two statements in two parts, the network-wide bandwidth in the
first and one shield's error share in the second. The claim holds every token of it and most of its
words, and gives the first part's value to the name of the second part. ``binding.moved_value``
reads a value tied to one name given to another of its form; this value is tied to no name at all.

The rule: a part is what lies between semicolons; the line's header (before the first label colon)
is of every part. A part after the first that opens with a name, alone or after one word of its kind, is
about that name. Where a stretch
of the claim (between its commas and semicolons) names such a name, and gives a value its item
writes only in parts naming no name at all (the first with its header: a value of no name,
network-wide, the line's whole),
the claim gives a value of no name to the name of another part. A value a part ties to a name of
its own is ``binding.moved_value``'s; a name of the header, or of the part that holds the value,
and an item of one part are not judged here.
"""

from __future__ import annotations

import re

from app.domain import alignment, denial, specific
from app.domain.text import canonical

_PART = re.compile(r"[;；]|[,，]\s*(?=其中|(?i:of\s+which|among\s+them)(?![\w-]))")
"""Where a part ends: a semicolon, or a comma opening a subset of what the part before counts
("，其中 http_requests_total 占 5.1M", ", of which orders-db 41"): the whole's value is not its
subset's."""
_SUBSET = re.compile(r"\s*(?:其中|(?i:of\s+which|among\s+them)(?![\w-]))")
"""A part opening a subset of what the part before counts."""
_SCALED = re.compile(r"\d+(?:\.\d+)?[kKmMbB]")
"""A count written with its scale (``6.4M`` series, ``340k`` keys): a value, as a bare count is."""
_LABEL = re.compile(r":\s|：")
_STRETCH = re.compile(r"[,，;；]")


def _values(text: str) -> list[str]:
    """The quantities of ``text``, as written (no time, no identifier)."""
    return [t for t in specific.specific_tokens(text) if any(ch.isdigit() for ch in t)
            and (denial.quantity_of(t) is not None or _SCALED.fullmatch(t) is not None)]


def _names(text: str) -> set[str]:
    return {w.key for w in alignment.words(text) if alignment.name(w) and _SCALED.fullmatch(w.text) is None}


def _opener(part: str) -> str:
    """The name ``part`` opens with (its subject), alone or after one word of its kind ("节点
    cn-sh-07", "consumer bill-worker-4"); empty when it opens with anything else."""
    ws = alignment.words(part)
    content = [w for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)][:2]
    if content and not alignment.name(content[0]) and not specific.is_number(content[0].text):
        content = content[1:]
    return content[0].key if content and alignment.name(content[0]) else ""


def moved(line: str, item: str) -> str | None:
    """The value ``line`` gives the name another part of ``item`` opens with, where the item writes
    it only in parts naming no name (see the module); None when there is none."""
    parts = [canonical(p) for p in _PART.split(item) if p.strip()]
    if len(parts) < 2:
        return None
    head = [canonical(h) for h in _LABEL.split(_PART.split(item, maxsplit=1)[0], maxsplit=1)]  # ： as written
    header = _names(head[0]) if len(head) > 1 else set()
    bodies = [(head[1] if len(head) > 1 else parts[0]), *parts[1:]]
    prepared = [specific.prepared(b) for b in bodies]
    named = [_names(parts[0]), *(_names(b) for b in bodies[1:])]  # the header's names are the first part's
    openers = {_opener(b) for b in bodies[1:]} - {""}
    subsets = {k: _opener(b) for k, b in enumerate(bodies) if k and _SUBSET.match(b)}
    for stretch in _STRETCH.split(canonical(line)):
        names = (_names(stretch) - header) & openers
        places = [(value, {k for k, b in enumerate(prepared) if specific.occurs(specific.prepared(value).strip(), b)})
                  for value in _values(stretch)]
        if any(names & named[k] for _, at in places for k in at):
            continue  # the stretch gives the name its own value too ("of 6.4M series, 5.1M were X's")
        for value, at in places:
            if at and names and not any(named[k] for k in at):
                return value
            if any(subsets.get(k + 1) in names for k in at):
                return value  # the whole's value, given to the subset the next part opens with
    return None
