"""Time order: a line that puts two items in order by a word of time gives the order their times give.

"The 5xx rate rose to 4.7% after search-api was rolled back" joins two true lines, each traced to
its own item; the line's own claim is the order, and the items' times (a log line's timestamp) say
which came first. The closed class of words of time order, English and Chinese, tells which side
the line puts first:

- "A after B", "A following B", "After B, A", "B 之后 A", "B 以后 A": B first;
- "A before B", "A prior to B", "Before B, A", "B 之前 A", "B 以前 A": A first (in Chinese, the
  clause after 之前 came first);
- "A, then B", "A 然后 B", "A 随后 B", "A 接着 B": A first; where the word follows the subject of
  its clause ("A，B 随后才触发", "A, B then fired"), that clause is the second side.

A line whose first side's item is timed after its second side's gives the order the other way
round from the material. Where a side is traced to no dated item, or both to the same one (the
order inside one line is the line's own: ``app.domain.causality``), nothing is judged here.

Intervals: a duration a line gives that no item holds ("about 16 minutes passed between the apply
at 14:02 and the restore at 14:18", "约 8 分钟后") is worked out from the times of the items the
rest of the line restates (``worked_out``): held after a hedge within its rounding, without one
only where it is exactly the interval, between the items' times to the second or, where the line
writes both, to the minute it writes them in (03:40:11 to 04:00:00 is "20 minutes" "from 03:40 to
04:00"). Taken out with the words
saying it is an interval (``without``), the rest is judged as any line.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from app.domain import apart, units
from app.domain.text import canonical

_MARKERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?i)(?<![\w-])(?:after|following)(?![\w-])|之后|以后"), "after"),
    (re.compile(r"(?i)(?<![\w-])(?:before|prior\s+to)(?![\w-])|之前|以前"), "before"),
    (re.compile(r"(?i)(?<![\w-])(?:then|afterwards|subsequently)(?![\w-])|然后|随后|接着"
                r"|(?<=[，,；;])\s*(?:再|后)(?![次度来者])"), "then"),
]
"""Words of time order and the side they put first; a 再 or 后 opening a clause is "then" ("先 A，再
B"), not 再次 or 后来, which tell no order of two sides of the line."""
_LEAD = re.compile(r"[,，]")
_DATING = re.compile(r"(?i)(?:(?:at|by|on)\s+|[在于]\s*)?\d{1,2}:\d{2}(?::\d{2})?(?:\s*utc)?")
"""A time that opens a line before its word of time order ("At 13:52:30, after the revert, …", "10:52:30，
回滚之后，…"): it dates the main clause, which the word of order puts after (or before) its event."""
_STAMP = re.compile(r"(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)")


@functools.lru_cache(maxsize=4096)
def ordered(line: str) -> tuple[str, str] | None:
    """(first, second): the sides of ``line`` in the order its word of time order gives them;
    None when it has none, or a side is empty."""
    text = canonical(line)
    found = [(m.start(), m.end(), kind) for pat, kind in _MARKERS for m in [pat.search(text)] if m is not None]
    if not found:
        return None
    start, end, kind = min(found)
    before, after = text[:start], text[end:]
    zh = re.match(r"[\u4e00-\u9fff]", text[start]) is not None
    dated = _DATING.fullmatch(before.strip(" ,，"))  # "At 13:52:30, after B, A": A at 13:52:30
    if not before.strip(" ,，") or (dated and kind != "then"):  # "After B, A" / "Before B, A"
        pieces = _LEAD.split(after, maxsplit=1)
        if len(pieces) != 2:
            return None
        ref, main = pieces
        main = f"{before.strip(' ,，')} {main}" if dated else main
        first, second = (ref, main) if kind == "after" else (main, ref)
    elif kind == "then":
        first, second = before, re.split(r"[,，;；]", after, maxsplit=1)[0]  # "A, then B, …": B is one clause
        *head, subject = re.split(r"[,，;；]", before)
        if head and subject.strip():  # "A，B 随后才触发", "A, B then fired": the adverb follows B's subject
            first, second = ",".join(head), f"{subject} {second}"
    elif zh and kind == "after":
        first, second = before, after  # "B 之后 A"
        lead = re.match(r"\s*(" + _DATING.pattern.removeprefix("(?i)") + r")\s*[,，]\s*(?=\S)", before)
        if lead is not None:  # "10:52:30，回滚之后，A": A at 10:52:30
            first, second = before[lead.end():], f"{lead.group(1)} {after}"
    elif zh:
        first, second = after, before  # "B 之前 A": A first
    else:
        first, second = (after, before) if kind == "after" else (before, after)
    return (first, second) if first.strip(" ,，") and second.strip(" ,，") else None


@functools.lru_cache(maxsize=16_384)
def time_of(item: str) -> str | None:
    """The time of an item (its first timestamp, ``YYYY-MM-DD HH:MM:SS``), or None."""
    m = _STAMP.search(item)
    if m is None:
        return None
    clock = m.group(2) if m.group(2).count(":") == 2 else f"{m.group(2)}:00"
    return f"{m.group(1)} {clock}"


_FIRST = re.compile(r"(?i)(?<![\w-])(?:first|earliest|initial)(?![\w-])|首次|第一次|第一个|最早|最初")
_LAST = re.compile(r"(?i)(?<![\w-])(?:last|latest|final)(?![\w-])(?!\s+\d)|最后一次|最后|最晚|末次")
"""Words saying which of the events of a kind a side of a line means: the earliest ("its first slow
fdatasync", 首次) or the latest ("the last retry", 最后一次); not "in the last 5 min", a window."""


def meant(side: str, items: Sequence[str]) -> list[int]:
    """Of the dated ``items`` a side of a line may be traced to (by index), those it means: the
    earliest where it says the first of its events, the latest where it says the last, else all.
    A line holding "a slow fdatasync" and "no slow fdatasync warnings" is about both; "its first
    slow fdatasync" is about the first alone."""
    dated = [i for i, item in enumerate(items) if time_of(item)]
    text = canonical(side)
    first, last = _FIRST.search(text) is not None, _LAST.search(text) is not None
    if not dated or first == last:
        return dated
    edge = (min if first else max)(time_of(items[i]) or "" for i in dated)
    return [i for i in dated if time_of(items[i]) == edge]


def misordered(first_item: str, second_item: str) -> bool:
    """Whether the item a line puts first is timed after the one it puts second."""
    a, b = time_of(first_item), time_of(second_item)
    return a is not None and b is not None and a > b


BOUND_WORDS = ((r"less\s+than|fewer\s+than|within", ("不到", "不足", "少于")),
               (r"more\s+than|at\s+least", ("超过", "多于", "至少")))
"""The words that bound a quantity rather than round it ("less than three minutes after", "不到
3 分钟"): at most, then at least, English and Chinese (a closed class: ``app.domain.slots`` holds
a line to its item's bound)."""
_BOUNDS = ((rf"{BOUND_WORDS[0][0]}|under|{'|'.join(BOUND_WORDS[0][1])}", "at most"),
           (rf"{BOUND_WORDS[1][0]}|over|{'|'.join(BOUND_WORDS[1][1])}", "at least"))
"""The bounds of a duration: those words, and "under"/"over" right before it."""
_BOUND = "|".join(pat for pat, _ in _BOUNDS)
_SAID_BEFORE = (rf"(?:(?:{_BOUND})\s*)?(?:(?:(?:{units.HEDGE_WORDS})\s*)?"
                rf"(?:过了|经过了?|相隔了?|间隔了?|隔了|持续了?|历时|耗时|用了|运行了|晚了?|早了?|(?i:lasted|took))\s*)?")
_SAID_AFTER = (r"(?:\s*(?:(?:had|has|have)\s+)?(?:passed|elapsed|went\s+by)(?:\s+between)?"
               r"|\s+later|\s+in\s+(?:all|total))?")
"""The words that say a duration is the time between two events, before it (过了, 相隔, 持续了, "lasted")
and after it ("passed between", "elapsed", "later", "in all"): a closed class, taken out with the
duration."""


_THESE, _WITHIN = r"(?:[这那]\s*)?", r"(?:\s*(?:之内|里|内|中)(?![\u4e00-\u9fff]))?"
"""A window a Chinese line names as these minutes ("这 5 分钟里", "那 10 分钟内"): its demonstrative
and its word of within are the interval's words, taken out with it."""
_CJK_BETWEEN = re.compile(r"[\u4e00-\u9fff]")
"""A duration between two Chinese words ("触发 3 分 40 秒后确认") is cut out with the spaces
around it ("触发后确认"): Chinese writes no space between words, so what is left reads as one
clause (its 后 after the event: ``app.domain.postposition``)."""


def without(line: str, duration: str) -> str:
    """``line`` with ``duration`` (as written in it) and the words saying it is an interval taken
    out (``About 16 minutes passed between A and B`` → ``A and B``), and the comma after them
    where a time follows it ("acknowledged it 3 min 30 s later, at 03:11:30" → "acknowledged it at
    03:11:30": the time is the event's, not a clause of its own). A 后 beside the duration ("触发
    2 分 40 秒后确认", "重启后约 1 分 22 秒，…") says it runs from the event before it: it is left as
    之后, the word of time order, so the two events are two sides in order (``ordered``); where the
    duration and its 后 follow a clause's subject alone, a person set apart ("…触发，赵敏 3 分 30 秒后
    确认"), the 之后 opens that clause, whose subject is the later event's ("…触发，之后 赵敏 确认"). A
    duration cut out between two Chinese words otherwise leaves them joined."""
    pat = (rf"(?i)\s*(?P<lead>后\s*(?:(?:{units.HEDGE_WORDS})\s*)?)?{_SAID_BEFORE}{_THESE}{re.escape(duration)}"
           rf"{_SAID_AFTER}{_WITHIN}"
           r"(?P<tail>\s*后)?(?:\s*[,，](?=\s*(?:at\s+|于\s*)?\d))?\s*")

    def cut(m: re.Match[str]) -> str:
        if m.group("lead") or m.group("tail"):
            return " 之后 "
        joined = _CJK_BETWEEN.match(line, max(m.start() - 1, 0)) and _CJK_BETWEEN.match(line, m.end())
        return "" if joined else " "
    m = re.search(pat, line)
    if m is None:
        return line
    opened = _CLAUSE_START.search(line, 0, m.start())
    start = opened.end() if opened else 0
    if m.group("tail") and not m.group("lead") and apart.names(line[start:m.start()]) \
            == {line[start:m.start()].strip()}:  # "…触发，赵敏 3 分 30 秒后确认": 之后 赵敏 确认
        return f"{line[:start]}之后 {line[start:m.start()].strip()} {line[m.end():]}"
    return line[:m.start()] + cut(m) + line[m.end():]


_CLAUSE_START = re.compile(r"[，,；;]\s*(?=[^，,；;]*$)")
"""The start of the last clause before a point of a line: its comma."""


_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])")


