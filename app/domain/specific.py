"""Specific tokens: the parts of a line that name something, defined by their form, not by a list.

A line may say in common words what a piece of material says; it may name only what that piece
names. A *specific token* is any token of a line that names rather than describes:

- anything with a digit (codes, hosts, ports, versions, times, counts, ``HTTP 503``, ``72m``);
- anything with an inner ``.``, ``:``, ``-``, ``/``, ``_``, ``@``, ``#`` or ``+`` (dotted internal
  names, paths, IPv6 addresses, ``db-primary``);
- two or more capitals, or a capital after a small letter (``ENOSPC``, ``PgBouncer``, ``Err``
  inside ``Err-7781`` is caught by its hyphen);
- letters of more than one script (a Cyrillic ``Е`` inside ``ЕRR``: a homoglyph never matches
  its look-alike, because the token must occur exactly);
- a word outside the common vocabulary of its language (``wordfreq``'s English and Chinese
  frequency lists, Zipf frequency at least ``app.domain.common.COMMON_ZIPF``): a host called ``kestrel``, a tool
  called ``logrotate``; for Chinese, the characters of a run that no common word covers;
- a number written as a word (the closed class of English cardinals; Chinese numerals, told by
  ``unicodedata.numeric``), so ``ninety-seven percent`` and ``百分之九十七`` name a number too;
  a number with a short unit after it (one or two letters, or three that are no common word; in
  Chinese the measure word after it, not a word of grammar: ``200 之后`` is ``200``) is one token
  (``7.2 h`` is not ``7.2 min``, ``68210 秒`` is not ``68210 条``), and a hedge before it (``about``,
  ``约``) makes it one rounded value
  (``about 97%``: ``app.domain.units``); a count of the list that follows it ("two addresses, A and B") is the line's
  own arithmetic, not a value (``app.domain.lists``);
- a day or a month written as a word (``Tuesday``, ``周二``, ``October``: ``app.domain.dates``),
  held by a text that says it or carries a date falling on it;
- a word of time, frequency or extent (``since yesterday``, ``every hour``, ``all``, ``已持续一周``,
  ``多次``: ``app.domain.extent``): a claim about when, how often or how far, told by its class;
- in a Chinese sentence, a Latin word (Chinese prose writes its own words in its own script: a
  Latin word there is a name, ``主机 falcon``, even when it is a common English word).

A token *occurs* in a text when the text holds it whole: not as part of a longer word or number
(``502`` is not in ``5021``, ``2.3.4`` is not in ``10.2.3.4``), case-insensitive, in canonical
form (``text.canonical``). A number may be given more coarsely than the text gives it with the
separator it already uses (``09:52`` in ``09:52:30``, ``1.4`` in ``1.4.2``), and a rare word may
differ in its ending (``rebooted`` / ``reboot``).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from app.domain import common, currency, dates, extent, lists, units, zh
from app.domain.common import MAX_CJK_WORD, zipf
from app.domain.common import common_words as common_words
from app.domain.text import CACHED_CHARS, STOPWORDS, canonical

MAX_HEDGE = 16
"""The longest hedge before a number, in characters ("approximately ")."""
FUNCTION_ZIPF = 6.0
"""A short word at least this frequent is a function word ("as", "us", "at": Zipf 6.0-6.8), never
the unit of the number before it ("ms" 4.7, "ns" 3.5, "tx" 4.0)."""

_CJK_CHARS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_CJK_RUN = re.compile(f"[{_CJK_CHARS}]+")
_CJK = re.compile(f"[{_CJK_CHARS}]")
# A token: letters, digits and marks of any script but CJK, joined by inner punctuation; a
# trailing % stays (97%); a leading / or . does not (/var/log is var/log).
# A number with thousands separators is one token (3,100; app.domain.units).
_TOKEN = re.compile(rf"{units.GROUPED}(?:\.\d+)?%?(?![\w.:/@#+'-]*[^\W_])"
                    rf"|(?:(?![{_CJK_CHARS}])[^\W_])(?:[\w.:/@#+'-]*(?:(?![{_CJK_CHARS}])[^\W_]|%))?")
_INNER = re.compile(r"[.:/\-_@#+]")
_NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million "
    "billion trillion dozen dozens hundreds thousands millions billions twice thrice".split())
"""The closed class of English number words: a count or a share written out names a number ("one"
and "half" are left out: mostly a pronoun and a word of degree)."""
_SUFFIX = re.compile(r"(?:ing|ed|es|s)$")


def _scripts(token: str) -> set[str]:
    return {unicodedata.name(ch, "?").split(" ")[0] for ch in token if ch.isalpha()}


def _numeral(ch: str) -> bool:
    try:
        unicodedata.numeric(ch)
    except (TypeError, ValueError):
        return False
    return True


def _abbreviation(token: str) -> bool:
    """A common word spelled as single letters between dots (``i.e``, ``e.g``): prose, not a name."""
    parts = token.strip(".").split(".")
    return len(parts) > 1 and all(len(p) == 1 and p.isalpha() for p in parts) \
        and token.strip(".").lower() in common_words("en")


@functools.lru_cache(maxsize=16_384)
def is_identifier(token: str) -> bool:
    """Whether a token is shaped like an identifier or a number: a digit, inner punctuation,
    capitals, letters of another script than Latin (or of two), a number word. Such a token is a
    key entity: a claim naming one that no evidence holds fabricated it (CJK: a numeral run)."""
    if dates.day_or_month(token) is not None:
        return True  # a date written as a word
    if _CJK.match(token):
        return all(_numeral(ch) for ch in token)
    if any(ch.isdigit() for ch in token):
        return True
    inner = _INNER.findall(token.strip("%'"))
    if inner and not (set(inner) == {"-"} and all(p.lower() in common_words("en") for p in token.split("-"))) \
            and not _abbreviation(token):
        return True  # a compound of common words (machine-gunner, well-known) is a word, not a name
    if len(_scripts(token)) > 1:
        return True  # a homoglyph: a Cyrillic or Greek letter inside a Latin code, or the reverse
    upper = sum(ch.isupper() for ch in token)
    if upper >= 2 or any(a.islower() and b.isupper() for a, b in zip(token, token[1:], strict=False)):
        return True
    return any(p in _NUMBER_WORDS for p in token.lower().strip("'%").split("-"))


_BARE_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)*(?:%|st|nd|rd|th|s|'s)?")


@functools.lru_cache(maxsize=16_384)
def is_number(token: str) -> bool:
    """A bare number (``503``, ``7.2``, ``91%``) or a number word: a count, not a name."""
    t = token.lower().strip("'")
    return bool(_BARE_NUMBER.fullmatch(t)) or any(p in _NUMBER_WORDS for p in t.split("-")) or \
        (_CJK.match(token) is not None and all(_numeral(ch) for ch in token))


def is_code(token: str) -> bool:
    """An identifier that names a thing (a code, a host, a version, an address, a date): an
    identifier that is not a bare number, nor a day or a month written as a word (said in passing,
    "since Monday", it is unsupported when no evidence holds it; where the line it restates is
    dated otherwise, contradicted). Named and in no evidence, a code was made up."""
    return is_identifier(token) and not is_number(token) and dates.day_or_month(token) is None


def is_specific(token: str) -> bool:
    """Whether a (non-CJK) token names something: an identifier, or a word outside the common
    vocabulary (see the module docstring)."""
    if is_identifier(token):
        return True
    word = token.lower().removesuffix("'s").strip("'%")
    return bool(word) and word not in common_words("en")


def cjk_segments(run: str) -> list[tuple[str, bool]]:
    """A run of CJK text cut into words by forward maximum matching on the common vocabulary:
    each piece with whether it is specific (a numeral run other than a lone 一, mostly part of
    common words; a stretch that no common word covers)."""
    out: list[tuple[str, bool]] = []
    common = common_words("zh")
    i, rare = 0, ""
    while i < len(run):
        if _numeral(run[i]):
            j = i
            while j < len(run) and _numeral(run[j]):
                j += 1
            if run[i:j] != "一":
                out += [(rare, True)] if rare else []
                out.append((run[i:j], True))
                rare, i = "", j
                continue
        for n in range(min(MAX_CJK_WORD, len(run) - i), 0, -1):
            if run[i:i + n] in common:
                out += [(rare, True)] if rare else []
                out.append((run[i:i + n], False))
                rare, i = "", i + n
                break
        else:
            rare += run[i]
            i += 1
    return out + ([(rare, True)] if rare else [])


def cjk_terms(run: str, before: str = "") -> list[str]:
    """The specific terms of a run of CJK text (``before``: its clause's text before it): its
    specific segments, its words of time, frequency and extent (``app.domain.extent``) and its
    weekday names."""
    segments = cjk_segments(run)
    starts = [sum(len(p) for p, _ in segments[:k]) for k in range(len(segments))]
    return [p for p, rare in segments if rare] \
        + [p for (p, rare), at in zip(segments, starts, strict=True)
           if not rare and extent.chinese(p, before + run[:at])] \
        + dates.zh_weekdays(run)


def specific_tokens(text: str) -> list[str]:
    """The specific tokens of ``text`` (canonical form), in order, once each."""
    return list(_specific_cached(text) if len(text) <= 4096 else _specific(text))


@functools.lru_cache(maxsize=16_384)
def _specific_cached(text: str) -> tuple[str, ...]:
    return _specific(text)


_CJK_PUNCT = re.compile("[\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f]")


_UNIT = re.compile(r"\s([A-Za-z]{1,3})(?![A-Za-z0-9_])")
_MEASURE = re.compile(f"\\s?([{_CJK_CHARS}])")
_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")
_ZONE = re.compile(r"\s?(?:UTC|GMT|utc|gmt)(?![A-Za-z0-9_])")


GENERAL_MEASURE = "个"
"""The general measure word: ``16 个核`` counts what ``16 核`` does (``occurs`` reads it either way)."""
_HEDGE_AT = re.compile(units.HEDGE_WORDS)


def _counted(text: str, measure: re.Match[str]) -> str:
    """The word the general measure word counts, right after it (``16 个核``: 核, ``20 个实例``: 实例),
    else ``""``: the count is read as ``16 核`` too (``occurs``)."""
    return _counted_at(text, measure.end()) if measure.group(1) == GENERAL_MEASURE else ""


def _counted_at(text: str, at: int) -> str:
    """The word a measure word ending at ``at`` counts, else ``""`` (a verb or a particle follows:
    ``从 4 个扩容到 8 个``)."""
    run = _CJK_RUN.match(text, at)
    word = cjk_segments(run.group(0))[0][0] if run else ""
    return "" if not word or _numeral(word[0]) or _grammar(word[0]) else word


_NOT_MEASURE = ("u", "p", "c", "f", "v", "d")
"""The parts of speech of a character after a number that is no measure word of it: a particle
(之后, 的), a preposition or conjunction (以上, 和), a direction (后, 上), a verb (改为, 到), an adverb
(已, 正): the number is told without a measure (``200 之后`` is ``200``, as ``200 after`` is)."""


def _grammar(ch: str) -> bool:
    return zh.tag(ch).startswith(_NOT_MEASURE)


def _word_begun(text: str, start: int) -> bool:
    """Whether the character at ``start`` begins a longer word of the Chinese cut that is no unit
    (``权重 50 重新加入``: 重新): it is no measure word of the number before it (``68210 条消息``: 条,
    ``40 分钟``: a unit, are)."""
    run = _CJK_RUN.match(text, start)
    first = cjk_segments(run.group(0))[0][0] if run else ""
    return len(first) > 1 and first not in units.UNITS


def _latin_word(token: str) -> bool:
    """A Latin word (no stopword): in Chinese text, a name."""
    return token.isalpha() and token.isascii() and len(token) > 1 and token.lower() not in STOPWORDS


def warm() -> None:
    """Load the vocabularies and the Chinese tagger now (a worker does it before taking work)."""
    common.warm()
    zh.warm()


def _specific(text: str) -> tuple[str, ...]:
    # CJK punctuation (：，。) is written without a space after it: it ends a token all the same.
    text = canonical(_CJK_PUNCT.sub(lambda m: f"{m.group(0)} ", text))
    latin = _CJK.sub(" ", text)
    chinese = _CJK.search(text) is not None
    found, joined, scaled, per = [], 0, [], []
    for m in _TOKEN.finditer(latin):
        tok = m.group(0)
        if m.start() < joined or (not is_specific(tok) and not (chinese and _latin_word(tok))
                                  and not extent.english(tok)):
            continue  # the unit or zone of the value before it, or a word
        counted = is_number(tok) and not tok.endswith("%")
        if counted and lists.counts_its_list(text, m.start(), m.end()):
            continue  # "two addresses, A and B": the line's own count of its list
        scale = units.scale_after(text, m.start(), m.end()) if counted and chinese else None
        end = scale or m.end()  # 12.4 万 is one number (app.domain.units)
        scaled += [(m.end(), end)] if scale else []
        named = currency.after(text, end) if counted else None
        known = units.UNIT_AFTER.match(text, end) if counted and named is None else None
        rate = None
        unit = _UNIT.match(latin, end) if counted and known is None and named is None and not scale else None
        word = unit.group(1).lower() if unit is not None else ""
        zone = _ZONE.match(latin, m.end()) if _CLOCK.fullmatch(tok) else None
        if scale:
            tok = text[m.start():end]
        if named is not None:
            tok = text[m.start():named]  # an amount and its currency are one value (app.domain.currency)
        elif known is not None:
            tok = text[m.start():known.end()]  # a number and its unit are one value (app.domain.units)
            rate = units.per_time(text, m.start(), known.end())
            per += [rate] if rate else []  # 每秒 1.2 GB is 1.2 GB/s: the rate's time is part of the value
        elif unit is not None and unit.group(1).islower() and word not in STOPWORDS \
                and (zipf(word) < FUNCTION_ZIPF if len(word) <= 2 else word not in common_words("en")):
            tok = latin[m.start():unit.end()]  # a number and its short unit are one value: 7.2 h is not 7.2 min
        elif zone is not None:
            tok = latin[m.start():zone.end()]  # a time and its zone are one value: 10:02 UTC
        measure = _MEASURE.match(text, end) if chinese and counted and known is None and named is None else None
        if measure is not None and not _numeral(measure.group(1)) and not _grammar(measure.group(1)) \
                and not _HEDGE_AT.match(text, measure.start(1)) and not _word_begun(text, measure.start(1)):
            tok = text[m.start():measure.end() + len(_counted(text, measure))]  # 68210 条 is not 68210 秒
        joined = m.start() + len(tok)
        hedge = units.HEDGE_BEFORE.search(text, max(0, m.start() - MAX_HEDGE), m.start()) \
            if is_number(m.group(0)) else None
        sign = currency.sign_before(text, m.start()) if counted else None
        if sign is not None:
            tok = text[sign:m.start()] + tok  # $48,260.00 is not ¥48,260.00 (app.domain.currency)
        if hedge is not None:
            tok = text[hedge.start():m.start()] + tok  # a hedge and its number are one rounded value
        if rate is not None:  # 每秒 1.2 GB, 1.2 GB 每秒: the value as written, its time with it (units.held_rate)
            tok = text[rate[0]:m.start()] + tok if rate[1] <= m.start() else tok + text[joined:rate[1]]
            joined = max(joined, rate[1])
        found.append(tok)
    for r in _CJK_RUN.finditer(text):
        start = max([r.start(), *(e for s, e in [*scaled, *per] if s <= r.start() < e)])
        end = min([r.end(), *(s for s, e in per if s < r.end() <= e)])
        clause = re.split(r"[。；;！？!?\n，,]", text[:start])[-1]
        found += cjk_terms(text[start:end], clause)  # not the multiplier of a number before it, nor the time of a rate
    quantities = [(q, units.UNIT_AFTER.match(text, q.end())) for q in _ZH_QUANTITY.finditer(text)]
    bare = {q.group(0) for q, unit in quantities if unit is None}  # 三个节点: a count, kept as 三
    for q, unit in quantities:  # 三分钟 is a value, as 3分钟 is: not a bare 三
        if unit is not None:
            value = text[q.start():unit.end()]
            found = [value if t == q.group(0) and t not in bare else t for t in found]
            found += [] if value in found else [value]
    return tuple(dict.fromkeys(found))


_ONE = r"(?<![\d.])(?:1|one|一)\s?"
_PER_ONE = {word: rf"{_ONE}(?:{spelt})\s?之?内|(?:in|within|per|over)\s+(?:the\s+last\s+)?{_ONE}(?:{spelt})(?![a-z])"
            for words, spelt in (("秒 秒钟 second", "秒钟?|s|sec|second"), ("分钟 minute", "分钟|min|minute"),
                                 ("小时 hour", "小时|h|hr|hour"), ("天 day", "天|day"))
            for word in words.split()}
"""A word of time said per one of its unit (每分钟, "a minute", "per hour"): held by an item
counting in a window of one such unit ("1 分钟内", "within 1 min"), not by one counting in another
("5 分钟内") or naming the unit otherwise ("持续 1 分钟")."""
_ZH_QUANTITY = re.compile("[零〇一二两三四五六七八九十百千万]+")
"""A number written in Chinese numerals (``units`` reads it with its unit as a value)."""


def prepared(text: str) -> str:
    """The form a haystack is searched in: canonical, case-folded, ``68,210`` as ``68210`` and
    ``12.4 万`` as ``124000`` (``app.domain.units.plain_numbers``), an ISO
    timestamp's ``T`` and ``Z`` as spaces (``2026-11-29T09:52:30Z`` holds ``2026-11-29`` and
    ``09:52:30``), whitespace collapsed. The same lines and claims are searched many times per
    session: short texts are remembered."""
    return _prepared_cached(text) if len(text) <= CACHED_CHARS else _prepared(text)


@functools.lru_cache(maxsize=16_384)
def _prepared_cached(text: str) -> str:
    return _prepared(text)


def _prepared(text: str) -> str:
    text = canonical(text).casefold()
    text = units.plain_numbers(text)  # 68,210 is 68210, 12.4 万 is 124000
    text = re.sub(r"(?<=\d)t(?=\d{1,2}:)", " ", text)
    text = re.sub(r"(?<=\d)(?:z|\+00:?00)(?![a-z0-9])", " utc ", text)  # an ISO time's Z is UTC
    text = re.sub(r"(?<![a-z])gmt(?![a-z])", "utc", text)
    text = _DOTTED.sub(lambda m: m.group(0).replace(".", ""), text)  # u.s. is us, e.g. is eg
    text = _DIGIT_CJK.sub(" ", text)  # 68210条 is 68210 条
    return re.sub(r"\s+", " ", text)


_DOTTED = re.compile(r"(?<![\w.])(?:[a-z]\.){2,}(?![\w.])|(?<![\w.])(?:[a-z]\.)+[a-z](?![\w.])")
"""An abbreviation written with dots between single letters (``U.S.``, ``U.S``, ``e.g.``): the same
letters without."""
_DIGIT_CJK = re.compile(f"(?<=\\d)\\s*(?=[{_CJK_CHARS}])")


_DECIMAL = ".,"


@functools.lru_cache(maxsize=4096)
def pattern(regex: str) -> re.Pattern[str]:
    """``regex`` compiled, remembered: the patterns built around a token (``re.escape``) outnumber
    the ``re`` module's own cache of 512 within a few sessions."""
    return re.compile(regex)


