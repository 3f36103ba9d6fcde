"""B, not A: a name the line sets right itself.

"a.nakamura, not p.reyes, rolled lb-edge-02 back", "是 刘洋 而不是 赵敏 把 gpu-a08 设为 cordon",
"出现 Xid 13 的是 gpu-a10 的 GPU 2，不是 gpu-a08": a line gives a name (B) its place in an event and
denies, right after it, that another name of B's form (A) holds that place. One place of one event
holds one name, so the line says two things, each judged by every rule
(``app.domain.provenance``):

- its *affirmed* reading, the line without the denial ("a.nakamura rolled lb-edge-02 back"), is
  traced as any line is (when it is not, the line is judged as written);
- its *denied* reading, the affirmed one with A in B's place ("p.reyes rolled lb-edge-02 back"),
  must be traced to no item that says it of A (``says_of``): a line denying what an item says of A
  is a contradiction. A is so bound only where it is a specific token (``a.nakamura``,
  ``gpu-a08``): a Chinese name of common characters binds no reading to its item. An item not
  naming A, or naming it only to deny it the same way ("B, not A" itself, a finding the answer
  restates), says nothing of it, whatever words of the reading it holds.

A and B are names of one form: identifier-shaped or rare tokens (``app.domain.specific``) of the
same shape of letters, digits and inner punctuation (``a.nakamura`` and ``p.reyes``, ``gpu-a10``
and ``gpu-a08``), or Chinese names set apart by spaces, of the same length (``刘洋``, ``赵敏``). A
denial of another form ("not a restart", "不是发起建索引的 赵敏") is left as written.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from app.domain import specific
from app.domain.text import canonical

_DENIED = re.compile(
    r"(?i)(?P<lead>,\s*|\s)(?:not|rather\s+than)\s+(?P<en>[^\s,;:()]+)(?=\s*(?:[,;:()]|$))"
    r"|(?P<zlead>,\s*|而\s*)(?:不是|并非)\s*(?P<zh>[^\s,;:()、]+)(?=\s|[,;:()、]|$)")
"""A denial of a name right after the name it sets right: ", not A", "rather than A", "而不是 A",
"，不是 A"; A set off by a comma, a space or the end."""
_PIECE = re.compile(r"[^\s,;:()、]+")
_CJK = re.compile(rf"[{specific._CJK_CHARS}]")


class Correction(NamedTuple):
    name: str
    """A, the name denied."""
    affirmed: str
    """The line without its denial: what it says of B."""
    denied: str
    """The affirmed reading with A in B's place: what the line denies."""


def _shape(token: str) -> str:
    """A token's form: each run of letters one ``a``, of digits one ``9``, a CJK character ``C``
    each, punctuation as written."""
    if _CJK.fullmatch(token[:1] or " ") and all(_CJK.fullmatch(ch) for ch in token):
        return "C" * len(token)
    return re.sub(r"[A-Za-z]+", "a", re.sub(r"\d+", "9", token))


def _named(token: str, tokens: set[str]) -> bool:
    """Whether ``token`` is a name here: a specific token of the line, or a Chinese run of two to four
    characters set apart by spaces (how the lines write a person's name)."""
    if token.casefold() in tokens:
        return True
    return 2 <= len(token) <= 4 and all(_CJK.fullmatch(ch) for ch in token)


def correction(line: str) -> Correction | None:
    """``line``'s two readings (see the module); None when it denies no name right after a name of
    its form."""
    text = canonical(line)
    m = _DENIED.search(text)
    if m is None:
        return None
    a = m.group("en") or m.group("zh")
    tokens = {t.casefold() for t in specific.specific_tokens(text)}
    if not _named(a, tokens):
        return None
    head, tail = text[:m.start()], text[m.end():]
    if m.group("lead") and m.group("lead").startswith(","):
        tail = re.sub(r"^\s*,", "", tail)  # "B, not A, did it": the denial set off by two commas
    before = [p for p in _PIECE.finditer(head) if _named(p.group(0), tokens) and _shape(p.group(0)) == _shape(a)]
    if not before or before[-1].group(0).casefold() == a.casefold():
        return None
    b = before[-1]
    affirmed = re.sub(r"\s+", " ", f"{head} {tail}").strip()
    denied = re.sub(r"\s+", " ", f"{head[:b.start()]}{a}{head[b.end():]} {tail}").strip()
    return Correction(a, affirmed, denied)


def says_of(name: str, item: str, hay: str) -> bool:
    """Whether ``item`` (``hay``: its prepared form) names ``name`` other than to deny it a place
    as this module reads a denial."""
    if not specific.specific_tokens(name) or not specific.occurs(name, hay):
        return False  # a name in common characters (a Chinese name) is no token a reading is bound by
    own = correction(item)
    return own is None or own.name.casefold() != name.casefold()