@functools.lru_cache(maxsize=16_384)
def times(item: str) -> tuple[datetime, ...]:
    """Every time of an item: its timestamps, and a clock time it names ("lock held since 13:55")
    on the day of its first timestamp; none for an item with no timestamp."""
    text = canonical(item)
    stamp = _STAMP.search(text)
    if stamp is None:
        return ()
    day = datetime.fromisoformat(stamp.group(1))
    return tuple(day.replace(hour=int(h), minute=int(m), second=int(sec or 0))
                 for h, m, sec in _CLOCK.findall(text) if int(h) < 24 and int(m) < 60)


def _numeral(duration: str) -> str:
    """``duration`` with an English or Chinese number word in digits ("three minutes" → "3 minutes",
    "两分钟" → "2 分钟")."""
    def digits(m: re.Match[str]) -> str:
        value = units.number_value(m.group(0))
        return m.group(0) if value is None else str(value)
    return re.sub(r"(?i)(?<![\w-])[a-z]+(?:-[a-z]+)?(?![\w-])|^[零〇一二两三四五六七八九十百]+(?=\s?[\u4e00-\u9fff])",
                  lambda m: f"{digits(m)} " if m.group(0)[0] >= "\u4e00" and digits(m) != m.group(0) else digits(m),
                  duration)


