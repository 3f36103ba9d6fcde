"""Values, not spellings: a number with its unit, a number written as a word, a time with its zone.

A line may restate a value in another spelling: ``7.2 minutes`` for ``7.2 min``, ``432 s`` for
``7.2 min``, ``three`` for ``3``, ``10:02 UTC`` for ``2026-11-29T10:02:40Z``. Compared as text, an
honest restatement reads as a made-up value, and a unit written as a common word (``7.2 seconds``
against ``7.2 min``) is not part of its number at all. Here a value is read once into its canonical
form and compared as a value:

- a number and its unit (one small table of unit spellings, English and Chinese, each with its
  dimension and its factor to the dimension's base) is one quantity; two quantities are equal
  when their dimensions are and their values are (a converted value given to the precision it is
  written with: ``1.67 min`` for ``100 s``). ``GB`` and ``GiB`` are different units (10⁹ and 2³⁰);
- a number word (``three``, ``ninety-seven``, ``三``, ``六万八千``) is its number, and a number is
  held by a text writing it as a word;
- a zone name after a time (``UTC``, ``GMT``, ``Z``) is part of the time: held where a text has
  that time (to the precision given) in that zone (an ISO ``…Z`` time is UTC);
- a number after a hedge (``about``, ``roughly``, ``~``, ``约``, ``大约``, ``将近``) is a rounded
  value, and the hedge is part of it: held where a text has a value of the same kind (the same
  unit or dimension, ``%``, Chinese measure word, or none) within the rounding of the number as
  written (less than half its last written place: ``about 97%`` for ``97.4%``, ``约 1900 条`` for
  ``1873 条``, ``about 0.4 TB`` for ``412 GB``; not ``about 2 s`` for ``2.8 s``, nor for ``1.5 s``,
  halfway, which rounds either way), keeping at least the value's leading digit (``about 100%`` is
  no rounding of ``97.4%``). Written without a hedge a
  number is exact (``98%`` is not ``97.4%``): the hedge says a rounding, its absence says none;
- a number is the same value however its digits are grouped or scaled: thousands separators
  (``3,100``, ``1,234,567``; a thin space, ``1 234``, where the text marks it so: a plain space
  may part two numbers) and a Chinese or
  Japanese multiplier after digits (``12.4 万``, ``3 亿``, ``2 千万``, ``1.5 億``) are read away
  (``3100``, ``124000``), so a value is compared as its plain digits and never cut at its
  separator. A scaled number keeps the precision it is written with: ``约 12.4 万`` rounds to the
  thousand (``124,300`` is about 12.4 万, ``131,000`` is not).
"""

from __future__ import annotations

import functools
import math
import re
from decimal import Decimal

