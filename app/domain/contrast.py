"""Not A but B: a denial a line proves with the value it gives in its place.

"zk-02 恢复后没有再当 leader，而是以 follower 身份重新加入", "ntp-c was not the leader but rejoined as
a follower": a clause denying a value of a closed slot class (``app.domain.slots``: a role, an
operation, a state, a severity …) and a clause of contrast (而是, but rather, but instead, instead)
giving another value of that class. A slot holds one value at a time, so the value the contrast
gives rules out the one denied: the line says what its contrast says, of the denial's subject. It
is read as that ("zk-02 恢复后 以 follower 身份重新加入") and judged by every rule, as written: the
contrast's value must be its item's ("…而是以 leader 身份重新加入" of a line saying follower is
refused). A denial and a contrast of no common class, or of the same value, are left as written."""

from __future__ import annotations

import re

from app.domain import slots
from app.domain.text import canonical

_CONTRAST = re.compile(r"(?i)[,，;；]?\s*(?:而是|(?<![\w-])(?:but\s+rather|but\s+instead|but|instead)(?![\w-]))\s*")
"""The closed class of contrast markers that set a value against a denied one."""
_NEGATOR = re.compile(r"(?i)(?<![\w-])(?:not|never|no\s+longer)(?![\w-])|\w+n't(?![\w-])|没有|并非|不是|未|没")
"""The predicate negators a denial of this form is told by."""


def reading(line: str) -> str | None:
    """``line`` read as its contrast said of its denial's subject (see the module); None when it
    has no denial of a slot value set against another value of the class."""
    flat = canonical(line)
    m = _CONTRAST.search(flat)
    if m is None:
        return None
    denied, contrast = flat[:m.start()], flat[m.end():]
    negators = list(_NEGATOR.finditer(denied))
    if not negators or not contrast.strip():
        return None
    neg = negators[-1]  # the last negator before the contrast is the one it answers
    theirs, mine = slots.values(denied[neg.end():]), slots.values(contrast)
    if not any(a and b and not a & b for a, b in zip(theirs, mine, strict=True)):
        return None
    return f"{denied[:neg.start()].rstrip()} {contrast.strip()}"
