"""Denials a line proves with its own value: "not yet zero at 14:52: 8420 messages remained".

A clause that says a quantity did *not* reach an end or cross a bound asserts no event: it says
what a value rules out. Three forms, English and Chinese, told by their grammar:

- *not at nothing*: a negator with a word saying a quantity is at nothing (zero, cleared, gone,
  empty; 零, 清零, 归零, 消失, 清空), or two negators (并非…没有, "not … no": "not none"): ruled
  out by a value above zero;
- *not under a bound*: a negator with a word of a lower bound and its number ("not yet dropped
  below 1%", "未低于 20%"): ruled out by a value at or above the bound, in its unit;
- *not over a bound*: a negator with a word of reaching or passing a number ("never reached
  50%", "没有超过 80%"): ruled out by a value below it, in its unit.

The value is the line's own witness: what follows the denial in the line ("…: 8420 messages
remained", "，仍有 3120 条"), each number of it of the bound's unit (for a bound) or every number
of it (at nothing), at least one. The denial is read as the reading it implies: its clause
without the negators, the words of the form and the bound, joined to each piece of the witness
("total lag at 14:52 8420 messages remained"); the line so restated is judged by every rule, as
written (``app.domain.provenance``): the value must be the one its item gives the thing the
denial is about, at the time it says. A denial with no witness, or whose witness gives a value
that does not rule out what it denies ("not yet zero: 0 left"), is left as written: a negation no
line gives, refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.domain import alignment, specific, units
from app.domain.text import canonical

_NOTHING = re.compile(r"(?<![\w-])(?:zero|empty|emptied|cleared|gone|disappeared|vanished)(?![\w-])"
                      r"|清零|归零|消失|清空|为零|零")
"""Words saying a quantity is at nothing: the end a denial of this form denies."""
NOTHING = _NOTHING
"""The same words, for a line saying, undenied, that a quantity came to nothing (``app.domain.nothing``)."""
_FLOOR = re.compile(r"(?<![\w-])(?:below|under|beneath|less\s+than|lower\s+than|fewer\s+than)(?![\w-])"
                    r"|低于|少于|小于|以下")
"""Words of a lower bound: denied, the value is at or above it."""
_CEILING = re.compile(r"(?<![\w-])(?:above|over|beyond|more\s+than|higher\s+than|exceed\w*|reach\w*|hit)(?![\w-])"
                      r"|超过|高于|大于|多于|以上|达到")
"""Words of reaching or passing a number: denied, the value is below it."""
_NUMBER = re.compile(r"(?P<num>\d+(?:\.\d+)?)\s?(?P<unit>%|[a-z/]+|[\u4e00-\u9fff])?", re.IGNORECASE)
_PIECE = re.compile(r"[()（），；：、]|(?<!\d)[,;:]|[,;:](?!\d)")
"""Where a line's pieces part: brackets and punctuation, not inside a value (14:52, 1,342)."""
_TIME = re.compile(r"\d{1,2}:\d{2}")


@dataclass(frozen=True)
class Denial:
    """A denial and its witness: ``reading`` is the line restated as the readings it implies."""

    tokens: tuple[str, ...]
    """The specific tokens of the denial the witness rules out (``zero``, ``1%``): worked out."""
    reading: str


def quantity_of(token: str) -> tuple[float, str] | None:
    """A number token as (value in its unit's base, unit key); None for a time, an identifier or a
    word that is no quantity. The unit key is the dimension of a unit of the table, else the unit
    as written (``%``, a Chinese measure word), else empty (a bare count)."""
    t = specific.prepared(token).strip()
    if _TIME.search(t):
        return None
    q = units.quantity(t)
    if q is not None:
        return q[1], q[0]
    n = units.number_value(t)
    if n is not None:
        return float(n), ""
    m = _NUMBER.fullmatch(t)
    if m is None or (m.group("unit") and m.group("unit").isascii() and m.group("unit").isalpha()):
        return None  # 5xx, v2: no quantity
    return float(m.group("num")), (m.group("unit") or "").lower()


