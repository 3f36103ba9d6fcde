"""A denial of the value a line gives a key is no restatement of it.

"max_slot_wal_keep_size = -1 (config rev pgconf-r42)" gives a setting its value;
"pg-main-01 did not have max_slot_wal_keep_size set to -1", "max_tokens 不是 50" hold every token of
it and deny it. The denial rules read the word a negator denies (``app.domain.alignment``), and a
name or a number is no such word: the key and its value go unread.

The rule: a *key* is a name written with ``_`` or ``.`` inside it (a setting, a field, a metric),
and the item gives it a value where the key's next word is a number and the item writes the key
with no other number after it (a key the item changes, "max_tokens 5000 … 改为 max_tokens 50", has
two values, and is judged by the rules of change). A clause of the line (cut at punctuation and at
a conjunction) with a negator, the key, and as the first number after the negator the key's value,
denies what its item gives, where the item's stretch of the key denies nothing and no word of a
bound or of nothing lies between the negator and the value ("did not exceed max_connections 200"
is a bound's denial: ``app.domain.denial``). "was -1, not 50GB" denies another value, and is judged as before.
"""

from __future__ import annotations

import re

from app.domain import alignment, denial, specific
from app.domain.text import canonical

_CLAUSE = re.compile(r"[,;()，；（）。]|(?<![\w-])(?:but|and|while|whereas)(?![\w-])|但|而|并且")
"""Where a line's clauses part: punctuation (not inside a number) and the conjunctions."""


_BOUND = re.compile(f"{denial._FLOOR.pattern}|{denial._CEILING.pattern}|{denial.NOTHING.pattern}", re.IGNORECASE)
"""A word of a bound or of nothing: a denial of the form ``app.domain.denial`` reads."""


def _key(w: alignment.Word) -> bool:
    """A setting, field or metric: a name with ``_`` or ``.`` between its letters."""
    return alignment.name(w) and re.search(r"\w[_.]\w", w.text) is not None


def _number(w: alignment.Word) -> bool:
    return not w.cjk and specific.is_number(w.text)


def _values(item: str) -> dict[str, str]:
    """Each key of ``item`` with the one value the item writes right after it."""
    out: dict[str, set[str]] = {}
    for stretch in _CLAUSE.split(canonical(item)):
        ws = alignment.words(stretch)
        if any(alignment.negation(w, ws[k - 1] if k else None) == "neg" for k, w in enumerate(ws)):
            continue  # a stretch denying something gives no key a value plainly
        for k, w in enumerate(ws[:-1]):
            if _key(w) and _number(ws[k + 1]):
                out.setdefault(w.key, set()).add(ws[k + 1].key)
    for k, w in enumerate(ws := alignment.words(canonical(item))):
        if _key(w) and k + 1 < len(ws) and _number(ws[k + 1]) and w.key in out:
            out[w.key].add(ws[k + 1].key)  # every value the whole item gives the key
    return {key: next(iter(vs)) for key, vs in out.items() if len(vs) == 1}


def denied(line: str, item: str) -> str | None:
    """The key whose value in ``item`` a clause of ``line`` denies (see the module); None when none."""
    given = _values(item)
    if not given:
        return None
    for clause in _CLAUSE.split(canonical(line)):
        ws = alignment.words(clause)
        neg = [k for k, w in enumerate(ws) if alignment.negation(w, ws[k - 1] if k else None) == "neg"]
        at = next((k for k in range(neg[0] + 1, len(ws)) if _number(ws[k])), None) if neg else None
        if at is None or _BOUND.search(" ".join(w.text for w in ws[neg[0]:at])):
            continue  # no value denied, or a bound's ("did not exceed worker_connections 4096")
        keys = [w.key for w in ws if _key(w) and given.get(w.key) == ws[at].key]
        if keys:
            return keys[0]
    return None
