"""A thing said to go on where its line says it ended, or to have ended where its line says it went on.

"重启后 order-svc-5d8-k2 仍有 READONLY 报错" holds every token of "重启后连接到 rds-02，READONLY 报错
归零": only the word saying the errors went on (仍有) is new, and it says the opposite of the line,
which reports them ended. Both are closed classes of grammar: words of going on (still, stays, 仍, 仍有,
依然, 依旧, 还在, 维持) and words of an end (no longer, stopped, ceased, cleared, ended, went away, dropped to 0;
结束, 归零, 清零, 消失, 停止, 不再; and of a thing taken out of what it was in: removed, taken out, 摘除,
移除, 移出, 剔除: "ch-02 仍在写入目标中" of "把 ch-02 从写入目标中摘除"). A line that says a thing
goes on, and says no end, is set against an item that says the thing ended (the item's clause with
the end word shares a token or a word with the line's clause of going on) and says nothing goes
on: it tells the other way round. The same holds turned round: "ntp-c stopped advertising stratum
1" of "chronyd on ntp-c kept advertising stratum 1", "zk-01 停止提供服务" of "zk-01 继续提供服务" say
ended what the line says went on (kept, continued, remained; 继续, 保持)."""

from __future__ import annotations

import re

from app.domain import alignment, specific, units
from app.domain.text import canonical

_GOES_ON = re.compile(r"(?i)\bstill\b|\b(?:kept|keeps|continued|continues|remained|remains|stays|stayed)\b"
                      r"|仍然|仍有|仍在|仍|依然|依旧|还在|继续|保持|维持")
_ENDED = re.compile(r"(?i)\bno\s+longer\b|\bstopped\b|\bceased\b|\bcleared\b|\bwent\s+away\b|"
                    r"\b(?:dropped|fell|went|back)\s+(?:down\s+)?to\s+(?:0|zero)\b|\bended\b|归零|清零|消失|停止|不再|结束"
                    r"|\bremoved\b|\btaken\s+out\b|摘除|移除|移出|剔除")
_CLAUSE = re.compile(r"[,;，；。:：()（）]")


def _keys(text: str) -> set[str]:
    return {w.key for w in alignment.words(text) if not alignment.filler(w, None)}


def ends_what_goes_on(line: str, item: str) -> bool:
    """Whether ``line`` says a thing goes on that ``item`` says ended, or says it ended where
    ``item`` says it went on (see the module)."""
    return _told_otherwise(line, item, _GOES_ON, _ENDED) or _told_otherwise(line, item, _ENDED, _GOES_ON)


_SEGMENT = re.compile(r"[,;，；。]")
_STOPPED = re.compile(r"(?i)\bno\s+longer\b|\bstopped\b|\bceased\b|\bwent\s+away\b|不再|停止")
"""Words of a thing that stopped happening (not of one taken out of a set: "removed the rule" is a
change, which a count of changed resources does not deny)."""


def ended_where_counted(line: str, item: str) -> bool:
    """Whether ``line`` says a thing ended (no longer, stopped; 不再, 停止) where ``item``, saying
    no end, counts it at more than none in the stretch naming it ("下单接口 5 分钟内超时（504）41
    次" of "已不再超时"; "41 timeouts in 5 min" of "no longer timed out"): the item tells it happening,
    and no line tells the end the line adds."""
    flat, held = canonical(line), canonical(item)
    said = _STOPPED.search(flat)
    if said is None or _GOES_ON.search(flat) or _ENDED.search(held):
        return False
    thing = _keys(_CLAUSE.split(flat[:said.start()])[-1] + " " + _CLAUSE.split(flat[said.end():])[0])
    return any(thing & _keys(seg) and _counted(seg) for seg in _SEGMENT.split(held))


def _counted(seg: str) -> bool:
    """Whether ``seg`` writes a count above none: a number that is no time, date or duration."""
    return any(t[:1].isdigit() and units.dimension(t) is None and not _STAMP.search(t)
               and any(ch in "123456789" for ch in t) for t in specific.specific_tokens(seg))


_STAMP = re.compile(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}")


def _told_otherwise(line: str, item: str, mine: re.Pattern[str], theirs: re.Pattern[str]) -> bool:
    """Whether ``line`` says ``mine`` (going on, or an end) of a thing, and not ``theirs``, where
    ``item`` says ``theirs`` of it (in a clause sharing a word with the line's) and never ``mine``."""
    flat, held = canonical(line), canonical(item)
    said = mine.search(flat)
    if said is None or theirs.search(flat) or mine.search(held):
        return False
    thing = _keys(_CLAUSE.split(flat[:said.start()])[-1] + " " + _CLAUSE.split(flat[said.end():])[0])
    return any(theirs.search(c) and thing & _keys(c) for c in _CLAUSE.split(held))
