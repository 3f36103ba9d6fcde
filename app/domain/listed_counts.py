"""A thing its item counts some of for a name is not denied of that name.

A log line often counts one thing for several names in a list after a label: "failed jobs in the
last 30 min: gl-runner-a1 14, gl-runner-b1 0, gl-runner-b2 1 (unit test failure)". Each count is
its member's: the label says what is counted, the name whose. A line "gl-runner-b1 and gl-runner-b2
had no failed jobs" holds every token and word of it, and its denial is true of one name and false
of the other; ``app.domain.alignment`` binds a count to the words of its own segment only (the
name), and the label is a segment of its own.

The rule: a list is a label, a colon, then members, each a name (``alignment.name``) and a bare
count (no unit after it, not a time), parted by commas or semicolons. A line whose thing negator
("no", "none of", 没有, 无) denies words of the label, and that names a member whose count is above
none, denies what its item counts."""

from __future__ import annotations

import re

from app.domain import alignment, denied_thing
from app.domain.text import canonical

_LABEL = re.compile(r":(?![\d/])")
"""A label's colon (a full-width one is made plain by ``canonical``): not inside a time or an address."""
_PART = re.compile(r"[,，;；()（）]")
_MEMBER = re.compile(r"^\s*(?P<name>\S+)\s+(?P<count>\d+)\s*$")


def _members(item: str) -> list[tuple[frozenset[str], str, int]]:
    """``(label words, member name, count)`` for each member of each list of ``item``."""
    pieces = _LABEL.split(canonical(item))
    out = []
    for before, after in zip(pieces, pieces[1:], strict=False):
        label = frozenset(w.key for w in alignment.words(_PART.split(before)[-1]))
        for part in re.split(r"[,，;；]", after):
            m = _MEMBER.match(part.split("(")[0].split("（")[0])
            if m is None:
                break
            name = alignment.Word(m.group("name"), False)
            if not alignment.name(name):
                break
            out.append((label, name.key, int(m.group("count"))))
    return out


def counted_none(line: str, item: str) -> bool:
    """Whether ``item`` lists some names of ``line`` with their counts, and counts none of each
    ("gl-runner-b1 had no failed jobs" of "failed jobs …: gl-runner-a1 14, gl-runner-b1 0")."""
    named = {w.key for w in alignment.words(canonical(line)) if alignment.name(w)}
    counts = [count for _, name, count in _members(item) if name in named]
    return bool(counts) and not any(counts)


def denied_some(line: str, item: str) -> str | None:
    """The name of ``line`` that a thing negator of it denies what ``item`` counts some of for that
    name in a list (see the module); None when there is none."""
    ws = alignment.words(denied_thing.NONE_OF.sub("no ", canonical(line)))
    denied = alignment.denied_things(ws)
    if not denied:
        return None
    named = {w.key for w in ws if alignment.name(w)}
    return next((name for label, name, count in _members(item)
                 if count > 0 and name in named and any(d <= label for d in denied)), None)