_PARTS = (("h", 3600.0, r"hours?|hrs?|h|个?小时"), ("m", 60.0, r"minutes?|mins?|m|分钟|分"),
          ("s", 1.0, r"seconds?|secs?|s|秒钟?"))
_COMPOUND = re.compile(rf"(?i)(?<![\w.:])(?:(?P<hedge>{units.HEDGE_WORDS})\s?)?"
                       + "".join(rf"(?:(?P<{k}>\d+)\s?(?:{u})(?![A-Za-z_])\s?(?:and\s)?)?" for k, _, u in _PARTS))
"""A duration in two or three parts, largest first ("8 min 13 s", "1 h 5 min", "5 分 47 秒", written
close as "13m25s", "1h5m"): one value, the sum of its parts, exact to its smallest part (``分`` or
``m`` alone is no unit: next to another part it is minutes)."""


_HALF = re.compile(rf"(?i)(?<![A-Za-z0-9_.:])(?:(?P<hedge>{units.HEDGE_WORDS})\s?)?"
                   r"(?P<n>\d+|[a-z]+(?:-[a-z]+)?|[零〇一二两三四五六七八九十]+)\s?(?:and\s+a\s+half\s+(?P<en>hours?|hrs?|minutes?|mins?|seconds?|secs?)(?![A-Za-z0-9_])"
                   r"|(?P<zh>小时|分|秒)半钟?|个半(?P<zh2>小时|钟头))")
