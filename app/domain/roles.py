"""Roles: a number a line gives in one role (the measured value, the threshold, the target, the
baseline, the peak, an average, a percentile) where its item gives that role another number.

One log line often gives a thing several numbers, each in a role its word names: "CPU 91% (target
60%)", "count 57 > threshold 20", "p50 38 ms, p99 210 ms", "210 ms (baseline 38 ms)". A line that
keeps the numbers and moves one to another role ("the CPU target was 91%", "the threshold is 57",
"latency was 38 ms") holds every token of its item; only the roles tell it. The roles are a closed
class (``ROLES``), in English and Chinese (阈值, 上限, 目标, 基线, 峰值, 平均, 当前).

A role word binds the number nearest it in its clause (``_GAP`` characters at most; on a tie the one
after it: "target 60%"). Two ways a line gives a value another role:

- it binds a number to a role its item binds to other numbers only, and to none its item binds it
  to ("target 91%" of "91% (target 60%)"; "p99 rose from 38 ms" of "p99 210 ms (baseline 38 ms)"
  gives the 38 its baseline);
- it gives, as the measured value (with no role, or "current"), a number its item gives only as a
  reference (a threshold, a limit, a target, a baseline): "the age is 200 million" of "age 150
  million, threshold 200 million". A number right after a comparison ("over 20", "超过 20") or a
  change's start ("from 38 ms", "从 38 ms") is given as what the measured value is held against.

A role word written before a change of one quantity ("p95 由 180 ms 升至 640 ms", "p99 rose from 38 ms
to 210 ms", "threshold 90.0 -> 85.0") names the quantity both ends measure: the end takes the roles the
start is bound to by a word before the change, where no role word binds it (``ends``); a word after the
change's opening ("from the baseline 38 ms to 210 ms") is the start's alone. A line giving the end
those roles and no other restates it; one adding another ("p95 基线为 640 ms") is judged as before."""

from __future__ import annotations

import functools
import re

_EN = r"(?<![A-Za-z0-9_-])(?:{})(?![A-Za-z0-9_-])"

ROLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("current", r"current|currently|measured|actual|observed|now", ("当前", "目前", "实际", "实测", "现为", "现在")),
    ("threshold", r"thresholds?", ("阈值", "门限", "告警线", "触发线")),
    ("limit", r"limits?|cap|capped|ceiling|quota", ("上限", "限额", "配额", "限制为")),
    ("target", r"targets?|targeted|goal|desired|objective|slo", ("目标", "期望值")),
    ("baseline", r"baseline|usual|usually|normal|normally|typical|typically|previous|previously|prior"
                 r"|before(?!\s+\w+ing(?![\w-]))",
                 ("基线", "平时", "通常", "正常值", "此前", "(?<![\u4e00-\u9fff])之前", "原为", "原来")),
    ("dated", r"before(?=\s+\w+ing(?![\w-]))", ("(?<=[\u4e00-\u9fff])之前",)),
    ("peak", r"peak|peaked|peaking|highest", ("峰值", "最高")),
    ("average", r"average|averaged|averaging|avg|mean", ("平均", "均值")),
    ("median", r"median|p50", ("中位数", "p50")),
    ("p90", r"p90", ("p90",)),
    ("p95", r"p95", ("p95",)),
    ("p99", r"p99", ("p99",)),
    ("p999", r"p99\.9|p999", ("p99.9", "p999")),
)
"""The roles a number takes on a line: one closed class, each role an English pattern and Chinese
words. "before" and 之前 that date an event ("ran for 1800021 ms before timing out", "超时之前运行了
1800 秒": a gerund after it, a Chinese word right before it) say when the value ended (``dated``),
not that it is a baseline: no reference a measured value is held against."""

REFERENCE = frozenset({"threshold", "limit", "target", "baseline"})
"""The roles of a value a measured one is held against: none of them is the measured value."""

_PATTERNS = tuple((name, re.compile(_EN.format(en) + "|" + "|".join(zh))) for name, en, zh in ROLES)
_CLAUSE = re.compile(r"[;；。，()（）\[\]]|,(?!\d{3})")
_NUMBER = re.compile(r"(?<![\w.:/-])\d+(?:,\d{3})*(?:\.\d+)?(?![\d:/-]|[.,]\d)")
_COMPARED = re.compile(r"(?:(?<![A-Za-z])(?:over|above|exceed\w*|beyond|below|under|past|crossed|crossing|than|vs"
                       r"|versus|against|from)|[<>≥≤]|从|超过|超出|高于|低于|大于|小于|突破)\s*(?:the|its|a|an|of)?\s*$")
