"""What a line counts none of did not happen.

"tcpdump fw-ams-02 tun0: 3318 packets … dropped …; 0 ICMP type 3 code 4 sent (rule 17)" says, with a
count of none, that no ICMP type 3 code 4 was sent: a negation written as a number. A line saying it
was sent ("fw-ams-02 sent ICMP type 3 code 4 for the packets it dropped") holds every token and most
words of its item, and drops the negation the zero is (``app.domain.alignment`` reads the other
way: "no X" restating "X 0").

The rule: a stretch of an item (between commas, semicolons, brackets, a label's colon) with a count
of none (``0``, ``zero``: a bare count, or one with its Chinese measure word; not ``0%`` or ``0 秒``,
a rate or a time at nothing) counts none of what its other words say, leaving out the
window it is over ("in last 2 min", "过去 60 秒"); a stretch naming what it counts by names alone
("对 ledger-db … 0 次", its verb cut into characters) says nothing here. A line holding every one
of those words, with no negation, no count of none and no word of nothing or of ending ("0", "no",
"never", 归零, stopped, 停止), says that thing happened: it is not the item's.

Where another stretch of the item counts some of that thing ("9 … requests denied between 08:05:31
and 08:06:58; 0 denied before 08:05:00"), a line saying it happened restates that count, and is the
item's, unless it carries a word only the stretch of none has (its time, its window, its party:
"denied … before 08:05:00"), which puts the thing where the item counts none.
"""

from __future__ import annotations

import functools
import re

from app.domain import alignment, denial, specific, units
from app.domain.text import canonical

_SEGMENT = re.compile(r"[,，;；()（）]|(?<!\d):|:(?!\d)")
_ZERO = frozenset({"0", "zero"})
_STAMP = re.compile(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}")
_SOME = re.compile(r"\d+(?:[.,]\d+)*")
_ENDED = re.compile(r"(?<![\w-])(?:stop\w*|ceas\w*|ended|halt\w*|no\s+longer|none)(?![\w-])|停止|不再|停了")
"""Words of ending: a line saying the thing stopped says what a count of none says."""
_PART = re.compile(r"\d+\s?[a-z]{1,3}")
"""A number with a short unit right after a quantity of time ("52m" of "1h 52m"): a smaller part of
that duration, whatever its letters would mean alone."""


def _window(seg: str) -> set[str]:
    """The keys of the time a stretch is over ("in last 2 min", "过去 60 秒") or takes ("took 1h 52m
    with 0 retries"): the quantity of time, each smaller part it is written in ("52m" after "1h"),
    and the word right before it."""
    ws = alignment.words(seg)
    out: set[str] = set()
    before = ""
    for t in specific.specific_tokens(seg):
        if before and (units.durations_in_parts(f"{before} {t}") or _PART.fullmatch(t)):
            out |= {w.key for w in alignment.words(t)}
        before = t if units.dimension(t) == "time" else ""
        if units.dimension(t) == "time":
            keys = [w.key for w in alignment.words(t)]
            out |= set(keys)
            at = next((k for k, w in enumerate(ws) if keys and w.key == keys[0]), None)
            out |= {ws[at - 1].key} if at else set()
    return out


@functools.lru_cache(maxsize=4096)
def counted_none(item: str) -> tuple[frozenset[str], ...]:
    """For each stretch of ``item`` with a bare count of none, the keys of what it counts."""
    return tuple(keys for keys, _ in _stretches(item))


@functools.lru_cache(maxsize=4096)
def _stretches(item: str) -> tuple[tuple[frozenset[str], frozenset[str] | None], ...]:
    """For each stretch of ``item`` with a bare count of none, the keys of what it counts and, where
    another stretch counts some of it, the words only the stretch of none has (None: no other
    stretch counts it)."""
    segs = _SEGMENT.split(canonical(item))
    out = []
    for n, seg in enumerate(segs):
        ws = alignment.words(seg)
        zeros = [k for k, w in enumerate(ws) if w.text in _ZERO and not w.cjk]
        if not zeros or any(units.dimension(t) is not None and t.startswith("0")
                            for t in specific.specific_tokens(seg)):
            continue  # no count, or a quantity at nothing ("0 秒"): no thing counted
        skip = {zeros[0], zeros[0] + 1} if zeros[0] + 1 < len(ws) and ws[zeros[0] + 1].cjk else {zeros[0]}
        window = _window(seg)
        kept = [w for k, w in enumerate(ws) if k not in skip and w.key not in window
                and (_STAMP.search(w.text) or not alignment.filler(w, ws[k - 1] if k else None))]
        keys = frozenset(w.key for w in kept if not _STAMP.search(w.text))
        if any(not alignment.name(w) and w.key in keys for w in ws):  # the thing said in words
            out.append((keys, _own(keys, {w.key for w in kept}, segs[:n] + segs[n + 1:])))
    return tuple(out)


def _own(keys: frozenset[str], words: set[str], others: list[str]) -> frozenset[str] | None:
    """The words of a stretch of none (``words``, counting ``keys``) that no other stretch counting
    some of the same thing has; None where no other stretch counts it."""
    some = [{w.key for w in ws} for ws in map(alignment.words, others)
            if any(_SOME.fullmatch(w.text) and w.text.strip("0.,") for w in ws)]
    twins = [s for s in some if any(k in s for k in keys)]
    return frozenset(words - set().union(*twins)) if twins else None


def affirmed(line: str, item: str) -> bool:
    """Whether ``line`` says happened what ``item`` counts none of (see the module)."""
    return any(own is None or bool(own & said) for own, said in _said(line, item))


def placed_in_none(line: str, item: str) -> bool:
    """Whether ``line`` says happened what ``item`` counts some of in one stretch and none of in
    another, with a word only the stretch of none has: judged on the whole line, which may be cut
    at that word ("denied … | before 08:05:00"), each part held by the item."""
    return any(own is not None and bool(own & said) for own, said in _said(line, item))


def _said(line: str, item: str) -> list[tuple[frozenset[str] | None, set[str]]]:
    """For each stretch of none of ``item`` whose thing ``line`` says happened (every word of it, no
    negation, no count or word of nothing or of ending), its own words and the line's."""
    found = _stretches(item)
    if not found:
        return []
    low = canonical(line).casefold()
    ws = alignment.words(line)
    if alignment.has_negation(line) or any(w.text in _ZERO or w.text == "零" for w in ws) \
            or denial.NOTHING.search(low) or _ENDED.search(low):
        return []
    said = {w.key for w in ws}
    return [(own, said) for keys, own in found if keys <= said]
