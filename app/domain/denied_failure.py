"""A failure a line denies where its item tells it.

"No client agent failed to register a service" holds every word of "consul client web-fra1-07:
registration of service checkout-api failed": only the negator is new, and it turns a failure the
line reports into none. The other denial rules leave such a line alone, since the item's word of
failure reads to them as a negation of its own. A word of failure or error (failed, failure,
timed out, unsuccessful, errors; 失败, 超时, 报错, 错误) is *denied* where a negator (no, not, never,
none, without, n't; 没有, 未, 没, 不曾) stands before it in its stretch, close enough to govern it,
and *told* where none does and the stretch counts none of it (no ``0`` or ``zero``: "errors 0 in
last 5 min" tells none). Stretches are cut at punctuation and at the conjunctions. A line denying a
failure and telling none is not traced to an item whose parts naming the line's names (all its
parts, where the line names none of them; parts cut at a semicolon) tell a failure and deny
none, and whose parts naming them tell no success ("check of job auth-api passing" beside another
job's timeout: the denial may be that part's) nor count none of each of them ("gl-runner-b1 0" in a
list of failed jobs per runner)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from app.domain import alignment, failure_signs, listed_counts
from app.domain.text import canonical

_NEGATOR = re.compile(r"(?i)\b(?:no|not|never|none|without)\b|n't\b|没有|未|没|不曾")
_FAILURE = re.compile(r"(?i)\bfail(?:ed|s|ure|ures|ing)?\b(?!\s+over)|\bunsuccessful\b|\btimed\s+out\b|\berrors?\b"
                      r"|\bcrash(?:ed|es|ing)?\b|失败|超时|报错|错误|崩溃")
_STRETCH = re.compile(r"[,;.!?，；。！？()（）\[\]]|[:：](?!\s*[0零]\b)"
                      r"|\s(?:and|but|while|when|whereas|after|before|because|since|so|then|until)\s"
                      r"|而|但|并且|然后|之后|以后")
_RESTART = re.compile(r"(?i)\brestart(?:s|ed|ing)?\b|重启")
"""A restart: denied where the item counts one above zero (``restarts: 4``), as a failure is."""
_ZERO = re.compile(r"(?i)(?<![\d.:])0(?![\d.:])|\bzero\b|零")
_GOVERNS = 60
"""The most characters between a negator and the word of failure it denies ("None of the 38
client agents failed")."""
_PART = re.compile(r"[;；]")
_SUCCESS = re.compile(r"(?i)\bok\b|\bsucceed(?:ed|s)?\b|\bsuccessful(?:ly)?\b|\bhealthy\b|\bpass(?:ed|es|ing)\b|"
                      r"成功|正常|通过")


@functools.lru_cache(maxsize=8192)
def _failures(text: str, quoted: str = "", words: re.Pattern[str] = _FAILURE) -> tuple[int, int]:
    """(told, denied): the words of failure ``text`` tells and denies (see the module). A negator
    with the word after it as ``quoted`` writes them ("2140 No provider available errors" of "No
    provider available … 2140 errors") is a message's, not the text's denial."""
    told = denied = 0
    held = " ".join(canonical(quoted).casefold().split())
    for stretch in _STRETCH.split(canonical(text)):
        for m in words.finditer(stretch):
            before = stretch[max(0, m.start() - _GOVERNS):m.start()]
            negators = list(_NEGATOR.finditer(before))
            phrase = " ".join(before[negators[-1].start():].casefold().split()[:2]) if negators else ""
            if negators and not (held and len(phrase.split()) == 2 and phrase in held):
                denied += 1
            elif not _ZERO.search(stretch):
                told += 1
    return told, denied


def _names(text: str) -> set[str]:
    return {w.key for w in alignment.words(text) if alignment.name(w)}


def denied(line: str, item: str) -> str | None:
    """The failure (or restart) ``line`` denies that ``item`` tells or shows (see the module); None
    when there is none."""
    return _denied(line, item, _FAILURE, failure_signs.shows) or _denied(line, item, _RESTART, failure_signs.restarted)


def _denied(line: str, item: str, words: re.Pattern[str], shows: Callable[[str], bool]) -> str | None:
    told, denies = _failures(line, item, words)
    if told or not denies:
        return None
    parts = _PART.split(canonical(item))
    mine = _names(line)
    named = [p for p in parts if _names(p) & mine]
    if any(_SUCCESS.search(p) for p in named):
        return None  # a part naming the line's names tells a success: the denial may be of that part
    if listed_counts.counted_none(line, item):
        return None  # "gl-runner-b1 0" in a list of failed jobs per runner: the item counts none of it
    counts = [(t or shows(p), d) for p in named or parts for t, d in [_failures(p, "", words)]]
    if any(t for t, _ in counts) and not any(d for _, d in counts):
        return next(m.group(0) for m in [words.search(line)] if m is not None)
    return None