def _form(clause: str) -> tuple[str, str, int, int] | None:
    """The denial form of ``clause``: (kind, the bound's number token or the word of nothing, where
    the form's words start and end in the canonical, case-folded clause); None when the clause
    denies none of them."""
    ws = alignment.words(clause)
    negators = [w for i, w in enumerate(ws) if alignment.negation(w, ws[i - 1] if i else None) == "neg"]
    if not negators:
        return None
    low = canonical(clause).casefold()
    for kind, pat in (("floor", _FLOOR), ("ceiling", _CEILING)):
        m = pat.search(low)
        if m is not None:
            after = [t for t in specific.specific_tokens(low[m.end():]) if quantity_of(t) is not None]
            bound = low.find(after[0], m.end()) if after else -1
            if bound >= 0:
                return kind, after[0], m.start(), bound + len(after[0])
    m = _NOTHING.search(low)
    if m is not None:
        return "nothing", m.group(0), m.start(), m.end()
    if len(negators) >= 2:
        return "nothing", "", len(low), len(low)
    return None


def _rules_out(kind: str, bound: str, witness: str) -> bool:
    """Whether the numbers of ``witness`` rule out what a denial of ``kind`` denies."""
    found = [v for v in (quantity_of(t) for t in specific.specific_tokens(witness)) if v is not None]
    if kind == "nothing":
        return bool(found) and all(v > 0 for v, _ in found)
    limit = quantity_of(bound)
    mine = [v for v, unit in found if limit is not None and unit == limit[1]]
    if limit is None or not mine:
        return False
    return all(v >= limit[0] for v in mine) if kind == "floor" else all(v < limit[0] for v in mine)


def _words(text: str) -> str:
    """``text`` without negators and fillers (a word of failure kept: what is counted), its words
    joined by spaces (a CJK word no longer run into its neighbours)."""
    ws = alignment.words(text)
    kinds = [alignment.negation(w, ws[i - 1] if i else None) for i, w in enumerate(ws)]
    return " ".join(w.text for i, (w, kind) in enumerate(zip(ws, kinds, strict=True))
                    if kind == "fail" or not alignment.filler(w, ws[i - 1] if i else None))


def _valued(text: str) -> bool:
    return any(quantity_of(t) is not None for t in specific.specific_tokens(text))


def denial(line: str) -> Denial | None:
    """The first piece of ``line`` (between punctuation) that denies a quantity reached nothing or crossed a
    bound, with what follows the denial in the line as its witness; None when there is none or the
    witness does not rule out what it denies."""
    clauses = [c for c in _PIECE.split(canonical(line)) if c.strip()]
    for k, clause in enumerate(clauses):
        form = _form(clause)
        if form is None:
            continue
        kind, bound, start, end = form
        low = canonical(clause).casefold()
        tail = [p for p in _PIECE.split(low[end:]) if p.strip()]
        pieces = [p for p in [*tail, *clauses[k + 1:]] if _valued(p) or p not in tail]
        core = _words(" ".join([low[:start], *(p for p in tail if p not in pieces)]))
        if not pieces or not _rules_out(kind, bound, " ; ".join(pieces)):
            return None
        readings = [f"{core} {p.strip()}" for p in pieces]
        return Denial(tokens=tuple(specific.specific_tokens(bound)), reading="; ".join([*clauses[:k], *readings]))
    return None


def owner(token: str, item: str) -> alignment.Word | None:
    """The name ``item`` says the value ``token`` of: the last name before it in its part (up to a
    comma or a semicolon), across brackets (a value in brackets after another is said of the same
    name: "ledger-svc-0 1.9 GiB (48%)"); None when no name comes before it there."""
    hay = specific.prepared(item)
    at = hay.find(specific.prepared(token).strip())
    if at < 0:
        return None
    start = max(hay.rfind(mark, 0, at) for mark in ",;")
    names = [w for w in alignment.words(item) if alignment.name(w)]
    placed = [(hay.rfind(specific.prepared(w.text).strip(), start + 1, at), w) for w in names]
    placed = [(p, w) for p, w in placed if p >= 0]
    return max(placed, key=lambda pw: pw[0])[1] if placed else None


def strays(reading: str, item: str) -> str | None:
    """A value of ``reading`` (one reading a line implies) that ``item`` says of another name of
    the form of a name the reading gives: the reading puts it on the wrong thing ("ledger-svc-1 heap
    48%" of "… ledger-svc-1 3.6 GiB (90%), … ledger-svc-0 1.9 GiB (48%)"). None when every value
    stays with its name."""
    mine = [w for w in alignment.words(reading) if alignment.name(w)]
    keys = {w.key for w in mine}
    for token in specific.specific_tokens(reading):
        if quantity_of(token) is None:
            continue
        theirs = owner(token, item)
        if theirs is not None and theirs.key not in keys and \
                any(alignment.form(theirs) == alignment.form(w) for w in mine):
            return token
    return None