@functools.lru_cache(maxsize=65_536)
def _needle(token: str) -> str:
    return prepared(token).strip()


def occurs(token: str, haystack: str) -> bool:
    """Whether ``token`` occurs whole in ``haystack`` (already ``prepared``), as written or as the
    same value in another spelling (``app.domain.units``). A session asks it of the same tokens and
    lines many times: answers over short haystacks are remembered."""
    return _occurs_cached(token, haystack) if len(haystack) <= CACHED_CHARS else _occurs(token, haystack)


@functools.lru_cache(maxsize=16_384)  # a haystack is at most CACHED_CHARS: a bounded footprint
def _occurs_cached(token: str, haystack: str) -> bool:
    return _occurs(token, haystack)


def _occurs(token: str, haystack: str) -> bool:
    t = _needle(token)
    if not t or _written(t, haystack):
        return True
    if _CAMEL.fullmatch(token.removesuffix("'s")):  # PostgresDown is a name, not "postgres down"
        return t.endswith("'s") and _written(t[:-2], haystack)
    if t in extent.ZH_ALL:  # 都 and 均 are one adverb of all: either, a word of the item's cut, holds the other
        return any(w in extent.ZH_ALL for run in _CJK_RUN.findall(haystack) for w, _ in cjk_segments(run))
    held = currency.held(t, haystack)
    if held is None:
        held = units.held_value(token, t, haystack)
    if held is not None:
        return held
    joined = _HYPHENED.fullmatch(t)
    if joined is not None and units.quantity(f"{joined[1]} {joined[2]}") is not None:
        return occurs(f"{joined[1]} {joined[2]}", haystack)  # a 1476-byte packet: 1476 bytes, in any spelling
    if dates.day_or_month(token) is not None and dates.held(token, haystack):
        return True
    if t.endswith("'s") and len(t) > 3:  # a possessive: runbook's is the runbook's word
        return occurs(t[:-2], haystack)
    if _PLURAL_ACRONYM.fullmatch(token):  # PUTs, OSDs: the acronym's plural is the acronym
        return occurs(token[:-1], haystack)
    one = _PER_ONE.get(t.removeprefix("每"))
    if one is not None and (t.startswith("每") or t.isascii()):  # 每分钟 / a minute: a count in one minute
        return pattern(one).search(haystack) is not None
    per = _NOUN_PER_TIME.fullmatch(token)
    if per is not None:  # 5480 PUT/s: the rate the line writes 5480/s, of the PUT it names
        return occurs(per.group(1), haystack) and pattern(
            rf"\d ?/{re.escape(per.group(2).lower())}(?![a-z])").search(haystack) is not None
    if _COMPOUND.fullmatch(t) and pattern(rf"(?<![\w-]){' '.join(t.split('-'))}(?![\w-])").search(haystack):
        return True  # a compound of words (default-consistency) written as its words (default consistency)
    if t.isalpha() and not _CJK.search(t) and pattern(rf"(?<![^\W_]){re.escape(t)}_").search(haystack):
        return True  # a part of an identifier: conntrack of nf_conntrack_max names the thing by that word
    if t.isdigit() and pattern(rf"[^\W\d_]_{t}_[^\W\d_]").search(haystack):
        return True  # a number an identifier's words enclose: 503 of HTTPCode_ELB_503_Count names its code
    if t.isalpha() and len(t) > 4 and not _CJK.search(t):  # a rare word in another form: reboot / rebooted
        stem = _SUFFIX.sub("", t)
        stem = stem[:-1] if stem[-1:] in ("i", "y") and len(stem) > 4 else stem  # retry / retries
        if len(stem) >= 4 and pattern(rf"(?<![^\W_]){re.escape(stem)}[a-z]{{0,3}}(?![a-z0-9_])").search(haystack):
            return True
        if _phrasal(stem, haystack):
            return True
    return units.held_as_word(t, haystack)  # tried last: most counts are written as digits


