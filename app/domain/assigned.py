"""A value written after its key and ``=`` is that key's: held only where the material gives the key
that value.

"selfHeal=false" of "prune=true，selfHeal=true", "task_acks_late=False" of "task_acks_late=True,
task_reject_on_worker_lost=False": every token is the item's (the key is written there, and
``false`` is a common word, or another key's value), so neither the trace nor a gap line's mask saw
a value at all. A key joined to its value by ``=`` is a setting told with what it is set to, and
the value is the specific part of it, whatever its form (true/false, on/off, a mode, a number):

- a line is not traced to an item that writes the key with ``=`` and another value, and never
  with the line's (``other``): the line gives the key a value its item does not;
- a gap line hides the value of every such pair the allowed material does not write with its key
  (joined by ``=``, ``:``, a space or a word of setting: 为, 改为, 设为, "set to", "to") in a clause
  that neither denies nor forbids it (a runbook's "不要把 task_acks_late 改为 false" gives the key no
  value), and keeps the key, so it still says which setting went unconfirmed: "selfHeal=[unverified]"
  (``mask``).

Values are compared as written, case-folded (``False`` is ``false``), numbers as numbers.
"""

from __future__ import annotations

import re

from app.domain import specific
from app.domain.text import canonical

_PAIR = re.compile(r"(?<![\w.\-/@])(?P<key>[A-Za-z_][\w.\-]*[A-Za-z0-9_])\s?=\s?"
                   r"(?P<value>[A-Za-z0-9_.:/+%\-]*[A-Za-z0-9_%])")
"""A key, ``=`` and its value (a word, a number, a mode; not a CJK word after it)."""
_SETTING = r"(?:\s?[=:：]\s?|\s|\s?(?:为|改为|设为|设置为|set\s+to|to)\s?)"
"""What joins a key to its value in the material: ``=``, ``:``, a space or a word of setting."""


def _pairs(text: str) -> list[re.Match[str]]:
    return list(_PAIR.finditer(canonical(text)))


def _same(a: str, b: str) -> bool:
    a, b = a.casefold(), b.casefold()
    if a == b:
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        return False


_CLAUSE = re.compile(r"[。；;,，.!?！？\n]")
_FORBIDDEN = re.compile(r"(?i)(?<![\w-])(?:not|never|don't|avoid)(?![\w-])|禁止|[不未没别勿]")
"""A negator in the clause before a setting: the value is one not to set, or not set ("不要把
task_acks_late 改为 false", "do not set X=Y"), no value the material gives the key."""


def _given(key: str, value: str, haystack: str) -> bool:
    """Whether ``haystack`` (prepared) writes ``value`` as the value of ``key``, in a clause that
    does not deny or forbid it."""
    k, v = specific.prepared(key).strip(), specific.prepared(value).strip()
    found = specific.pattern(rf"(?<![\w.\-/@]){re.escape(k)}{_SETTING}{re.escape(v)}(?![\w.\-]|\.\d)")
    return any(not _FORBIDDEN.search(_CLAUSE.split(haystack[:m.start()])[-1]) for m in found.finditer(haystack))


def other(line: str, item: str) -> str | None:
    """The ``key=value`` of ``line`` whose key ``item`` writes with ``=`` and another value, and
    never with this one; None when there is none."""
    theirs = _pairs(item)
    if not theirs:
        return None
    hay = specific.prepared(item)
    for m in _pairs(line):
        key, value = m.group("key").casefold(), m.group("value")
        given = [t.group("value") for t in theirs if t.group("key").casefold() == key]
        if given and not any(_same(value, v) for v in given) and not _given(key, value, hay):
            return m.group(0)
    return None


def mask(text: str, haystack: str, placeholder: str) -> str:
    """``text`` with the value of each ``key=value`` that ``haystack`` (prepared: the allowed
    material) does not give that key replaced by ``placeholder``, the key kept."""
    out, end = [], 0
    for m in _pairs(text):
        if _given(m.group("key"), m.group("value"), haystack):
            continue
        out += [text[end:m.start("value")], placeholder]
        end = m.end("value")
    return "".join(out) + text[end:] if out else text