_TABLE: dict[tuple[str, float], str] = {
    ("time", 1e-6): "µs microsecond microseconds 微秒",
    ("time", 1e-3): "ms msec msecs millisecond milliseconds 毫秒",
    ("time", 1.0): "s sec secs second seconds 秒 秒钟",
    ("time", 60.0): "min mins minute minutes 分钟",
    ("time", 3600.0): "h hr hrs hour hours 小时 个小时",
    ("time", 86400.0): "d day days 天",
    ("size", 1.0): "byte bytes 字节",
    ("size", 1e3): "kb kilobyte kilobytes",
    ("size", 1e6): "mb megabyte megabytes",
    ("size", 1e9): "gb gigabyte gigabytes",
    ("size", 1e12): "tb terabyte terabytes",
    ("size", 2.0 ** 10): "kib ki kibibyte kibibytes",
    ("size", 2.0 ** 20): "mib mebibyte mebibytes",
    ("size", 2.0 ** 30): "gib gi gibibyte gibibytes",
    ("size", 2.0 ** 40): "tib ti tebibyte tebibytes",
    ("length", 1e-3): "mm millimetre millimetres millimeter millimeters 毫米",
    ("length", 1e-2): "cm centimetre centimetres centimeter centimeters 厘米",
    ("length", 1.0): "metre metres meter meters 米",
    ("length", 1e3): "km kilometre kilometres kilometer kilometers 公里 千米",
    ("length", 0.3048): "ft foot feet",
    ("length", 1609.344): "mi mile miles",
    ("mass", 1.0): "kg kilogram kilograms 公斤 千克",
    ("mass", 1e-3): "gram grams 克",
    ("mass", 0.45359237): "lb lbs",
}
"""Every spelling of a unit, by dimension and factor to the dimension's base (seconds, bytes).
Kubernetes writes binary sizes without the B (``200Gi``, ``512Ki``, ``1Ti``); its ``Mi`` is left out,
as a mile's. Ambiguous spellings are left out: ``m`` (minute or metre), ``b`` (bit or byte), ``g``,
``pound`` (a weight or a currency), ``分`` and ``日``."""
UNITS: dict[str, tuple[str, float]] = {w: key for key, spellings in _TABLE.items() for w in spellings.split()}
_LATIN = "|".join(sorted((re.escape(u) for u in UNITS if u.isascii()), key=len, reverse=True))
_CJK_UNITS = "|".join(sorted((u for u in UNITS if not u.isascii()), key=len, reverse=True))
UNIT_AFTER = re.compile(rf"\s?(?:(?i:(?P<latin>{_LATIN}))(?![A-Za-z0-9_])|(?P<cjk>{_CJK_UNITS}))")
"""A unit spelling right after a number (``7.2 min``, ``432s``, ``68210 毫秒``)."""
_QUANTITY = re.compile(rf"(?<![\w.-])(?<!\d,)(?P<num>\d+(?:\.\d+)?)(?P<unit>{UNIT_AFTER.pattern})", re.IGNORECASE)

_PART_OF = re.compile(r"(?<![\w.:/-])(\d+(?:\.\d+)?)(?: of |/)$", re.IGNORECASE)
"""A bare number right before "of" or a slash and a quantity ("194 of 200 GB", "194/200 GB"): a part
of the whole, counted in the whole's unit; a part with a unit of its own ("3 MB of 200 GB") is none."""

GROUPED = r"\d{1,3}(?:,\d{3})+(?!\d)"
"""A number with thousands separators (``3,100``, ``1,234,567``): one number, not ``3`` and ``100``."""
_SEPARATOR = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
"""A thousands separator between digits (a thin space is one too: ``app.domain.text.canonical``)."""
_SCALES = {"千": 10 ** 3, "万": 10 ** 4, "萬": 10 ** 4, "亿": 10 ** 8, "億": 10 ** 8}
MULTIPLIER = re.compile(r"\s?(?:[百千]?[万萬亿億]|千)(?![\d０-９])")
"""A Chinese or Japanese multiplier right after digits (``12.4 万``, ``2 千万``, ``3 千``); not one
followed by more digits (``3万5千`` is left as written, never misread)."""
_SCALED = re.compile(rf"(?<![\d.千万萬亿億])(\d+(?:\.\d+)?)(?P<scale>{MULTIPLIER.pattern})")


def scale_after(text: str, start: int, end: int) -> int | None:
    """Where the multiplier after the number ``text[start:end]`` ends (``12.4 万``), else None; not
    after another multiplier (``3万5千`` is left as written)."""
    if not any(ch in _SCALES for ch in text[end:end + 3]) or text[start - 1:start] in _SCALES:
        return None
    m = MULTIPLIER.match(text, end)
    return m.end() if m is not None else None


def scale(text: str, start: int, end: int) -> int:
    """The multiplier after the number ``text[start:end]`` (``146 万``: 10000), else 1."""
    stop = scale_after(text, start, end)
    return 1 if stop is None else _factor(text[end:stop])


def _factor(written: str) -> int:
    factor = 1
    for ch in written.strip():
        factor *= _SCALES.get(ch, 100)  # 百 only before 万 or 亿 (MULTIPLIER)
    return factor