_CAMEL = re.compile(r"(?:[A-Z][a-z0-9]+){2,}")
"""A CamelCase identifier (an alert, a policy, a class: NodeInodesLow, PostgresDown): a name, held
only as written, never by its words in another spelling ("postgres down", "node inodes low")."""
_HYPHENED = re.compile(r"(\d+(?:\.\d+)?)-([a-z]+)")
"""A quantity written as a compound adjective ("1476-byte packets", "a 5-minute window"): its number
and unit, when the word is a unit of the table."""
_PLURAL_ACRONYM = re.compile(r"[A-Z]{2,}s")
_COMPOUND = re.compile(r"[a-z]{2,}(?:-[a-z]{2,})+")
"""Words joined by hyphens into one ("default-consistency", "read-only"): no digit, no code."""
_NOUN_PER_TIME = re.compile(r"([A-Za-z][A-Za-z0-9-]*)/(s|sec|min|h)")
"""A rate written with the noun it counts before its time ("PUT/s", "req/s")."""
_PARTICLES = ("over", "out", "back", "down", "off", "up")
"""The particles of English phrasal verbs: ``failover`` is ``failed over`` written as one word."""


def _phrasal(t: str, haystack: str) -> bool:
    """Whether ``t`` is a verb and its particle written as one word (``failover``, ``rollout``,
    ``shutdown``) that ``haystack`` writes as a phrase in any form (``failed over``, ``rolled out``)."""
    for p in _PARTICLES:
        head = t.removesuffix(p)
        if head != t and len(head) >= 3 and re.search(
                rf"(?<![^\W_]){re.escape(head)}[a-z]{{0,3}}\s+{p}(?![a-z0-9_])", haystack):
            return True
    return False


