"""A count the line proves itself: "two addresses, 10.4.2.17 and fd00::17".

A number that no evidence holds names a value the line made up, unless the line counts what it
lists: a count followed (after at most ``MAX_BETWEEN`` words: "two separate problems") by a colon
or a comma and a list of exactly that many members, joined by commas and a last "and" (``、``,
``，``, ``和`` in Chinese), says nothing the list does not. Each member is then judged as any part
of the line is; the count is the line's own arithmetic.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from app.domain import units

MAX_BETWEEN = 3
"""At most this many words between a count and its list ("three problems", "two separate problems")."""
_LEAD = re.compile(rf"\s*(?:[^\W\d_][\w'-]*\s*){{1,{MAX_BETWEEN}}}[,:：，]\s*")
_JOINT = re.compile(r"\s*(?:,\s*(?:and|or)\s+|,|\s(?:and|or)\s|、|，|和|及|以及)\s*")
_END = re.compile(r"[.;。；!?！？]\s|[.;。；]$")


def _members(rest: str) -> int:
    """How many members the list ``rest`` holds: joints outside brackets, up to the sentence's end."""
    end = _END.search(rest)
    rest = rest[:end.start()] if end else rest
    depth, flat = 0, []
    for ch in rest:
        depth += ch in "([{（" and 1 or 0
        depth -= ch in ")]}）" and 1 or 0
        flat.append(ch if depth == 0 else "x")
    return len([p for p in _JOINT.split("".join(flat)) if p.strip()])


def counts_its_list(text: str, start: int, end: int) -> bool:
    """Whether the number ``text[start:end]`` counts the list that follows it in ``text``."""
    n = units.number_value(text[start:end])
    if n is None and text[start:end].isdigit():
        n = int(text[start:end])
    if n is None or n < 2:
        return False
    lead = _LEAD.match(text, end)
    return lead is not None and _members(text[lead.end():]) == n


def lead_in(line: str) -> str | None:
    """The words that introduce a list the line counts ("orders-db had two separate problems" of
    "orders-db had two separate problems: A and B"), up to the count's noun; None without one."""
    for m in re.finditer(r"[^\W_]+", line):
        if counts_its_list(line, m.start(), m.end()):
            lead = _LEAD.match(line, m.end())
            return line[:lead.end()].rstrip(" ,:：，") if lead else None
    return None


_MEMBER = r"[A-Za-z0-9][A-Za-z0-9_.:/-]*(?![A-Za-z0-9_.:/-])"
_AFTER = re.compile(
    rf"(?<![A-Za-z0-9_.:/-])(?P<list>{_MEMBER}(?:\s*(?:、|和|及)\s*{_MEMBER})+)\s*"
    r"(?P<count>\d+|[一二两三四五六七八九十]+)(?P<measure>\s?[\u4e00-\u9fff])?(?![A-Za-z0-9_.:/-])")
"""A count right after a Chinese list of names, with its measure word: "sda、sdb、sdd 三块盘". Only
a list its joints tell (、, 和): an English comma may as well close a phrase before the list ("On
db-3, sda, sdb and sdd, four disks" lists three)."""


_EVENTS = frozenset("次遍回趟下番")
"""The measure words of events (how often, not how many), a closed class."""


def _counted_after(line: str) -> list[tuple[int, int]]:
    out = [m.span("count") for m, _, _ in _counts_of_times(line)]  # "twice, at 10:41:17 and 10:49:52"
    for m in _AFTER.finditer(line):
        written = m.group("count")
        n = int(written) if written.isdigit() else units.number_value(written)
        if units.UNIT_AFTER.match(line, m.end("count")) is not None:
            continue  # "a1, a2 2 min": a quantity, not a count of the names
        if (m.group("measure") or "").strip() in _EVENTS:
            continue  # "a1、a2 2 次": how often, not how many names
        if n is not None and n >= 2 and _members(m.group("list")) == n:
            out.append((m.start("count"), m.end("measure") if m.group("measure") else m.end("count")))
    return sorted(out)


def counts_after(line: str) -> list[str]:
    """The counts ``line`` writes right after a list of exactly that many names ("sda、sdb、sdd 三块盘":
    ``三块``), each with its measure word: the line's own arithmetic, saying nothing the names do
    not; a count of another size ("sda、sdb、sdd 四块盘") is a value, and stays."""
    return [line[a:b] for a, b in _counted_after(line)]


def without_counts_after(line: str) -> str:
    """``line`` without the counts it writes after the lists they count (``counts_after``)."""
    for a, b in reversed(_counted_after(line)):
        line = line[:a] + " " + line[b:]
    return line


_TIME = r"\d{1,2}:\d{2}(?::\d{2})?"
_EN_TIMES = re.compile(
    rf"(?i)\s+(?P<count>twice|thrice|[a-z0-9]+\s+times)\s*[,:(（]\s*(?:at\s+)?"
    rf"(?P<list>{_TIME}(?:\s*,\s*(?:at\s+)?{_TIME})*\s*,?\s+and\s+(?:at\s+)?{_TIME})\s*[)）]?")