def plain_numbers(text: str) -> str:
    """``text`` with every number in its plain digits: thousands separators read away (``3,100`` →
    ``3100``), a multiplier after digits applied (``12.4 万条`` → ``124000 条``, ``2 千万`` →
    ``20000000``). The digits keep the precision written: ``12.4 万`` is ``124000``, whose last
    written place is the thousand."""
    if not any(ch.isdigit() for ch in text):
        return text
    text = _SEPARATOR.sub("", text)
    if not any(ch in _SCALES for ch in text):
        return text
    return _SCALED.sub(_scaled, text)


def _scaled(m: re.Match[str]) -> str:
    value = Decimal(m.group(1)) * _factor(m.group("scale"))
    plain = format(value.quantize(Decimal(1)) if value == value.to_integral_value() else value.normalize(), "f")
    return plain + " "  # 124000 条: the measure word after it stays a word of its own

_PER = r"每(?:秒钟?|分钟|小时|天)"
_PER_SECONDS = {"秒": 1, "秒钟": 1, "分钟": 60, "小时": 3600, "天": 86400, "s": 1, "sec": 1, "second": 1,
                "min": 60, "minute": 60, "h": 3600, "hr": 3600, "hour": 3600, "d": 86400, "day": 86400}
_RATE_TOKEN = re.compile(r"每(?P<a>秒钟?|分钟|小时|天)\s?(?P<q1>\S.*)|(?P<q2>.*\S)\s?每(?P<b>秒钟?|分钟|小时|天)")
_PER_WORD = r"(?:秒钟?|分钟|小时|天|s|sec|second|min|minute|h|hr|hour|d|day)"
_RATES = re.compile(rf"(?:每(?P<a>秒钟?|分钟|小时|天)\s?)?(?P<q>\d+(?:\.\d+)?\s?[a-z\u4e00-\u9fff]+)"
                    rf"(?:\s?(?:/|per\s+)(?P<b>{_PER_WORD})(?![a-z])|\s?每(?P<c>秒钟?|分钟|小时|天))?")


def held_rate(t: str, haystack: str) -> bool | None:
    """Whether ``haystack`` (prepared) holds the rate ``t`` (``每秒 1.2 gb``, ``1.2 gb 每秒``) in any
    form (``1.2 gb/s``, ``1.2 gb per second``, ``每秒 1.2 gb``): the same quantity per the same
    time; None when ``t`` is no rate written in Chinese."""
    m = _RATE_TOKEN.fullmatch(t.strip())
    if m is None:
        return None
    per, q = _PER_SECONDS[m.group("a") or m.group("b")], (m.group("q1") or m.group("q2")).strip()
    for r in _RATES.finditer(haystack):
        theirs = r.group("a") or r.group("b") or r.group("c")
        if theirs and _PER_SECONDS[theirs] == per and held_quantity(q, r.group("q")):
            return True
    return False
_PER_BEFORE = re.compile(rf"{_PER}\s?$")
_PER_AFTER = re.compile(rf"\s?{_PER}")


def per_time(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the time of a rate written in Chinese before or after the quantity ``text[start:end]``
    stands (``每秒 1.2 GB``, ``1.2 GB 每秒``), else None: a quantity per time, as ``1.2 GB/s`` writes
    it, whose 每秒 is part of the value (``held_rate``), not a word of frequency (``app.domain.extent``)."""
    m = _PER_BEFORE.search(text, max(0, start - 4), start) or _PER_AFTER.match(text, end)
    return m.span() if m else None

_DIMENSION = {dim: re.compile(r"\d\s?(?:{})".format("|".join(
    sorted((re.escape(u) for u, (d, _) in UNITS.items() if d == dim), key=len, reverse=True))))
    for dim in {d for d, _ in UNITS.values()}}
"""Per dimension, a digit and any spelling of a unit of it: whether a text (prepared: lower case) has
any such quantity."""

ZONES = ("utc", "gmt", "z")
"""Zone names that mean UTC; an ISO time's ``Z`` is read as ``utc`` (``app.domain.specific.prepared``)."""
_ZONED = re.compile(r"(\d{1,2}:\d{2}(?::\d{2})?)\s?(?:utc|gmt|z)", re.IGNORECASE)

_EN_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_EN_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split())
            if i > 1}