def _written(t: str, haystack: str) -> bool:
    """Whether ``haystack`` holds ``t`` whole, as written."""
    if _CJK.search(t):
        if not t[0].isdigit():
            return t in haystack
        value, measure, noun = t.partition(f" {GENERAL_MEASURE}")
        if noun and pattern(rf"{re.escape(noun)}[\u4e00-\u9fff]?数\s?[:：]?\s?{re.escape(value)}(?![\d.])").search(
                haystack):
            return True  # 412 个容器 is the 容器总数 412 of its line: the count of that noun
        if not noun:  # after a comma; tolerable-failed-checkpoints（3）; 缩到 9 个 of 20 → 9
            return pattern(rf"(?<![\d.]){_UNGROUPED}{re.escape(t)}").search(haystack) is not None \
                or _bracketed(t, haystack) or (bool(measure) and _bare_count(value, haystack))
        # 16 个核 is written 16 个核 or 16 核; or 16 个 counting nothing after it, on a line that names 核
        # (实例从 4 个扩容到 8 个 holds 8 个实例), never 16 个 counting another word (16 个实例); or as the
        # value of the count of 核, or its change's end (核数 16, 核数 8 → 16)
        if _bare_count(value, haystack, rf"{re.escape(noun)}(?:个?数)?\s?[:=为]?\s?(?:\d+\s?(?:→|->)\s?)?"):
            return True
        value = rf"(?<![\d.]){_UNGROUPED}{re.escape(value)} ?"
        return pattern(rf"{value}(?:{GENERAL_MEASURE} ?)?{re.escape(noun)}").search(haystack) is not None \
            or (noun in haystack and any(not _counted_at(haystack, m.end())
                                         for m in pattern(rf"{value}{GENERAL_MEASURE} ?").finditer(haystack)))
    start = haystack.find(t)  # each place it is written, left to right, not overlapping
    while start >= 0:
        if _whole(t, haystack, start, start + len(t)):
            return True
        start = haystack.find(t, start + len(t))
    return False


