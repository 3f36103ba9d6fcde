"""The source a line cites is its item's: "argocd 日志显示 X" says a machine's log shows X.

"argocd 日志显示 kustomization.yaml 漏掉了 configmap.yaml" holds every token of "值班群：刘洋 在 argocd
历史中发现 …；判断原因是重组后 kustomization.yaml 漏掉了 configmap.yaml": a person's judgement in the
on-call chat, told as what a program's log shows. A line cites a source by a verb of showing after
it ("X shows", "X log showed", "X on host-1 reported", "X 日志显示", "X 记录到") or a word of
attribution before it ("according to X", "per X", "据 X", "根据 X"); where that source is a specific
token (a program, a host, a tool: ``argocd``, ``tcpdump``; not a common word, "the dashboard", 监控,
which names no one source), the item must give it as its own: a word of its header (before its
first colon, or a second short label: "ops-log: j.lindqvist:") or a source the item itself cites
the same way ("tcpdump on lb-a shows", "在 argocd 历史中发现"), for what that part of it holds. Another
source, a specific token or a word of another item's header (jenkins), is one the line puts its
words in the mouth of.
"""

from __future__ import annotations

import functools
import re

from app.domain import specific
from app.domain.text import canonical

_TOKEN = r"[a-z0-9][\w.@/-]*"
_KIND = r"(?:\s+(?:logs?|output|history|records?|dashboards?|data|metrics|events?|status|audit))?"
_SHOW = (r"(?:shows?|showed|shown|indicates?|indicated|reports?|reported|confirms?|confirmed|says|said"
         r"|records|recorded|lists|listed|logged)")
_EN = re.compile(rf"(?<![\w.@/-])(?P<a>{_TOKEN})(?:\s+(?:on|at|of|from)\s+{_TOKEN})?{_KIND}\s+{_SHOW}(?![\w-])"
                 rf"|(?:according\s+to|\bper)\s+(?:the\s+)?(?P<b>{_TOKEN})")
_ZH_KIND = r"(?:的\s*)?(?:日志|记录|历史|输出|数据|监控|面板|事件)?"
_ZH = re.compile(rf"(?<![\w.@/-])(?P<a>{_TOKEN})\s*(?:上的?\s*)?{_ZH_KIND}\s*(?:显示|表明|记录到|记录了|报告|指出|证实)"
                 rf"|(?:据|根据)\s*(?P<b>{_TOKEN})"
                 rf"|在\s*(?P<c>{_TOKEN})\s*{_ZH_KIND}\s*[中里]\s*(?:发现|看到|查到)")
_FOUND = re.compile(rf"(?:found|seen|saw)\s+in\s+(?:the\s+)?(?P<c>{_TOKEN})")
_PART = re.compile(r"[;；]")
_HEAD = re.compile(r"^\s*(?:\d{4}-\d{2}-\d{2}[t\s])?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z|[+-]\d{2}:?\d{2})?\s+"
                   r"(?P<head>[^:：]+?)\s*[:：]\s*(?:(?P<label>[^\s;；,，]+(?:\s+[^\s;；,，]+){0,2}?)\s*[:：](?!\d))?")
"""A line's header after its time, up to its first colon, and a second short label ("ops-log:
j.lindqvist:"; not a time's colon)."""


def cited(text: str) -> list[str]:
    """The sources ``text`` cites (see the module), case-folded."""
    flat = canonical(text).casefold()
    return [m.group("a") or m.group("b") or m.group("c") for pat in (_EN, _ZH, _FOUND) for m in pat.finditer(flat)
            if pat is not _FOUND or m.group("c")]


@functools.lru_cache(maxsize=4096)
def header(item: str) -> frozenset[str]:
    """The words of ``item``'s header: the source of all it says."""
    m = _HEAD.match(canonical(item).casefold())
    return frozenset(re.findall(_TOKEN, " ".join(g for g in (m.group("head"), m.group("label")) if g))) if m \
        else frozenset()


def _holds(part: str, line: str, source: str) -> bool:
    """Whether ``part`` holds every specific token of ``line`` but the source it cites."""
    flat = canonical(part).casefold()
    return all(specific.occurs(t, flat) for t in specific.specific_tokens(line) if t.casefold() != source)


def other_source(line: str, item: str, others: tuple[str, ...] = ()) -> str | None:
    """The source ``line`` cites that ``item`` does not give as its own (its header, or a source a
    part of it cites, for what that part holds), where the source is a specific token or another
    item's header word; None when the line cites none, or only its item's."""
    known = set().union(*(header(o) for o in others)) if others else set()
    for source in cited(line):
        if source in header(item) or not (specific.specific_tokens(source) or source in known):
            continue
        if not any(source in cited(part) and _holds(part, line, source) for part in _PART.split(item)):
            return source
    return None


_OPENING = re.compile(rf"^\s*(?:(?:according\s+to|per)\s+(?:the\s+)?(?P<en>{_TOKEN}){_KIND}"
                      rf"|(?:据|根据)\s*(?P<zh>{_TOKEN})\s*{_ZH_KIND})"
                      r"\s*[,，]\s*(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)


def restated(line: str) -> str:
    """``line`` with a source it opens with ("according to X, Y", "据 X，Y") said as the source
    showing the rest ("X shows Y", "X 显示 Y"), so the source is judged with what it is cited for,
    not cut off as a clause of its own; ``line`` itself when it opens with none."""
    m = _OPENING.match(line)
    if m is None:
        return line
    return f"{m.group('en')} shows {m.group('rest')}" if m.group("en") else f"{m.group('zh')} 显示 {m.group('rest')}"
