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
"""

from __future__ import annotations

import functools
import re

from app.domain import alignment, denial, specific, units
from app.domain.text import canonical

_SEGMENT = re.compile(r"[,，;；()（）]|(?<!\d):|:(?!\d)")
_ZERO = frozenset({"0", "zero"})
_STAMP = re.compile(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}")
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
    out = []
    for seg in _SEGMENT.split(canonical(item)):
        ws = alignment.words(seg)
        zeros = [k for k, w in enumerate(ws) if w.text in _ZERO and not w.cjk]
        if not zeros or any(units.dimension(t) is not None and t.startswith("0")
                            for t in specific.specific_tokens(seg)):
            continue  # no count, or a quantity at nothing ("0 秒"): no thing counted
        skip = {zeros[0], zeros[0] + 1} if zeros[0] + 1 < len(ws) and ws[zeros[0] + 1].cjk else {zeros[0]}
        window = _window(seg)
        keys = frozenset(w.key for k, w in enumerate(ws) if k not in skip and w.key not in window
                         and not _STAMP.search(w.text) and not alignment.filler(w, ws[k - 1] if k else None))
        if any(not alignment.name(w) and w.key in keys for w in ws):  # the thing said in words
            out.append(keys)
    return tuple(out)


def affirmed(line: str, item: str) -> bool:
    """Whether ``line`` says happened what ``item`` counts none of (see the module)."""
    found = counted_none(item)
    if not found:
        return False
    low = canonical(line).casefold()
    ws = alignment.words(line)
    if alignment.has_negation(line) or any(w.text in _ZERO or w.text == "零" for w in ws) \
            or denial.NOTHING.search(low) or _ENDED.search(low):
        return False
    said = {w.key for w in ws}
    return any(keys <= said for keys in found)