def _bracketed(t: str, haystack: str) -> bool:
    """Whether ``haystack`` writes the number of ``t`` (a number and its measure word, no unit: ``3 次``)
    alone in brackets after its label (``tolerable-failed-checkpoints（3）``): a count its label names,
    which the measure word only counts."""
    value, _, measure = t.partition(" ")
    return measure not in units.UNITS and len(measure) == 1 and \
        pattern(rf"[(（]\s?{re.escape(value)}\s?[)）]").search(haystack) is not None


_UNGROUPED = r"(?:(?<!\d,)|(?!\d{3}(?!\d)))"
"""Not the digits after a thousands separator (``342`` of ``1,342``): a comma after a digit begins a
group only before exactly three digits, so the count of ``v2.30.4，4 台`` (a Chinese comma, made
``,``) is a number of its own."""
_BARE_AFTER = r"(?!\d|[.,:]\d|[%:-]|/(?!\d)|\s?[^\W\d_])"
"""After a number that counts nothing written: no unit, measure word, percent sign, rate, time or
decimal (``24/24`` counts 24 of 24)."""


def _bare_count(value: str, haystack: str, before: str = "") -> bool:
    """Whether ``haystack`` writes ``value`` as a bare count, with no unit or measure word after it
    (``副本数 20 → 9``: both are counts of 副本), right after ``before`` when given (the name of
    what it counts: ``副本数 20`` holds ``20 个副本``). A count written with the general measure word
    is that count; a bare number with a word after it (``9 秒``, ``9 条``) counts that word."""
    return pattern(rf"{before}(?<![\w.:/-])(?<!\d,){re.escape(value)}{_BARE_AFTER}").search(haystack) is not None


