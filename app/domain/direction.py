"""A change the right way round: a line that tells a change between two values must give them in
the order its evidence line does.

"05:10 集群由 red 变为 green" holds every token of "05:10 es-prod 集群状态由 green 变为 red": only the
order of the two states is new, and it turns the change round (a recovery read where the line
reports a failure). A change is written with a closed class of markers: "from A to B", "A -> B",
"A → B", "由/从 A 变为/变成/转为/改为/切换到/调到/升至/降至 B", "A 变为 B". Each side is one token (a state, a
value, a name; in Chinese, a number and the words around it are one too: 每 15 分钟一次, read both
as written and with those spaces closed, so "从 4 个副本扩到 12 个" still has the sides 4 and 12). A line
whose change is ``(a, b)`` against an item telling ``(b, a)`` and never ``(a, b)`` gives the
change the other way round; a change its item does not tell is judged by the other rules.

A move of a thing out of a set and one back into it are the same words but for the direction
("taking lb-01 out of the DNS round robin", "put lb-01 back in the DNS round robin"): words of
going out (out of, removed, taken out; 移出, 摘除, 剔除) and of going in (back in, back into,
re-added, added back; 加入, 加回, 放回) are closed classes. A line moving one way only is not the
item moving the other way only (``opposite_move``). A move told by its end alone ("switched … back
to A", "切回 A") is not the item's move of the thing away from A to another place (``moved_from``)."""

from __future__ import annotations

import functools
import re

from app.domain import units
from app.domain.text import canonical

_SIDE = r"([^\s,;，；。()（）→]+?)"
_CHANGES = (
    re.compile(rf"(?i)\bfrom\s+{_SIDE}\s+(?:back\s+)?to\s+{_SIDE}(?=[\s,;，；。()（）]|$)"),
    re.compile(rf"{_SIDE}\s*(?:->|→|=>)\s*{_SIDE}(?=[\s,;，；。()（）]|$)"),
    re.compile(rf"(?:由|从)?\s*{_SIDE}\s*(?:变为|变成|转为|改为|切换到|切换为|切到|变到|调到|调为|调整为|升到|升至|降到|降至|增至|减至)了?\s*{_SIDE}(?=[\s,;，；。()（）]|$)"),
    re.compile(rf"(?:由|从)\s*{_SIDE}\s*[\u4e00-\u9fff]{{0,3}}?(?:到|至|为|成)了?\s*{_SIDE}(?=[\s,;，；。()（）]|$)"),
)
"""The last: 由/从 A, any verb of up to three characters ending in 到/至/为/成, B ("由 9 扩到 20",
"从 3 缩容到 1"): opened by 由/从, the change is the two sides whatever the verb. A verb may take
the perfective 了 ("从 1800 秒改成了 600 秒"): the change is the same."""


_CJK_GAP = re.compile(r"(?<=[\u4e00-\u9fff\d])\s+(?=[\u4e00-\u9fff\d])")
"""A space between a number and a Chinese word, or two Chinese words: one side ("每 15 分钟一次" is
the side 每15分钟一次 of "由每小时一次改为每 15 分钟一次")."""

_UNIT_GAP = re.compile(r"(?<=\d) (?P<unit>[A-Za-zµ%]+)(?![\w-])")
"""A space between a number and its unit word: one side ("900 s -> 300 s" is 900s -> 300s)."""


def _closed(m: re.Match[str]) -> str:
    return m.group("unit") if m.group("unit") in units.UNITS or m.group("unit").lower() in units.UNITS else m.group(0)


def changes(text: str) -> set[tuple[str, str]]:
    """The ``(before, after)`` pairs of each change ``text`` tells, lower-cased; a side that is
    the same on both ends is no change."""
    written = canonical(text)
    out = set()
    for flat in {written, _CJK_GAP.sub("", written), _UNIT_GAP.sub(_closed, written)}:
        for pattern in _CHANGES:
            for m in pattern.finditer(flat):
                a, b = (m.group(1).strip("由从 ").lower(), m.group(2).lower())
                if a and b and a != b:
                    out.add((a, b))
    return out