_ZH_DIGITS = {ch: i for i, ch in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2}
_ZH_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "亿": 100_000_000}
_FIRST = frozenset(w[0] for w in [*_EN_NUMBERS, *_EN_TENS, *_ZH_DIGITS, *_ZH_SCALES])


@functools.lru_cache(maxsize=8192)
def quantity(token: str) -> tuple[str, float, int, str] | None:
    """A token that is a number and a unit of the table: (dimension, value in the base unit,
    decimals written, the unit as written); None otherwise."""
    token = token.strip()
    if not token[:1].isdigit() or token.isdigit():
        return None
    m = _QUANTITY.fullmatch(token)
    if m is None:
        return None
    unit = (m.group("latin") or m.group("cjk")).lower()
    dim, factor = UNITS[unit]
    num = m.group("num")
    return dim, float(num) * factor, len(num.partition(".")[2]), unit


_FIELD = re.compile(r"(?<![\w.-])(?P<key>[a-z][a-z0-9]*(?:[._][a-z0-9]+)+)\s?[:=]?\s?"
                    r"(?P<num>\d+(?:\.\d+)?)(?![\w%:/-]|[.,]\d)", re.IGNORECASE)
"""A number right after the name of its field (``max.poll.interval.ms 300000``,
``Seconds_Behind_Master 2870``, ``timeout_ms=500``)."""


def _field_unit(key: str) -> str | None:
    """The unit a field's name gives its value: the one part of the name (between dots or
    underscores) that is a unit of the table, of two letters or more (``ms`` of
    ``max.poll.interval.ms``, ``seconds`` of ``Seconds_Behind_Master``); None when no part or
    several are."""
    named = [u for p in re.split(r"[._]", key.lower()) if (u := _part_unit(p))]
    return named[0] if len(named) == 1 else None


_WORDS = "|".join(sorted((u for u in UNITS if u.isalpha() and u.isascii() and len(u) >= 4), key=len, reverse=True))
_WORD_UNIT = re.compile(rf"(?<!kilo)(?<!mega)(?<!giga)(?<!tera)(?<!kibi)(?<!mebi)(?<!gibi)(?<!tebi)(?<!milli)"
                        rf"(?<!micro)(?<!nano)({_WORDS})$")
"""A unit word a part of a field's name ends with, spelled out (``maxbytes``, ``uptimeseconds``), not
after a prefix of scale (``kilobytes`` is a unit of its own)."""


def _part_unit(part: str) -> str | None:
    """The unit a part of a field's name names: the part itself (``ms``, ``seconds``), or a unit
    word it ends with (``bytes`` of ``maxbytes``: memcached's ``limit_maxbytes``)."""
    if len(part) > 1 and part in UNITS:
        return part
    m = _WORD_UNIT.search(part)
    return m.group(1) if m else None


_PART_GAP = re.compile(r"\s*(?:and\s+)?")
"""What stands between two parts of one duration ("6 min 40 s", "1 h and 5 min", "3 分 30 秒")."""


@functools.lru_cache(maxsize=256)
def durations_in_parts(haystack: str) -> tuple[tuple[float, float], ...]:
    """Each duration of ``haystack`` written in parts, largest first ("6 min 40 s", "3 分 30 秒"): its
    sum in seconds and its smallest part's unit in seconds (the precision it is written to)."""
    out: list[tuple[float, float]] = []
    end, total, smallest, parts = -1, 0.0, 0.0, 0
    for m in _QUANTITY.finditer(haystack):
        dim, factor = UNITS[(m.group("latin") or m.group("cjk")).lower()]
        value = float(m.group("num")) * factor
        if dim == "time" and parts and factor < smallest and _PART_GAP.fullmatch(haystack, end, m.start()):
            total, smallest, parts = total + value, factor, parts + 1
            out.append((total, smallest))
        elif dim == "time":
            total, smallest, parts = value, factor, 1
        else:
            parts = 0
        end = m.end()
    return tuple(out)


