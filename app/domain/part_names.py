"""A name of one part of a line stays with the names of that part.

"kubelet prod-eu1-node-14: pay-api-6f7d9-8tq2n Init:CrashLoopBackOff (…); pay-api-6f7d9-c5v7z and
pay-api-6f7d9-r9hwd the same on prod-eu1-node-09" tells two events in two parts, each pod on its own
node. "pay-api-6f7d9-c5v7z and pay-api-6f7d9-r9hwd went into Init:CrashLoopBackOff on
prod-eu1-node-14" holds every token of it and most of its words, and puts the second part's pods on
the first part's node.

The rule: a part is what lies between semicolons. Where a line names a name its item writes only in
one part, and a name the item writes only in another part, each with a sibling (one of its family:
``prod-eu1-node`` of ``prod-eu1-node-09``) in the other part that the line does not name, the line
crosses the two parts: it gives the name of one part to the names of another. A line naming each
name with its own part's ("8tq2n on node-14, c5v7z and r9hwd on node-09") is not judged here.
"""

from __future__ import annotations

import re

from app.domain import specific
from app.domain.text import canonical

_PART = re.compile(r"[;；]")


def family(name: str) -> str:
    """What a name shares with its siblings: all but its last part (``ledger-svc`` of
    ``ledger-svc-1``); empty for a name of one part or a family with no letter of three
    characters."""
    head = re.split(r"[.\-_/:@]", specific.prepared(name).strip())[:-1]
    kin = "-".join(head)
    return kin if len(kin) >= 3 and any(c.isalpha() for c in kin) else ""


def _names(text: str) -> frozenset[str]:
    return frozenset(specific.prepared(t).strip() for t in specific.specific_tokens(text)
                     if not specific.is_number(t))


def moved_name(line: str, item: str) -> str | None:
    """A name ``line`` crosses from one part of ``item`` to the names of another (see the
    module); None otherwise."""
    parts = [_names(p) for p in _PART.split(canonical(item)) if p.strip()]
    if len(parts) < 2:
        return None
    named = _names(line)
    for k, own in enumerate(parts):
        for j, other in enumerate(parts):
            if j != k and _crossed(named & own - other, other - own - named) \
                    and (moved := _crossed(named & other - own, own - other - named)):
                return moved
    return None


def _crossed(said: frozenset[str], across: frozenset[str]) -> str:
    """The first of ``said`` (names of one part the line names) with a sibling among ``across``
    (the other part's names the line does not name); empty if none."""
    for name in sorted(said):
        kin = family(name)
        if kin and any(family(s) == kin for s in across):
            return name
    return ""