def reversed_change(line: str, item: str) -> tuple[str, str] | None:
    """The change ``line`` tells that ``item`` tells the other way round and never this way; None
    when there is none. An item telling a value and the one before it in words ("mode STRICT; previous
    mode PERMISSIVE", "改为 v16（原为 v15）") tells the change from that former value: a line whose
    change ends at the former value, from another value the item writes, turns it round."""
    theirs = changes(item)
    former = _former(item)
    words = set(_WORD.findall(canonical(item).lower())) - former
    return next(((a, b) for a, b in changes(line) if (b, a) in theirs and (a, b) not in theirs
                 or b in former and a in words and (a, b) not in theirs), None)


_FORMER = re.compile(r"(?i)\bprevious(?:ly)?\b|\bformerly\b|原为|原来为|原来是|此前为|之前为|先前为")
"""Words setting a value as the one before the change its line tells."""
_WORD = re.compile(r"[^\s,;，；。:：()（）=]+")


def _former(item: str) -> set[str]:
    """The values ``item`` writes as the ones before its change: the first three words after a
    word of the former value ("previous mode PERMISSIVE": mode, permissive), lower-cased."""
    flat = canonical(item).lower()
    return {w for m in _FORMER.finditer(flat) for w in _WORD.findall(flat[m.end():])[:3]}


_OUT = re.compile(r"(?i)\bout\s+of\b|\bremov(?:e|ed|es|ing|al)\b|\btak(?:e|es|en|ing)\s+(?:\S+\s+){0,3}?out\b|"
                  r"移出|摘除|剔除|移除")
_IN = re.compile(r"(?i)\bback\s+in(?:to)?\b|\bre-?added\b|\badded\s+(?:\S+\s+){0,3}?back\b|"
                 r"\bput\s+(?:\S+\s+){0,4}?back\b|加入|加回|放回")


def _move(text: str) -> str | None:
    """"out" or "in" for a text moving a thing one way only (see the module); else None."""
    out, into = _OUT.search(text) is not None, _IN.search(text) is not None
    return "out" if out and not into else "in" if into and not out else None


def opposite_move(line: str, item: str) -> bool:
    """Whether ``line`` moves a thing one way and ``item`` only the other."""
    mine, theirs = _move(canonical(line)), _move(canonical(item))
    return mine is not None and theirs is not None and mine != theirs


_TO = (
    re.compile(rf"(?i)\b(?:back\s+to|(?:switched|shifted|moved|migrated|routed|rerouted|failed\s+over|cut\s+over|"
               rf"rolled\s+back|reverted|returned|redirected|pointed)\s+(?:\S+\s+){{0,5}}?to)\s+{_SIDE}(?=[\s,;，；。()（）]|$)"),
    re.compile(rf"(?:切回|切到|切换到|切换回|迁回|迁到|迁移到|转回|转到|改回|指回|回滚到|回退到|退回到?)\s*{_SIDE}"
               rf"(?=[\s,;，；。()（）]|$)"),
)
"""A move told by its end alone: "switched … back to A", "moved the traffic to A", "切回 A", "迁到 A"."""


@functools.lru_cache(maxsize=8192)
def _ends(text: str) -> frozenset[str]:
    """The ends of the moves ``text`` tells, lower-cased: the sides after "to" and 切到/切回 as well
    as the later side of each change."""
    flat = canonical(text)
    return frozenset({m.group(1).lower() for p in _TO for m in p.finditer(flat)} | {b for _, b in changes(text)})


def moved_from(line: str, item: str) -> str | None:
    """The end ``line`` gives a move that ``item`` gives only as the place a move leaves ("切回
    natgw-01" of "从 natgw-01 切到 natgw-02": the thing is moved back where the item moves it away
    from); None when there is none. A line moving a thing to where its item moves it, or to a place
    its item gives no move of, is judged by the other rules."""
    theirs = _ends(item)
    mine = _ends(line) & {a for a, _ in changes(item)} - theirs if theirs else frozenset()
    return next(iter(sorted(mine)), None)