_ZH_LIST = rf"(?P<list>{_TIME}(?:\s*(?:、|和|及|与)\s*{_TIME})+)"
_ZH_COUNT = r"(?P<count>(?:\d+|[一二两三四五六七八九十]+)\s*次)"
_ZH_TIMES = (re.compile(rf"{_ZH_LIST}\s*{_ZH_COUNT}"),
             re.compile(rf"{_ZH_COUNT}\s*[，,：:（(]\s*(?:在\s*)?{_ZH_LIST}\s*[)）]?"))
_REPEATED = {"twice": 2, "thrice": 3}
"""The adverbs of repetition: how many times an event happened. A count of events with the list of
their times: English after the event ("twice, at A and B", "two times (A and B)"); Chinese before
the event ("A 和 B 两次被 OOMKilled") or after it ("被 OOMKilled 两次（A 和 B）")."""


def each_time(line: str) -> list[str] | None:
    """``line`` read once at each time of a list its count of events counts: "prom-0 was OOMKilled
    twice, at 10:41:17 and 10:49:52" is "prom-0 was OOMKilled at 10:41:17" and "… at 10:49:52";
    "prom-0 在 10:41:17 和 10:49:52 两次被 OOMKilled" is "prom-0 在 10:41:17 被 OOMKilled" and "…
    10:49:52 …". The count, as many events as distinct times, says nothing the readings do not; each
    reading carries the event, so a time of another event is judged with it. None when the line has
    no such count, or one of another size (judged as written)."""
    return next(([f"{head}{t}{tail}" for t in re.findall(_TIME, m.group("list"))]
                 for m, head, tail in _counts_of_times(line)), None)


_EN_AT = re.compile(rf"(?i)\b(?:at|on)\s+(?P<list>{_TIME}(?:\s*,\s*(?:at\s+)?{_TIME})*\s*,?\s+and\s+(?:at\s+)?{_TIME})"
                    rf"(?![\d:])")
_ZH_AT = re.compile(rf"[在于]\s*{_ZH_LIST}(?![\d:])")
_RESPECTIVELY = re.compile(r"(?i)\brespectively\b|分别|各自")
"""A list of times a preposition of time dates one clause by ("prom-0 was OOMKilled at 10:41:17 and
10:49:52", "在 10:41:17 和 10:49:52 被 OOMKilled"), with no count of events; not one a word of
respectiveness pairs with a list of names ("lb-01 and lb-02 … at A and B respectively")."""


def at_each_time(line: str) -> list[str] | None:
    """``line`` read once at each time of a list of distinct times it dates one clause by, counted
    (``each_time``) or not ("prom-0 was OOMKilled at 10:41:17 and 11:04:30" is "prom-0 was
    OOMKilled at 10:41:17" and "… at 11:04:30"; "在 10:41:17 和 11:04:30 被 OOMKilled" likewise): a
    time in a clause dates the clause's event, so each time must be one the item of that event gives.
    None when the line has no such list."""
    counted = each_time(line)
    if counted is not None or _RESPECTIVELY.search(line):
        return counted
    for m in (m for pattern in (_EN_AT, _ZH_AT) for m in pattern.finditer(line)):
        times = re.findall(_TIME, m.group("list"))
        if len(times) == 2 and re.search(r",\s*and\b", m.group("list")):
            continue  # "evicted X at A, and at B it was rescheduled": a clause of its own
        if len(times) == len(set(times)) and _listed_before(line[:m.start()]) != len(times):
            return [f"{line[:m.start('list')]}{t}{line[m.end('list'):]}" for t in times]
    return None


_SENTENCE_END = re.compile(r"[.;!?]\s|[。；！？]")
_AND = re.compile(r"(?i)\band\b|以及|和|与|及|、")


def _listed_before(head: str) -> int:
    """How many members the list its sentence gives before a list of times holds, 1 with none: as
    many as the times, it pairs with them one by one ("PR #4471 was merged and applied on …, at A
    and B": merged at A, applied at B; "A 和 B 在 T1 和 T2 重启")."""
    head = _SENTENCE_END.split(head)[-1]
    joints = _AND.findall(head)
    if not joints:
        return 1
    last = max(m.start() for m in _AND.finditer(head))
    return 1 + len(joints) + head[:last].count(", ")


def _counts_of_times(line: str) -> Iterator[tuple[re.Match[str], str, str]]:
    """Each count of events in ``line`` with the list of exactly that many distinct times, and the
    text the reading of one time puts before and after it ("… at " and the rest of the sentence)."""
    for m, head, tail in _count_of_times(line):
        times = re.findall(_TIME, m.group("list"))
        written = m.group("count").lower().removesuffix("次").split()[0]
        n = _REPEATED.get(written) or units.number_value(written) or (int(written) if written.isdigit() else None)
        if n == len(times) == len(set(times)):
            yield m, head, tail


def _count_of_times(line: str) -> Iterator[tuple[re.Match[str], str, str]]:
    """Each count of events with its list of times in ``line``, and the text the reading of one time
    puts before and after it ("… at " and the rest of the sentence)."""
    for m in _EN_TIMES.finditer(line):
        yield m, f"{line[:m.start()]} at ", line[m.end():]
    for m in (m for pattern in _ZH_TIMES for m in pattern.finditer(line)):
        yield m, f"{line[:m.start()]} ", f" {line[m.end():]}"
