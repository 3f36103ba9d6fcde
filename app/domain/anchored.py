"""A value is its word's: a number right after a word of a line ("wtimeout 为 5 分钟", "升至 1460")
is the value its item gives that word, where the item gives the word one.

An item holding every token of a line may hold them in other places: "wtimeout 5000 ms），5 分钟内
2140 次" holds "5 分钟" as a window, and "由 310 升至 5120；…拒绝连接 1460 次" holds 1460 as a count
of refusals. "order-svc 写入的 wtimeout 为 5 分钟" and "zk-03 的连接数在 1 分钟内升至 1460" move the
value onto another word. A number's *word* is the content word right before it in its part of the
line (between commas; a copula, an article or "of" between them skipped): where the item writes
that word before a number of the same kind (one dimension of the unit table, a percentage, a
count), the line's number must be one of those, within a rounding (a tenth: "约 12.4 万" of
124,300 and a value in another unit stay the same value); a word the item sets before no number
of that kind tells nothing.
"""

from __future__ import annotations

import functools
import math
import re

from app.domain import alignment, units, zh
from app.domain.text import canonical

_PART = re.compile(r"[,;，；()（）\[\]]")
_NUMERIC = re.compile(r"\d+(?:\.\d+)?%?")
_HEDGE = re.compile(rf"(?i)(?:{units.HEDGE_WORDS})")
_LINKS = frozenset("is was were are be been the a an of 为 是 的 了".split())
"""The words of grammar between a word and its value ("wtimeout 为 5 分钟", "a wtimeout of 5 min"): a
copula, an article, "of". A preposition says what the number is ("timed out after 30 s" is not
"timed out in the 5 min"), so it is the number's word."""
ROUNDING = 0.1
"""How far a value may be from its item's and still be that value (a rounding, a conversion)."""


def _kind(number: str, after: str) -> tuple[str, float]:
    if number.endswith("%"):
        return "%", float(number[:-1])
    q = units.quantity(f"{number} {after}") if after else None
    return (q[0], q[1]) if q is not None else ("count", float(number))


@functools.lru_cache(maxsize=16_384)
def values(text: str) -> tuple[tuple[str, str, float], ...]:
    """(word, kind, value) for each number of ``text`` right after a content word of its part."""
    out = []
    for part in _PART.split(units.plain_numbers(canonical(text))):
        ws = alignment.words(part)
        for i, w in enumerate(ws):
            if not _NUMERIC.fullmatch(w.text):
                continue
            j = i - 1
            while j >= 0 and ws[j].text in _LINKS:
                j -= 1
            word = _compound(ws, j, part)
            if word is not None:
                out.append((word, *_kind(w.text, ws[i + 1].text if i + 1 < len(ws) else "")))
                continue
            if j < 0 or len(ws[j].text) < 2 or _HEDGE.fullmatch(ws[j].text) \
                    or not any(ch.isalpha() for ch in ws[j].text) or units.quantity(f"1 {ws[j].text}") is not None:
                continue  # no word (a single character: 有, 次), a hedge (a rounding), or a number's unit
            after = ws[i + 1].text if i + 1 < len(ws) else ""
            out.append((ws[j].key, *_kind(w.text, after)))
    return tuple(out)


def _compound(ws: tuple[alignment.Word, ...], j: int, part: str) -> str | None:
    """The Chinese word ``ws[j]`` ends, where it is one character written onto the Chinese word
    before it: the cut parts a noun by its one-character head (退出码 as 退出 + 码, 连接数 as 连接 +
    数), and the number after it is the whole word's ("退出码 3" is the exit code, not 退出's);
    else None."""
    if j < 1 or len(ws[j].text) != 1 or not ws[j].cjk or not zh.tag(ws[j].text).startswith("n") \
            or len(ws[j - 1].text) < 2 or not ws[j - 1].cjk or units.quantity(f"1 {ws[j - 1].text}") is not None:
        return None  # a noun's head, after a word that is no unit ("5 分钟内 2140 次": 内 closes a window)
    joined = ws[j - 1].text + ws[j].text
    return joined if joined in part else None


_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")


def moved(line: str, item: str) -> str | None:
    """The word ``line`` gives a number that ``item`` gives it another number of that kind for
    (and never that one), else None. A number the item writes in a part dated by a time the line
    names is that time's value of the word ("p95 latency 180 ms (40 ms before 07:15)": "was 40 ms
    before 07:15"; whether the time is its part's is ``app.domain.dated_parts``')."""
    theirs = values(item)
    for word, kind, value in values(line):
        given = [v for w, k, v in theirs if w == word and k == kind]
        if given and not any(math.isclose(value, v, rel_tol=ROUNDING) for v in given) \
                and not _dated(value, kind, line, item):
            return word
    return None


def _dated(value: float, kind: str, line: str, item: str) -> bool:
    """Whether ``item`` writes ``value`` (of ``kind``) in a part dated by a clock time ``line`` names."""
    times = set(_CLOCK.findall(canonical(line)))
    for part in _PART.split(units.plain_numbers(canonical(item))) if times else ():
        if not times & set(_CLOCK.findall(part)):
            continue
        ws = alignment.words(part)
        for i, w in enumerate(ws):
            if _NUMERIC.fullmatch(w.text):
                k, v = _kind(w.text, ws[i + 1].text if i + 1 < len(ws) else "")
                if k == kind and math.isclose(v, value, rel_tol=ROUNDING):
                    return True
    return False


@functools.lru_cache(maxsize=16_384)
def _phrases(text: str) -> tuple[tuple[frozenset[str], str, float], ...]:
    """(words, kind, value) for each number of ``text``: the content words of its part between the
    number before it and it ("平时的 p99 读延迟为 4.8 s": 平时, p99, 读, 延迟)."""
    out = []
    for part in _PART.split(units.plain_numbers(canonical(text))):
        ws = alignment.words(part)
        start = 0
        for i, w in enumerate(ws):
            if not _NUMERIC.fullmatch(w.text):
                continue
            words = frozenset(x.key for x in ws[start:i] if x.text not in _LINKS and len(x.text) > 1)
            out.append((words, *_kind(w.text, ws[i + 1].text if i + 1 < len(ws) else "")))
            start = i + 1
    return tuple(out)


_OPENED = re.compile(r"[(（]\s*([^\s,;，；()（）]+)")


def _bracketed(item: str) -> set[str]:
    """The words that open a bracket of ``item`` ("(normal 120 ms)", "（平时 35 ms）")."""
    return {ws[0].key for m in _OPENED.finditer(canonical(item)) if (ws := alignment.words(m.group(1)))}


def qualifier_moved(line: str, item: str) -> str | None:
    """The word whose value ``line`` leaves out where the phrase of one of its values holds two
    words ``item`` gives two values of that kind: the later of them, opening a bracket of the
    item, qualifies the earlier ("p99 读延迟 4.8 s（平时 35 ms）", "error rate 7% (baseline 0.1%)"), so a phrase saying
    both ("平时的 p99 读延迟", "baseline error rate") is the later word's: a value of an earlier
    word there is given the later one's word; else None."""
    theirs = values(item)
    for words, kind, value in _phrases(line):
        anchors: dict[str, list[float]] = {}
        for w, k, v in theirs:
            if k == kind and w in words:
                anchors.setdefault(w, []).append(v)
        if len(anchors) < 2:
            continue
        *heads, last = anchors  # in the item's order: the last word qualifies the ones before it
        if last not in _bracketed(item):
            continue
        held = {w for w, vs in anchors.items() if any(math.isclose(value, v, rel_tol=ROUNDING) for v in vs)}
        if held & set(heads) and last not in held:
            return last
    return None

