"""What became of a named thing: an abnormal end said where the item tells none.

"rpt-03 的 inode 耗尽，sshd 进程崩溃" holds every token of "rpt-03：/var inode 耗尽（IFree 0），rsyslog 报
No space left on device，sshd 无法创建新会话", and half its words: the line tells what became of sshd
(it crashed), the item tells something else of it (it could not open new sessions). The abnormal
ends of a process or host are a closed class, in either language: crashed, died, hung, froze, was
killed, panicked, segfaulted, dumped core, went down; 崩溃, 挂掉, 宕机, 卡死, 死机, 僵死, 被杀, 闪退.

A clause of a line, denying nothing, that gives such an end to a name its item holds (a specific
token other than a number) is not the item's where the item tells no end of the kind at all. The
item is read by the stems of the class, loosely ("OOMKilled", "CrashLoopBackOff", "被 timeout 杀掉"
give one): an item telling any end leaves it to the other rules which thing it befell and in which
word (a state another value of its slot, a value put on another name, a denial). Judged per item,
not per name: "nine containers were killed on dn-07" of "dn-07 … UNHEALTHY …; 9 containers …
killed" names the host where the containers ended."""

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
_CLAUSE = re.compile(r"(?i)[,，;；。]|\s(?:and|but|while|then)\s|并且|而且")
"""A line's clauses: each gives its end to the names it holds."""


def new_end(line: str, item: str) -> str | None:
    """The name ``line`` gives an abnormal end where ``item`` tells none (see the module); None
    when there is none."""
    return said_of_name(line, item, _END, _KIN, _CLAUSE)


def said_of_name(line: str, item: str, said: re.Pattern[str], kin: re.Pattern[str],
                 clause: re.Pattern[str]) -> str | None:
    """The first name of ``item`` (a specific token other than a number) that a clause of ``line``,
    cut by ``clause`` and denying nothing, tells ``said`` of, where ``item`` tells nothing of its
    ``kin``; None when there is none. What became of a thing (an abnormal end, a removal) is told in
    a closed class of words, and an item telling none of the kind does not hold it."""
    flat = canonical(line)
    if said.search(flat) is None or kin.search(canonical(item)) is not None:
        return None
    hay = specific.prepared(item)
    for part in clause.split(flat):
        if said.search(part) is None or alignment.has_negation(part):
            continue
        named = [t for t in specific.specific_tokens(part) if not specific.is_number(t) and specific.occurs(t, hay)]
        if named:
            return named[0]
    return None
