"""Cause and effect the right way round: a line joining two facts of one evidence line by a causal
marker must give the cause the evidence gives.

"pod X was OOMKilled because it exited with exit code 137" holds every word of "pod X exited with
exit code 137 (OOMKilled)": only the direction is new, and it is the wrong one. A line that
restates two facts of one source line, joined by a causal marker ("because", "due to", "led
to", "so", "which is why", "导致", "由于", "从而"), is set against that
line: each fact is found where its words are in the line (the last stretch of them not broken by
the other fact's words), and the line says which of the two comes first in cause by what stands
between them:

- a causal marker of its own ("A because B", "A 导致 B"): as the marker says;
- a bracket or a colon ("exit code 137 (OOMKilled)", "CommitFailedException: 正在重平衡"): what
  follows explains what precedes, the later fact is the cause;
- "after" ("marked DOWN after 3 failed health checks"): the later fact is the cause;
- anything else (a comma, "，", "and", nothing): the order of events, the earlier fact is the cause.

A bracket closed before the later fact ("inode 耗尽（IFree 0），rsyslog 报…") is an aside of the earlier
one, not the joint. A line with no causal marker may tell a cause by a resultative verb with an
object ("the errors filled the inodes", "报错写满了 inode"): its agent is the cause.

The writer of a log line (the words before its first colon: ``pagerduty:``) tells who reports, not
a fact: "PagerDuty triggered incident PD-88213" for "pagerduty: incident PD-88213 triggered" is
judged by the other rules (its actor is the line's writer), not read as a cause turned round.

A line whose cause is the source's effect gives the cause the other way round. Where the two facts
cannot both be found in one line, or overlap there, nothing is judged here.
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from app.domain import alignment, specific
from app.domain.text import canonical

Side = Literal["after", "before"]
_NAME = r"(?=[a-z][\w.\-]*[\d_.\-])[a-z][\w.\-]*[a-z\d]"
"""A name by its form, the object of a causative verb ("made cs-01 step down"): a letter first, then a
digit or inner ``-`` ``_`` ``.``; not a count ("made 3 changes") nor a common word ("made a change")."""
_JOINS: list[tuple[re.Pattern[str], Side]] = [
    (re.compile(r"(?i)\b(?:because(?:\s+of)?|due\s+to|owing\s+to|as\s+a\s+result\s+of|caused\s+by|triggered\s+by)\b|"
                r"由于|因为"), "after"),
    (re.compile(r"(?i)\b(?:leads?\s+to|led\s+to|results?\s+in|resulted\s+in|causes|causing|caused|triggered|so|thus|hence|"
                r"therefore|which\s+is\s+why|that\s+is\s+why|(?:made|makes|make)(?=\s+(?:the|its|their|this|these|those|it|them)\s)|"
                rf"(?:made|makes|make)(?=\s+{_NAME}\s+[a-z])|(?:forced|forces|force)(?=\s+(?:\S+\s+){{1,3}}?to\s+[a-z]))\b|"
                r"导致|引起|造成|引发|从而|进而|于是|因此|所以|以致|"
                r"致使|使得|(?<![即假纵大行])使(?![用命者馆])|(?<![转出])让(?![步位出])|(?<![命口指号法禁司])令(?![牌])"
    ), "before"),
]
"""Markers that join two facts as cause and effect, by the side the cause is on ("A because B",
"A led to B", "A, so B"; 使 "makes" as in "A 使 B 出现…", not 使用 "use" nor 即使 "even if"; "made"
before a definite object or a name, the causative "A made the timers expire", "A made cs-01 step down", not
"made a change" nor "made up"; "forced" with its object and "to", "A forced cs-01 to step down"; 令 as
使, not 命令 "command", 口令 "password", 令牌 "token").
A cause noun with a copula ("the cause is X", "原因是X") names a cause
but joins no second fact: not judged here."""
_RESULTATIVE = re.compile(
    r"(?i)\b(?:filled(?:\s+up)?|exhausted|used\s+up|ate\s+up|eaten\s+up|maxed\s+out)\s+"
    r"(?!(?:on|at|in|by|for|to|from|with|within|after|before|since|during|and|or|but|so|then|while)\b)(?=[a-z0-9/])"
    r"|(?![已未不没将快均全都充圆美自饱丰无尚几近较很太最更])[\u4e00-\u9fff](?:满|尽)(?:了|掉)?"
    r"(?=\s*[^\s，,。；;：:（(）)、后时前的了掉])"
    r"|(?![已未不没将快均全都无尚几近较很太最更])[\u4e00-\u9fff](?:光|爆|垮)了(?=\s*[^\s，,。；;：:（(）)、后时前的了掉])")
"""A resultative verb: the agent before it brought what follows to its end ("the errors filled the
inodes", "X exhausted the pool", "报错写满了 inode", "用光了连接"), a cause told by the verb itself.
Read only with an object after it, in its clause (not "inodes exhausted on /var", "inode 耗尽，…",
"was exhausted", nor a time or a modifier: "表满后", "写满时", "写满的"), after an agent of
``_EVENT_WORDS`` content words, and only where no word of cause is in the line."""
_EVENT_WORDS = 2
"""The content words an agent needs to be an event ("the rsyslog errors"), not one name or person."""
_PASSIVE_BE = re.compile(r"(?i)\b(?:was|were|is|are|be|been|being|got|get|gets)\s+$")
"""A copula before the verb: a passive or a state ("was exhausted by"), no agent before it."""
_PASSIVE = re.compile(r"由\s*(?P<cause>[^，,。；;由]{1,30}?)\s*所?(?:引起|导致|造成|引发)")
"""The Chinese passive of a cause, "X 由 Y 引起" (X is caused by Y): the cause is between 由 and the
verb, the effect before 由."""
_EXPLAINS = re.compile(r"[(:：（\[]")
_ASIDE = re.compile(r"[(（\[][^()（）\[\]]*[)）\]]")
"""A bracket closed before the later fact: an aside of the earlier one, no explanation by the later."""
_AFTER = re.compile(r"(?i)\b(?:after|following)\b|之后|以后")
_LEAD = re.compile(r"[,，]")


@functools.lru_cache(maxsize=4096)
def parts(text: str) -> tuple[str, str] | None:
    """(cause, effect) of a line that joins two facts by a causal marker; None when it asserts none
    or one side is empty."""
    passive = _PASSIVE.search(text)
    if passive is not None and text[:passive.start()].strip():
        return passive.group("cause"), text[:passive.start()]
    found = [(m.start(), m.end(), side) for pat, side in _JOINS for m in [pat.search(text)] if m is not None]
    if not found:
        told = next((m for m in _RESULTATIVE.finditer(text) if not _PASSIVE_BE.search(text[:m.start()])
                     and len(_keys(text[:m.start()])) >= _EVENT_WORDS), None)
        found = [(told.start(), told.end(), "before")] if told is not None else []
    if not found:
        return None
    start, end, side = min(found, key=lambda f: (f[0], -f[1]))  # the longer marker where two start: "caused by"
    before, after = text[:start], text[end:]
    if side == "after" and not before.strip():  # "Because X, Y" / "由于X，Y"
        pieces = _LEAD.split(after, maxsplit=1)
        return (pieces[0], pieces[1]) if len(pieces) == 2 and pieces[0].strip() and pieces[1].strip() else None
    cause, effect = (after, before) if side == "after" else (before, after)
    return (cause, effect) if cause.strip() and effect.strip() else None


@functools.lru_cache(maxsize=4096)
def _placed(source: str) -> tuple[tuple[str, int, int, bool], ...]:
    """The words of ``source`` with their offsets: (key, start, end, content)."""
    text = canonical(source).casefold()
    out: list[tuple[str, int, int, bool]] = []
    prev: alignment.Word | None = None
    for m in alignment.WORD.finditer(text):
        pieces = specific.cjk_segments(m.group("cjk")) if m.group("cjk") else [(m.group("tok"), False)]
        at = m.start()
        for piece, _ in pieces:
            w = alignment.Word(piece, bool(m.group("cjk")))
            out.append((w.key, at, at + len(piece), not alignment.filler(w, prev)))
            at, prev = at + len(piece), w
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _sides(line: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The content keys of a line's cause and of its effect, each without the other's."""
    split = parts(line)
    if split is None:
        return None
    cause, effect = (_keys(x) for x in split)
    return frozenset(cause - effect), frozenset(effect - cause)


def _keys(text: str) -> set[str]:
    ws = alignment.words(text)
    return {w.key for i, w in enumerate(ws) if not alignment.filler(w, ws[i - 1] if i else None)}


def _run(mine: set[int], theirs: set[int]) -> tuple[int, int] | None:
    """The last stretch of ``mine`` not broken by a position of ``theirs``: (first, last)."""
    if not mine:
        return None
    last = max(mine)
    first = last
    for p in sorted(mine, reverse=True):
        if any(first > q > p for q in theirs):
            break
        first = p
    return first, last


def source_cause(source: str, a: tuple[int, int], b: tuple[int, int]) -> Literal[0, 1]:
    """Which of two stretches of ``source`` (in order) it gives as the cause: 0 the earlier, 1 the later."""
    placed = _placed(source)
    between = canonical(source).casefold()[placed[a[1]][2]:placed[b[0]][1]]
    if between.strip() == "由" and _PASSIVE.match(canonical(source).casefold(), placed[a[1]][2] + between.index("由")):
        return 1  # "延迟由索引构建引起": the later is the cause
    between = _ASIDE.sub(" ", between)  # "inode 耗尽（IFree 0），rsyslog 报…": the bracket is the first fact's
    for pat, side in _JOINS:
        if pat.search(between):
            return 1 if side == "after" else 0
    return 1 if _EXPLAINS.search(between) or _AFTER.search(between) else 0


_SENTENCE_END = re.compile(r"[。！？]|(?<=[a-z0-9)])[.!?]\s+(?=[A-Z0-9])")
"""Where a source of several sentences (a runbook section) parts: each gives its own causes."""


def reversed_cause(line: str, source: str) -> bool:
    """Whether ``line``, restating ``source``, gives as the cause what ``source`` gives as the effect.
    A source of several sentences is judged by those of its sentences that hold both sides, each
    apart: the effect's words in one step of a runbook and the cause's in a later one are no cause
    given the other way round ("1. 看复制延迟 … 4. 不要启动大型索引构建" against "若延迟由索引构建引起");
    a sentence holding a word or two of each side (a title) tells neither fact; where no sentence
    holds both, the source is judged as a whole ("Disk full. Writes failed.")."""
    sides = _sides(line)
    if sides is None:
        return False
    sentences = [x for x in _SENTENCE_END.split(source) if x.strip()]
    both = [x for x in sentences if _holds(sides, x) and _one_reversed(sides, x) is not None] \
        if len(sentences) > 1 else []
    if both:
        return all(_one_reversed(sides, x) for x in both)
    return bool(_one_reversed(sides, source))  # no sentence holds both: the source as a whole


_SIDE_SHARE = 0.5
"""The share of a side's content words a sentence must hold to tell that fact: a title "ALB 目标不健康
处理手册" holds one word of "ALB 返回的 503" and one of "目标变为 unhealthy", and tells neither."""


def _holds(sides: tuple[frozenset[str], frozenset[str]], sentence: str) -> bool:
    """Whether ``sentence`` holds enough of the words of each side to tell both facts."""
    keys = {k for k, _, _, content in _placed(sentence) if content}
    return all(len(side & keys) >= _SIDE_SHARE * len(side) for side in sides)


def _one_reversed(sides: tuple[frozenset[str], frozenset[str]], source: str) -> bool | None:
    """Whether ``source`` gives the cause of ``sides`` the other way round; None where it does not
    hold both sides apart."""
    cause, effect = sides
    placed = _placed(source)
    at_cause = {i for i, (k, _, _, content) in enumerate(placed) if content and k in cause}
    at_effect = {i for i, (k, _, _, content) in enumerate(placed) if content and k in effect}
    c, e = _run(at_cause, at_effect), _run(at_effect, at_cause)
    if c is None or e is None or not (c[1] < e[0] or e[1] < c[0]):
        return None
    earlier, later = (c, e) if c[1] < e[0] else (e, c)
    if placed[earlier[1]][2] <= alignment.writer_end(source):
        return False  # the writer of the line ("pagerduty: incident … triggered") reports, it is no fact of it
    given = (earlier, later)[source_cause(source, earlier, later)]
    return given != c