"""A duration of a whole number and a half of its unit ("four and a half minutes", "6 分半", "两个半小时"):
two parts, the second half the unit."""
_HALF_UNIT = {"h": 3600.0, "小": 3600.0, "钟": 3600.0, "m": 60.0, "分": 60.0, "s": 1.0, "秒": 1.0}


@functools.lru_cache(maxsize=16_384)
def _half(duration: str) -> tuple[float, float, bool] | None:
    """(seconds, half the unit's seconds, hedged) of a duration of a number and a half; None for any other."""
    m = _HALF.fullmatch(canonical(duration).strip())
    n = None if m is None else int(m.group("n")) if m.group("n").isdigit() else units.number_value(m.group("n"))
    if m is None or n is None:
        return None
    unit = _HALF_UNIT[(m.group("en") or m.group("zh") or m.group("zh2"))[0].lower()]
    return (n + 0.5) * unit, unit / 2, m.group("hedge") is not None


def _compound(duration: str) -> tuple[float, float, bool] | None:
    """(seconds, the smallest part's seconds, hedged) of a duration in parts (a number and a half
    of its unit is two: ``_half``); None for any other."""
    m = _COMPOUND.fullmatch(canonical(duration).strip())
    if m is None or sum(m.group(k) is not None for k, _, _ in _PARTS) < 2:
        return _half(duration)
    parts = [(int(m.group(k)), f) for k, f, _ in _PARTS if m.group(k) is not None]
    return sum(n * f for n, f in parts), parts[-1][1], m.group("hedge") is not None


def durations(line: str, tokens: Iterable[str]) -> list[str]:
    """The durations ``line`` gives, as written: each duration in parts whole ("8 min 13 s", "four
    and a half minutes"), and
    each of ``tokens`` (its durations as single tokens: "about 16 minutes") not part of one."""
    whole = [m.group(0).strip() for pat in (_COMPOUND, _HALF) for m in pat.finditer(canonical(line))
             if _compound(m.group(0))]
    return [*whole, *(t for t in tokens if not any(t in piece for piece in whole))]


