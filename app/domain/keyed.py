"""A value a key labels is that key's, not another quantity's of its line.

A log line often gives a measure and, beside it, a setting or a field named by a key: "xid age of
database billing = 2.09 billion (autovacuum_freeze_max_age 200 million)", "clients waiting 186,
max_client_conn=500", "consumer lag 211950, max.poll.interval.ms: 300000". A key labels the number
by its place: the number is written right after it, or joined to it by ``=`` or ``:``. A line that
keeps every token of the item and gives the key's number to the words of the item's other quantity
("the xid age of billing was 200 million") puts a setting's value on the measure: no role word
(``app.domain.roles``) and no label in common words (``app.domain.measures``) tells it.

A *key* is a name by its form (``app.domain.alignment.name``) joined to its number by ``=`` or
``:``, or written with ``_`` or ``.`` between its parts (a setting, a field, a metric), or a name
by its form as written right before its number where stretches of its own list two or more such
(states in capitals: "ESTABLISHED 184300 条，TIME_WAIT 61200 条"; not "HTTP 429 共 5400 次"). The number
it labels is its own where the item writes that number nowhere else. The item's *stretches* are
cut at commas, semicolons, brackets and sentence ends: the key's stretch holds its words and the
parts of the key; the stretches giving other numbers hold the other quantities' words. A stretch
of the line (cut the same way, and at a conjunction) giving the key's number, naming neither the
key nor a word only the key's stretch holds, with a word only another quantity's stretch holds,
gives the key's value to that quantity. Naming the key ("autovacuum_freeze_max_age was 200
million"), or a word of it ("the freeze max age was 200 million"), restates it; a stretch naming
another key of the item and not the number's own puts the value on that key ("TIME_WAIT 有 184300
条"), whatever other words of the item it shares."""

from __future__ import annotations

import functools
import re

from app.domain import alignment, specific
from app.domain.text import canonical

_STRETCH = re.compile(r"[,;，；、()（）\[\]。]|\.(?=\s|$)"
                      r"|\s(?:and|but|while|whereas)\s|而|但|并且|同时")
"""What ends a stretch: a comma (not inside a number), a semicolon, a bracket, a sentence's end,
and, in a line, a conjunction."""
_KEYED = re.compile(r"(?<![\w.\-/:@])(?P<key>[a-z][\w.\-]*[a-z0-9])\s*(?P<sep>[=:])?\s*"
                    r"(?P<num>\d+(?:\.\d+)?)(?![\w:/\-]|\.\d)")
_PARTS = re.compile(r"[._\-]")
_JOINED = re.compile(r"[a-z\d][._][a-z]")
"""A key's parts joined by ``_`` or ``.`` (``max_client_conn``, ``max.poll.interval.ms``)."""
_CLOCK = re.compile(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}")
_WORD = re.compile(r"[A-Za-z][\w.\-]*[A-Za-z\d]")


def _stretches(text: str) -> list[str]:
    return [s for s in _STRETCH.split(canonical(text).casefold().replace(",", ", ")) if s.strip()]


def _numbers(stretch: str) -> set[str]:
    """The numbers of a stretch written with digits (not a time or a date)."""
    return {w.key for w in alignment.words(stretch)
            if not w.cjk and any(c.isdigit() for c in w.text) and specific.is_number(w.text)
            and not _CLOCK.search(w.text)}


def _words(stretch: str, key: str = "") -> frozenset[str]:
    """The keys of a stretch's content words and names (not its numbers), with the parts of
    ``key``."""
    ws = alignment.words(stretch)
    out = {w.key for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)
           and not specific.is_number(w.text) and not _CLOCK.search(w.text) and w.key != key}
    out |= {alignment.Word(p, False).key for p in _PARTS.split(key) if len(p) > 1 and p.isalpha()}
    return frozenset(out)


@functools.lru_cache(maxsize=4096)
def _keyed(item: str) -> tuple[tuple[str, str, frozenset[str], frozenset[str]], ...]:
    """``(number, key, its stretch's words, the other quantities' words)`` for each number
    ``item`` labels with a key and writes nowhere else."""
    parts = _stretches(item)
    nums = [_numbers(p) for p in parts]
    shaped = _shaped(item)
    listed = [k for k, part in enumerate(parts) if any(m.group("key") in shaped for m in _KEYED.finditer(part))]
    out = []
    for k, part in enumerate(parts):
        for m in _KEYED.finditer(part):
            key, value = m.group("key"), m.group("num")
            if not (alignment.name(alignment.Word(key, False)) and (m.group("sep") or _JOINED.search(key))) \
                    and not (key in shaped and k in listed and len(listed) > 1):
                continue  # a bare name before its number is a key in a list of such ("HTTP 429" alone is a code)
            if value not in nums[k] or any(value in n for j, n in enumerate(nums) if j != k):
                continue
            others = frozenset().union(*(_words(p) for j, p in enumerate(parts) if j != k and nums[j] - {value}))
            out.append((value, key, _words(part, key), others))
    return tuple(out)


def _shaped(item: str) -> frozenset[str]:
    """The words of ``item`` that are names by their form as written (``ESTABLISHED``, capitals a
    lower-cased key no longer shows), lower-cased."""
    return frozenset(m.group(0).casefold() for m in _WORD.finditer(canonical(item))
                     if alignment.name(alignment.Word(m.group(0), False)))


def moved(line: str, item: str) -> str | None:
    """The number ``line`` gives to another quantity of ``item`` than the key labelling it (see
    the module); None when there is none."""
    keyed = _keyed(item)
    if not keyed:
        return None
    keys = {alignment.Word(key, False).key for _, key, _, _ in keyed}
    for stretch in _stretches(line):
        said = _words(stretch)
        given = _numbers(stretch)
        for value, key, own, others in keyed:
            if value not in given or key in said or alignment.Word(key, False).key in said:
                continue
            if said & (keys - {alignment.Word(key, False).key}):
                return value  # put on another key of the item ("TIME_WAIT 有 184300 条" of "ESTABLISHED 184300 条")
            if said & (own - others):
                continue
            if said & (others - own):
                return value
    return None