@functools.lru_cache(maxsize=256)
def quantities(haystack: str) -> tuple[tuple[str, float, str], ...]:
    """Every quantity of ``haystack``: (dimension, value in the base unit, its unit as written);
    a number whose field's name gives its unit is a quantity of that unit (``_field_unit``)."""
    out = []
    for m in _QUANTITY.finditer(haystack):
        unit = (m.group("latin") or m.group("cjk")).lower()
        dim, factor = UNITS[unit]
        out.append((dim, float(m.group("num")) * factor, unit))
        part = _PART_OF.search(haystack, max(0, m.start() - 16), m.start())
        if part is not None:  # "194 of 200 GB": the part is in the whole's unit, 194 GB
            out.append((dim, float(part.group(1)) * factor, unit))
    for m in _FIELD.finditer(haystack):
        unit = _field_unit(m.group("key"))
        if unit is not None:
            dim, factor = UNITS[unit]
            out.append((dim, float(m.group("num")) * factor, unit))
    return tuple(out)


def _equal(mine: tuple[str, float, int, str], theirs: tuple[str, float, str]) -> bool:
    dim, value, decimals, unit = mine
    if dim != theirs[0]:
        return False
    if UNITS[theirs[2]] == UNITS[unit]:
        return abs(value - theirs[1]) <= 1e-9 * max(abs(value), 1.0)
    factor = UNITS[unit][1]  # another unit: the converted value, to the precision it is written with
    return round(theirs[1] / factor, decimals) == round(value / factor, decimals)


def held_quantity(token: str, haystack: str) -> bool | None:
    """Whether ``haystack`` holds the quantity ``token`` names, in any spelling of any unit of its
    dimension, or a duration it writes in parts, to its smallest part ("400 seconds", "6.67 min" of
    "6 min 40 s"; not "7 min"); None when ``token`` is no quantity of the table."""
    q = quantity(token)
    if q is None:
        return None
    if _DIMENSION[q[0]].search(haystack) is None and _FIELD.search(haystack) is None:
        return False  # no quantity of its dimension at all: no scan of every quantity in the text
    if any(_equal(q, theirs) for theirs in quantities(haystack)):
        return True
    return q[0] == "time" and any(abs(q[1] - total) < smallest / 2 for total, smallest in durations_in_parts(haystack))


def dimension(token: str) -> str | None:
    """The dimension of a quantity token (``time``, ``size``), else None."""
    q = quantity(token)
    return q[0] if q is not None else None


def number_value(token: str) -> int | None:
    """The number a number word names (``three``, ``ninety-seven``, ``三``, ``六万八千``), else None."""
    t = token.lower().strip()
    if t[:1] not in _FIRST:
        return None  # most tokens: no number word starts so
    if t in _EN_NUMBERS:
        return _EN_NUMBERS[t]
    tens, _, unit = t.partition("-")
    if tens in _EN_TENS and (not unit or unit in _EN_NUMBERS and 0 < _EN_NUMBERS[unit] < 10):
        return _EN_TENS[tens] + (_EN_NUMBERS[unit] if unit else 0)
    return _zh_number(t) if t and all(ch in _ZH_DIGITS or ch in _ZH_SCALES for ch in t) else None


def _zh_number(t: str) -> int | None:
    total, section, digit = 0, 0, None
    for ch in t:
        if ch in _ZH_DIGITS:
            if digit is not None:
                return None  # 三五 is "three or five", not a number
            digit = _ZH_DIGITS[ch]
        elif _ZH_SCALES[ch] >= 10_000:
            total += (section + (digit or 0)) * _ZH_SCALES[ch]
            section, digit = 0, None
        else:
            section += (1 if digit is None else digit) * _ZH_SCALES[ch]
            digit = None
    return total + section + (digit or 0)