def seconds(duration: str) -> float | None:
    """The duration ``duration`` (prepared, hedged or not, its number in digits or in words:
    ``three minutes``; or in parts, ``8 min 13 s``) in seconds; None when it is no duration."""
    parts = _compound(duration)
    return parts[0] if parts else units.seconds(_numeral(duration))


@functools.lru_cache(maxsize=4096)
def bound(duration: str, line: str) -> str | None:
    """"at most" or "at least" where ``line`` bounds ``duration`` ("less than three minutes",
    "超过 40 分钟"), else None."""
    for pat, kind in _BOUNDS:
        if re.search(rf"(?i)(?:{pat})\s*{re.escape(duration)}", canonical(line)):
            return kind
    return None


def _gives(duration: str, interval: float, kind: str | None) -> bool:
    written = seconds(duration) or 0.0
    if kind == "at most":
        return 0 < interval <= written
    if kind == "at least":
        return interval >= written
    parts = _compound(duration)
    if parts:  # exact to its smallest part; after a hedge, within one of it
        return abs(interval - written) < parts[1] * (1.0 if parts[2] else 0.5)
    return bool(units.spans(_numeral(duration), interval))


def gives(duration: str, interval: float) -> bool:
    """Whether ``duration`` (prepared) reads as ``interval`` seconds: exactly without a hedge (to its
    smallest part, "8 min 13 s"), within its rounding after one ("roughly 18.5 minutes", "约 25 分钟")."""
    return _gives(duration, interval, None)


def _to_minute(stamps: Sequence[datetime], clocks: set[tuple[int, int]]) -> list[datetime]:
    """The times of ``stamps`` a line writes to the minute (``clocks``), taken to that minute."""
    return sorted({t.replace(second=0) for t in stamps if (t.hour, t.minute) in clocks})


def worked_out(duration: str, items: Iterable[str], line: str = "", since: Iterable[str] | None = None) -> bool:
    """Whether ``duration`` (prepared) is the interval between two times of ``items``: within its
    rounding after a hedge ("about 16 minutes" between 14:02:10 and 14:18:05), exactly without one
    (``units.spans``), the times taken to the second, or to the minute where ``line`` writes them so
    (``from 04:00 until … 04:21`` is 21 minutes, though 04:21:45 is 21 min 45 s after 04:00:00).
    ``since``: the items of the event a line puts first ("2 min 40 s after it fired", "重启后约 1 分
    22 秒，…"): the interval is then from a time of one of them to a later time of ``items``."""
    written = seconds(duration)
    kind = bound(duration, line)
    if not written:
        return False  # no duration (or none at all: an interval is between two times)
    exact = sorted({t for item in items for t in times(item)})
    clocks = {(int(h), int(m)) for h, m, _ in _CLOCK.findall(canonical(line))}
    if since is not None:
        starts = sorted({t for item in since for t in times(item)})
        return any(_gives(duration, (b - a) / timedelta(seconds=1), kind)
                   for minute in (False, True)
                   for a in (_to_minute(starts, clocks) if minute else starts)
                   for b in (_to_minute(exact, clocks) if minute else exact) if b > a)
    for stamps in (exact, _to_minute(exact, clocks)):
        found = [(t - stamps[0]) / timedelta(seconds=1) for t in stamps]
        for i, a in enumerate(found):  # a rounding keeps the leading digit: the interval is within 0.4 to 1.6 of it
            lo, hi = bisect.bisect_left(found, a + 0.4 * written, i + 1), bisect.bisect_right(found, a + 1.6 * written)
            if kind == "at most":
                lo = i + 1
            elif kind == "at least":
                hi = len(found)
            if any(_gives(duration, b - a, kind) for b in found[lo:hi]):
                return True
    return False
