"""A name an item keeps at another value of the change's label is set apart from the change.

An item may report a change and, in a part of its own, a name left where it was: "moved rule 22
above rule 17 on fw-ams-02 (policy rev 343); fw-ams-03 left on rev 342", "api-1、api-3 切到配置
v15；api-2 仍为配置 v14". No word of exception marks it (``app.domain.excepted``); the value does: the
part gives its name another value of the label the change gives (rev 342 beside rev 343). A line
giving that name the change's value ("rev 343 was applied to both fw-ams-02 and fw-ams-03") holds
every token of its item and widens the change over a name the item sets apart.

The rule: a part of an item (between semicolons, brackets, sentence ends) whose value of a label
(the word before a value: ``rev`` of ``rev 342``, 配置 of 配置 v14) differs from the value another
part gives that label keeps its names at its own value, where the other part names none of them. A
line naming such a name, with the other value of the label and not its own, and no negation, gives
it the change. A line holding the name's own value tells the two apart, and is judged as before.
"""

from __future__ import annotations

import functools
import re

from app.domain import alignment, specific
from app.domain.text import canonical

_PART = re.compile(r"[;；()（）\[\]【】]|(?<=[.。!?！？])\s")


def _label(w: alignment.Word) -> str:
    """The key a label is compared by: an English word's, a Chinese word's last two characters."""
    return w.text[-2:] if w.cjk else w.key


def _values(text: str) -> dict[str, set[str]]:
    """For each label of ``text`` (a content word right before a value with a digit that is no
    time), the values it takes."""
    ws = alignment.words(text)
    out: dict[str, set[str]] = {}
    for k in range(1, len(ws)):
        label, value = ws[k - 1], ws[k]
        if value.cjk or not any(ch.isdigit() for ch in value.text) or ":" in value.text \
                or alignment.filler(label, ws[k - 2] if k > 1 else None) or alignment.name(label) \
                or any(ch.isdigit() for ch in label.text):
            continue
        out.setdefault(_label(label), set()).add(value.key)
    return out


@functools.lru_cache(maxsize=4096)
def kept(item: str) -> tuple[tuple[str, str, frozenset[str], frozenset[str]], ...]:
    """``(name, label, its own values, the change's values)`` for each name ``item`` keeps apart."""
    pieces = [p for p in _PART.split(canonical(item)) if p.strip()]
    if len(pieces) < 2:
        return ()
    parts = []
    for p in pieces:
        values = _values(p)
        given = set().union(*values.values()) if values else set()
        parts.append((p, values, {w.key for w in alignment.words(p) if alignment.name(w)} - given))
    out = []
    for k, (_, values, names) in enumerate(parts):
        for j, (_, others, their_names) in enumerate(parts):
            if j == k or names & their_names:
                continue
            for label, own in values.items():
                changed = others.get(label, set()) - own
                if changed:
                    out += [(n, label, frozenset(own), frozenset(changed)) for n in names]
    return tuple(out)


def widened(line: str, item: str) -> str | None:
    """The name ``item`` keeps apart (see the module) that ``line`` gives the change's value; None
    when there is none."""
    found = kept(item)
    if not found or alignment.has_negation(line):
        return None
    named = {w.key for w in alignment.words(line) if alignment.name(w)}
    values = _values(line)
    hay = specific.prepared(line)
    for name, label, own, changed in found:
        if name in named and values.get(label, set()) & changed and not any(specific.occurs(v, hay) for v in own):
            return name
    return None