def number_words(n: int) -> list[str]:
    """The English words for ``n`` (0-99), for a text writing a number out."""
    if n in _EN_NUMBERS.values():
        return [next(w for w, v in _EN_NUMBERS.items() if v == n)]
    tens = next((w for w, v in _EN_TENS.items() if v == n - n % 10), None)
    if tens is None or n >= 100:
        return []
    unit = next((w for w, v in _EN_NUMBERS.items() if v == n % 10), "")
    return [tens] if n % 10 == 0 else [f"{tens}-{unit}", f"{tens} {unit}"]


def zoned(token: str) -> str | None:
    """The time of a time-and-zone token (``10:02 UTC`` → ``10:02``), else None."""
    m = _ZONED.fullmatch(token.strip())
    return m.group(1) if m else None


def held_zoned(time: str, haystack: str) -> bool:
    """Whether ``haystack`` (prepared: an ISO ``Z`` read as ``utc``) holds ``time`` in UTC, to the
    precision given (``10:02`` is held by ``10:02:40 utc``)."""
    if "utc" not in haystack:
        return False
    pattern = rf"(?<![\d:]){re.escape(time)}(?::\d{{2}}(?:\.\d+)?)?\s?(?:utc|gmt)(?![a-z])"
    return re.search(pattern, haystack) is not None


_HEDGE_WORDS = r"about|around|approximately|approx\.?|roughly|nearly|almost|close\s+to|[~≈]|大约|大概|将近|接近|约"
HEDGE_WORDS = _HEDGE_WORDS
"""The closed class of approximators, as a pattern (``app.domain.derived`` reads figures after them)."""
HEDGE_AFTER = frozenset("左右 前后 上下".split())
"""The approximators set after a number or a time ("07:53 前后", "80 GB 左右"), a closed class."""
_SIDED = (r"(?:just|slightly|a\s+little)\s+(?:(?P<under>under|below|less\s+than)|over|above|more\s+than)"
          r"|[略稍](?:(?P<zunder>低于|少于|小于)|高于|多于|大于|超过)")
"""The approximators that give a side too ("just under 5%", "略低于 5%"): a rounding of a value on
that side of the number, a closed class (``held_approximately``)."""
HEDGE_BEFORE = re.compile(rf"(?i)(?<![a-z])(?:{_SIDED}|{_HEDGE_WORDS})\s?$")
"""A hedge right before a number (in a window of text ending where the number starts): the closed
class of approximators, English and Chinese."""
_HEDGED = re.compile(rf"(?i)(?:(?P<sided>{_SIDED})|{_HEDGE_WORDS})\s?(?P<num>\d+(?:\.\d+)?)(?P<rest>\s?\S*)")
_NUMBER_THEN = r"(?<![\w.,:/-])(\d+(?:\.\d+)?)"


def _step(num: str) -> float:
    """The last written place of a number, whose half is its rounding: ``97`` → 1, ``1900`` → 100,
    ``2.8`` → 0.1."""
    whole, _, decimals = num.partition(".")
    if decimals:
        return 10.0 ** -len(decimals)
    return 10.0 ** (len(whole) - len(whole.rstrip("0"))) if whole.strip("0") else 1.0


def _rounds_to(value: float, written: float, step: float) -> bool:
    if value == 0:
        return written == 0
    lead = 10.0 ** math.floor(math.log10(abs(value)))  # the value's leading place
    return step <= lead * (1 + 1e-9) and abs(value - written) < step / 2 * (1 - 1e-9)  # a tie rounds both ways


def rounds(value: float, written: str) -> bool:
    """Whether ``value`` rounds to the number ``written`` (digits) at its last written place."""
    return _rounds_to(value, float(written), _step(written))