def _wordish(ch: str) -> bool:
    return (ch.isalnum() or ch == "_") and _CJK.match(ch) is None


def _whole(t: str, hay: str, start: int, end: int) -> bool:
    """Not part of a longer word, nor of a longer dotted number (``2.3.4`` is not in ``10.2.3.4``,
    ``502`` not in ``502.1``, ``342`` not in ``1,342``), except a coarser form with the separator it
    uses (``1.4`` in ``1.4.2``); a comma parts two values unless it groups thousands."""
    before = hay[start - 1] if start else " "
    after = hay[end] if end < len(hay) else " "
    if _wordish(before) or _wordish(after):
        return False
    if t.isdigit() and any(m.start() <= start and end <= m.end()
                           for m in _CLOCK.finditer(hay, max(0, start - 6), min(len(hay), end + 6))):
        return False  # "55" is no value a line holds where it is the seconds of 15:03:55
    if t[0].isdigit() and before in _DECIMAL and start >= 2 and hay[start - 2].isdigit() \
            and (before != "," or _THOUSANDS.match(hay, start - 1)):
        return False
    if t[-1].isdigit() and after in _DECIMAL and end + 1 < len(hay) and hay[end + 1].isdigit() \
            and (after != "," or _THOUSANDS.match(hay, end)):
        return after in t
    return True


_CLOCK = re.compile(r"(?<![\d.:])\d{1,2}:[0-5]\d(?::[0-5]\d)?(?![\d:])")
"""A time of day (``15:03``, ``15:03:55``): its fields are parts of one value, not numbers of their own
(a port after a host, ``10.0.0.1:8080``, is not one)."""
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
"""A comma between digits that groups thousands (``1,342``); any other (``STARTUP2，10:50``, a
Chinese comma once normalised) parts two values."""


def missing(text: str, haystack: str) -> list[str]:
    """The specific tokens of ``text`` that ``haystack`` (prepared) does not hold."""
    return [t for t in specific_tokens(text) if not occurs(t, haystack)]


def missing_identifiers(text: str, haystack: str) -> list[str]:
    """The identifier-shaped tokens of ``text`` that ``haystack`` (prepared) does not hold."""
    return [t for t in specific_tokens(text) if is_identifier(t) and not occurs(t, haystack)]
