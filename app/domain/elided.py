"""Two events put in time order by their names alone, the predicate said once.

"dn-11 went UNHEALTHY before dn-07" says that dn-07 went UNHEALTHY too, and later: the second side
is a name only, and borrows the first side's predicate. Read as it stands, that side ("dn-07") is
held by every line naming dn-07, some timed after dn-11's, and the order passes. Read whole ("dn-07
went UNHEALTHY"), it is the line of that event, and the order is judged on the two events' times.
So is the Chinese "A 在 B 之前/之后 P" ("dn-11 在 dn-07 之前变为 UNHEALTHY": A and B each P, A first
or after).

The rule: where one side of a line's time order holds one name and no word of its own, and the other
side a name of the same series (alike but for its numbers) and a predicate, the bare side is that
predicate said of its name.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from app.domain import alignment, specific

_ZH = re.compile(r"^\s*(?P<a>\S+)\s*在\s*(?P<b>\S+)\s*(?P<k>之前|以前|之后|以后)\s*(?P<p>\S.*)$")


def _names(text: str) -> list[str]:
    return [t for t in specific.specific_tokens(text) if alignment.name(alignment.Word(t, False))]


def _name(text: str) -> str | None:
    """The one name ``text`` holds, None when it holds none or several."""
    found = _names(text)
    return found[0] if len(found) == 1 else None


def _counterpart(name: str, text: str) -> str | None:
    """The name of ``text`` that ``name`` stands beside: the one alike but for its numbers
    (``dn-11`` of ``dn-07``); None when there is none (an operation, "dropIndex 之后 …", is an event
    of its own, not a second subject of the predicate)."""
    found = _names(text)
    alike = [n for n in found if n != name and re.sub(r"\d+", "#", n) == re.sub(r"\d+", "#", name)]
    return alike[0] if len(alike) == 1 else None


def completed(line: str, sides: tuple[str, str] | None, own: Callable[[str], set[str]]) -> tuple[str, str] | None:
    """``sides`` (first, second in time) with a side that is a name alone given the other side's
    predicate, its name in place (see the module); ``own(text)``: the subject terms of a text."""
    m = _ZH.match(line)
    if m is not None and _name(m["a"]) == m["a"] and _name(m["b"]) == m["b"] \
            and not {m["a"], m["b"]} & set(_names(m["p"])):
        a, b = f"{m['a']} {m['p']}", f"{m['b']} {m['p']}"
        return (a, b) if m["k"] in ("之前", "以前") else (b, a)
    if sides is None:
        return None
    out = list(sides)
    for k, (bare, full) in enumerate((sides, sides[::-1])):
        name = _name(bare)
        theirs = _counterpart(name, full) if name is not None else None
        if name is None or theirs is None or own(bare) - own(name) or not own(full) - own(theirs):
            continue
        out[k] = re.sub(re.escape(theirs), name, full, count=1)
    return out[0], out[1]