def held_approximately(t: str, haystack: str) -> bool | None:
    """Whether ``haystack`` (prepared) holds a value that the hedged number ``t`` (prepared:
    ``about 97%``, ``约 1900 条``) rounds; None when ``t`` is no hedged number."""
    m = _HEDGED.fullmatch(t.strip())
    if m is None:
        return None
    num, rest = m.group("num"), m.group("rest").strip()
    written, step = float(num), _step(num)
    under = m.group("under") or m.group("zunder")

    def near(value: float) -> bool:  # a sided hedge ("just under") rounds from its side only
        side = not m.group("sided") or (value < written if under else value > written)
        return side and _rounds_to(value, written, step)

    q = quantity(num + (" " + rest if rest else ""))
    if q is not None:  # a unit of the table: any unit of its dimension, compared in the one written
        factor = UNITS[q[3]][1]
        return any(dim == q[0] and near(value / factor) for dim, value, _ in quantities(haystack))
    after = rf"\s?{re.escape(rest)}" if rest else r"(?![\w%:/-]|[.,]\d)"  # a bare number, not a date's part
    return any(near(float(v)) for v in re.findall(_NUMBER_THEN + after, haystack))


_WORD_QUANTITY = re.compile(r"(?P<word>[a-z]+(?:-[a-z]+)?|[零〇一二两三四五六七八九十百千万]+)\s?(?P<unit>\S+)",
                            re.IGNORECASE)
"""A quantity with its number in words ("one minute", "两分钟"): read as its digits and unit."""


def held_value(token: str, t: str, haystack: str) -> bool | None:
    """Whether ``haystack`` (prepared) holds the value ``token`` (``t``: its prepared form) names,
    in any spelling: a hedged number rounding it, a quantity in any unit of its dimension, a time in
    its zone, a number word as digits (alone or before a unit: "one minute" for 60s); None: no such
    value, judged as written."""
    rate = held_rate(t, haystack) if "每" in t else None
    if rate is not None:
        return rate
    approximate = held_approximately(t, haystack)
    if approximate is not None:
        return approximate
    quantity = held_quantity(plain_numbers(token).strip(), haystack)
    if quantity is None and (m := _WORD_QUANTITY.fullmatch(token.strip())) is not None:
        said = number_value(m.group("word"))  # "one minute", "两分钟": the number as digits
        quantity = held_quantity(f"{said} {m.group('unit')}", haystack) if said is not None else None
    if quantity is not None:
        return quantity
    time = zoned(t) if ":" in t else None
    if time is not None:
        return held_zoned(time, haystack)
    value = None if t[:1].isdigit() else number_value(t)  # a count alone: not a name's or a time's digits (r17, 09:17)
    if value is not None and re.search(rf"(?<![A-Za-z\d_.:/-])(?<!\d,){value}(?![A-Za-z\d_]|[.,:]\d)", haystack):
        return True
    return None


def held_as_word(t: str, haystack: str) -> bool:
    """Whether ``haystack`` writes the count ``t`` (digits) as a word (``3`` / ``three``)."""
    return t.isdigit() and any(w in haystack and re.search(rf"(?<![a-z-]){w}(?![a-z-])", haystack)
                               for w in number_words(int(t)))


def seconds(t: str) -> float | None:
    """The duration ``t`` (prepared, hedged or not: ``about 16 minutes``) in seconds, as written;
    None when it is no duration."""
    m = _HEDGED.fullmatch(t.strip())
    q = quantity(plain_numbers(m.group("num") + m.group("rest") if m else t).strip())
    return q[1] if q is not None and q[0] == "time" else None


def spans(t: str, seconds: float) -> bool | None:
    """Whether the duration ``t`` (prepared: ``about 16 minutes``, ``约 8 分钟``, ``16 minutes``)
    gives an interval of ``seconds``: after a hedge, one it rounds, in the unit it is written in
    (``about 16 minutes`` for 15 min 55 s, not for 15 min 25 s); without one, exactly that interval
    (a number written without a hedge is exact). None when ``t`` is no duration."""
    m = _HEDGED.fullmatch(t.strip())
    q = quantity(plain_numbers(m.group("num") + m.group("rest") if m else t).strip())
    if q is None or q[0] != "time":
        return None
    if m is None:
        return abs(q[1] - seconds) <= 1e-6
    return _rounds_to(seconds / UNITS[q[3]][1], float(m.group("num")), _step(m.group("num")))