_GAP = 20
"""The most characters between a role word and the number it binds."""

_NUM = r"\d+(?:,\d{3})*(?:\.\d+)?"
_CHANGE = re.compile(rf"(?P<a>{_NUM})\s*(?:[a-zµ%]+\s*)?"
                     rf"(?:(?<=\s)to(?=\s)|->|→|[\u4e00-\u9fff]{{0,3}}?(?:到|至|为|成)了?)\s*(?P<b>{_NUM})(?![\d.])")
"""A change of one quantity between two numbers: "A to B", "A -> B", "A 升至 B" (a unit after A)."""
_OPEN = re.compile(r"(?<![a-z])from(?![a-z])|由|从")
"""The word opening a change ("from A to B", "由 A 升至 B"): a role word after it is the start's."""

Bound = tuple[tuple[str, frozenset[str], bool], ...]


@functools.lru_cache(maxsize=16_384)
def bound(text: str) -> Bound:
    """``(number, roles, compared)`` for each number of ``text``: the roles bound to it and whether a
    comparison comes right before it."""
    out = []
    for clause in _CLAUSE.split(text.casefold()):
        nums = [(m.start(), m.end(), m.group().replace(",", "")) for m in _NUMBER.finditer(clause)]
        roles: list[set[str]] = [set() for _ in nums]
        for name, pat in _PATTERNS:
            for m in pat.finditer(clause):
                gaps = [(max(s - m.end(), m.start() - e), s < m.start(), k) for k, (s, e, _) in enumerate(nums)]
                near = [g for g in gaps if 0 <= g[0] <= _GAP]
                if near:
                    roles[min(near)[2]].add(name)
        out += [(v, frozenset(r), bool(_COMPARED.search(clause[:s]))) for (s, _, v), r in zip(nums, roles, strict=True)]
    return tuple(out)


@functools.lru_cache(maxsize=16_384)
def ends(text: str) -> dict[str, frozenset[str]]:
    """The roles each change's end in ``text`` takes from its start: those a word written before the
    change binds to the start, for an end no role word binds (see the module)."""
    out: dict[str, frozenset[str]] = {}
    for clause in _CLAUSE.split(text.casefold()):
        nums = [(m.start(), m.end(), m.group().replace(",", "")) for m in _NUMBER.finditer(clause)]
        told = dict(zip([n[0] for n in nums], (r for _, r, _ in bound(clause)), strict=True))
        for m in _CHANGE.finditer(clause):
            a, b = told.get(m.start("a")), told.get(m.start("b"))
            if not a or b is None or b:
                continue
            after = max((e for _, e, _ in nums if e <= m.start("a")), default=0)  # the number before the start
            opens = list(_OPEN.finditer(clause, after, m.start("a")))
            opened = opens[-1].start() if opens else m.start("a")
            carried = frozenset(r for r in a if _bound_before(clause, r, opened))
            if carried:
                out[m.group("b").replace(",", "")] = out.get(m.group("b").replace(",", ""), frozenset()) | carried
    return out


def _bound_before(clause: str, role: str, opened: int) -> bool:
    """Whether a word of ``role`` ends before ``opened`` in ``clause`` (within ``_GAP`` of it)."""
    pat = dict(_PATTERNS)[role]
    return any(m.end() <= opened and opened - m.end() <= _GAP for m in pat.finditer(clause))


def other_role(line: str, item: str) -> str | None:
    """The number ``line`` gives in a role ``item`` gives another number, or gives as measured
    where ``item`` gives it only as a reference (see the module); None when there is none."""
    theirs, carried = bound(item), ends(item)
    by_role: dict[str, set[str]] = {}
    of_value: dict[str, set[str]] = {}
    for value, roles, _ in theirs:
        for r in roles or {""}:
            by_role.setdefault(r, set()).add(value)
            of_value.setdefault(value, set()).add(r)
    for value, roles, compared in bound(line):
        if value not in of_value or roles & of_value[value] or roles and roles <= carried.get(value, frozenset()):
            continue  # a number of no item's, or told in a role its item gives it (at a change's end, in no other)
        if any(by_role.get(r) and value not in by_role[r] for r in roles):
            return value
        if roles <= {"current"} and not compared and of_value[value] <= REFERENCE:
            return value
    return None
