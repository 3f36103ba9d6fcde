"""A comparison a line makes between two named things is the one the values of the two give.

"lb-b had a higher VRRP priority than lb-a" names no number, and each of its words is an item's
("received advert from lb-a with higher priority 150"); "because its priority 100 was higher than
lb-a's" names one, the line's own. The comparison is still a claim about values, and the material
gives them: lb-a's priority 150, lb-b's own priority 100. ``app.domain.comparison`` judges a line
naming both numbers; here a line naming at most one:

- the comparison: a word of more or less with "than" ("higher … than", "more … than", "lower
  than"), or Chinese 高于/低于/大于/小于/多于/少于, or 比 B 高/低/大/小/多/少; not after a negator;
- its two sides: the thing before it (the first name by form of its clause: an identifier, or
  words joined by inner punctuation, ``lb-a``; or the number that side writes itself) and the
  thing after "than" or 比 (its first name by form; a side writing a number of its own there is
  ``comparison``'s);
- what is compared: the content words of side A and of those between the comparison word and
  "than" that no name holds (priority, disk usage, 优先级), the measure;
- the values the material gives a thing of that measure: each number of an item written in a part
  of it (cut at commas, semicolons and brackets) whose words before the number hold every word of
  the measure,
  owned by the last name by form before it in that part, else by the name that opens the item
  (after its timestamp: the host or program that wrote it).

Where both sides have values of one kind and no pair of them compares as the line says, the line
compares the two things the other way round from their values, and is traced to no item. A side
without values leaves the line to the other rules.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from app.domain import common, derived, specific, units, zh
from app.domain.text import STOPWORDS, canonical

_MORE_EN = r"higher|greater|larger|bigger|more"
_LESS_EN = r"lower|smaller|fewer|less"
_EN = re.compile(rf"(?i)(?<![\w-])(?:(?P<more>{_MORE_EN})|(?P<less>{_LESS_EN}))\s+"
                 r"(?P<mid>(?:[A-Za-z][\w-]*\s+){0,3}?)than\s+(?P<b>[^,;，；。]+)")
_ZH_INFIX = re.compile(r"(?:(?P<more>高于|大于|多于)|(?P<less>低于|小于|少于))\s?(?P<b>[^,;，；。]+)")
_ZH_BI = re.compile(r"比\s?(?P<b>[^,;，；。\d]+?)\s?(?:(?P<more>[高大多])|(?P<less>[低小少]))")
_NEGATED = re.compile(r"(?i)(?:(?<![\w-])(?:not|never|didn't|wasn't|isn't)|没有|没|未|不)\s*$")
_CLAUSE = re.compile(r"[,;，；。]|(?i:\s(?:because|since|so|and|as)\s)|因为|由于|所以")
_PART = re.compile(r"[,;，；()（）\[\]]")
_STAMP = re.compile(r"^\s*\d{4}-\d{2}-\d{2}(?:[T\s]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?\s*")
_JOINED = re.compile(r"[\w][.\-_/:@][\w]")
"""A word joined to another by inner punctuation (``edge-b``, ``lb-a``): a name, however common its parts."""
_WORD = re.compile(r"[A-Za-z][\w-]*(?:['’]s)?|[\u4e00-\u9fff]+")


def _name(token: str) -> str:
    return canonical(token).casefold().removesuffix("'s").removesuffix("’s")


def _codes(text: str) -> list[str]:
    """The names by form of ``text`` (no bare number), in order."""
    return [_name(t) for t in specific.specific_tokens(text)
            if not units.quantity(t) and not specific.is_number(t) and _named(t)]


def _named(word: str) -> bool:
    """A name by its form: an identifier (``VRRP``, ``db1``), or words joined by inner punctuation
    (``lb-a``, ``edge-b``), however common their parts."""
    word = word.removesuffix("'s").removesuffix("’s")
    return specific.is_identifier(word) or _JOINED.search(word) is not None


def _content(text: str) -> list[str]:
    """The content words of ``text`` that are no name by form, in order, case-folded (Chinese: the
    words of the cut that are no grammar)."""
    out: list[str] = []
    for m in _WORD.finditer(text):
        w = m.group(0)
        if w[0].isascii():
            key = _name(w)
            if not _named(w) and key not in STOPWORDS and common.zipf(key) < specific.FUNCTION_ZIPF:
                out.append(key)
        else:
            out += [p for p, _ in specific.cjk_segments(w) if len(p) > 1 and zh.tag(p) not in zh.KEPT]
    return out


def _cut(line: str) -> tuple[str, str, str, str] | None:
    """The comparison ``line`` makes: side A's text, the words between the comparison and "than",
    side B's text, and ">" or "<"; None when it makes none (or denies one)."""
    text = canonical(line)
    for pattern in (_EN, _ZH_INFIX, _ZH_BI):
        m = pattern.search(text)
        if m is None:
            continue
        clauses = [c for c in _CLAUSE.split(text[:m.start()]) if c.strip()]
        before = clauses[-1] if clauses else ""  # "…40 条，少于 pg-1": the clause before says what is compared
        if _NEGATED.search(before):
            return None
        mid = m.groupdict().get("mid") or ""
        return before, mid, _CLAUSE.split(m.group("b"))[0], ">" if m.group("more") else "<"
    return None


def _values(items: Sequence[str], thing: str, measure: tuple[str, ...]) -> list[tuple[str, float]]:
    """The numbers ``items`` give ``thing`` of ``measure`` (see the module), as (kind, value)."""
    out: list[tuple[str, float]] = []
    for item in items:
        body = _STAMP.sub("", units.plain_numbers(canonical(item)))
        opening = next(iter(_codes(body)), "")
        for part in _PART.split(body):
            for m in derived.NUMBER.finditer(part):
                label = part[:m.start()]
                if not set(measure) <= set(_content(label)):
                    continue
                owners = _codes(label)
                if (owners[-1] if owners else opening) == thing:
                    out += derived.numbers(m.group(0))
    return out


@functools.lru_cache(maxsize=4096)
def _turned(line: str, items: tuple[str, ...]) -> str | None:
    cut = _cut(line)
    if cut is None:
        return None
    a_text, mid, b_text, sign = cut
    if derived.numbers(b_text):
        return None  # a number on both sides: app.domain.comparison
    a_codes, b_codes = _codes(a_text), _codes(b_text)
    own = derived.numbers(a_text)
    words = _content(f"{a_text} {mid}")
    if not b_codes or not words or len(own) > 1 or (not own and not a_codes):
        return None
    measure = tuple(words)
    a_values = own or _values(items, a_codes[0], measure)
    b_values = _values(items, b_codes[0], measure)
    if not a_values or not b_values:
        return None
    pairs = [(x, y) for (k, x) in a_values for (j, y) in b_values if k == j]
    if not pairs or any(x > y if sign == ">" else x < y for x, y in pairs):
        return None
    return f"{a_text.strip()} {sign} {b_text.strip()}"


def turned(line: str, items: Sequence[str]) -> str | None:
    """The comparison ``line`` makes between two named things that the values ``items`` give them
    do not give (see the module); None when it makes none, or one they give or do not judge."""
    return _turned(line, tuple(items))
