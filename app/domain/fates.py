"""What became of a named thing: an abnormal end said of a name its item gives another predicate.

"rpt-03 的 inode 耗尽，sshd 进程崩溃" holds every token of "rpt-03：/var inode 耗尽（IFree 0），rsyslog 报
No space left on device，sshd 无法创建新会话", and half its words: the line tells what became of sshd
(it crashed), the item tells something else of it (it could not open new sessions). The abnormal
ends of a process or host are a closed class, in either language: crashed, died, hung, froze, was
killed, panicked, segfaulted, dumped core, went down; 崩溃, 挂掉, 宕机, 卡死, 死机, 僵死, 被杀, 闪退.

A clause of a line, denying nothing, that gives such an end to the names its item holds (its
specific tokens other than numbers) is not the
item's where no part of the item naming one of those names (split at its commas and semicolons), nor any
part naming no name at all ("…, kernel panic logged"), tells an end of that class. The item is read
by the stems of the class, loosely ("OOMKilled", "CrashLoopBackOff", "被 timeout 杀掉" give one): an
item telling any end of the kind leaves the choice of word to the other rules (a state another
value of its slot, a denial)."""

from __future__ import annotations

import re

from app.domain import alignment, specific
from app.domain.text import canonical

_END = re.compile(r"(?i)(?<![\w-])(?:crash(?:ed|es)?|died|dies|dead(?![\w-])|hung|hangs|froze|frozen|freezes|"
                  r"killed|panick?(?:ed|s)?|segfault(?:ed|s)?|core\s+dumped|dumped\s+core|went\s+down)(?![\w-])"
                  r"|崩溃|崩掉|崩了|挂掉|挂了|宕机|宕掉|卡死|死机|僵死|被杀|被\s*kill|闪退")
"""An abnormal end said of a thing, as a line tells it (whole words)."""
_KIN = re.compile(r"(?i)crash|\bdie|\bdead|\bhang|\bhung|froze|freez|kill|panic|segfault|core\s*dump|\bdown\b"
                  r"|崩|挂|宕|卡死|死|杀|僵|闪退|终止|oom")
"""An end of the kind, as an item may tell it (in a word of its own: OOMKilled, CrashLoopBackOff)."""
_PART = re.compile(r"[,，;；。]")
_CLAUSE = re.compile(r"(?i)[,，;；。]|\s(?:and|but|while|then)\s|并且|而且")
"""A line's clauses: each gives its end to the names it holds."""


def new_end(line: str, item: str) -> str | None:
    """The name ``line`` gives an abnormal end that ``item`` does not give it (see the module); None
    when there is none."""
    flat = canonical(line)
    if _END.search(flat) is None:
        return None
    parts = [p for p in _PART.split(canonical(item)) if p.strip()]
    if any(_KIN.search(p) and not specific.specific_tokens(p) for p in parts):
        return None  # an end told of no name in its part ("…, kernel panic logged")
    hay = specific.prepared(item)
    for clause in _CLAUSE.split(flat):
        if _END.search(clause) is None or alignment.has_negation(clause):
            continue
        told = {t: [p for p in parts if specific.occurs(t, specific.prepared(p))]
                for t in specific.specific_tokens(clause) if not specific.is_number(t) and specific.occurs(t, hay)}
        if told and not any(_KIN.search(p) for ps in told.values() for p in ps):
            return next(iter(told))
    return None
