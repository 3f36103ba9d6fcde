"""The source a line cites is its item's: "argocd 日志显示 X" says a machine's log shows X.

"argocd 日志显示 kustomization.yaml 漏掉了 configmap.yaml" holds every token of "值班群：刘洋 在 argocd
历史中发现 …；判断原因是重组后 kustomization.yaml 漏掉了 configmap.yaml": a person's judgement in the
on-call chat, told as what a program's log shows. A line cites a source by naming its record and a
verb of showing after it ("the X log shows", "X output on host-1 reported", "X 日志显示", "X 历史表明";
"X shows" alone is mostly a thing showing its own state), by "found in X", "在 X 中发现", or by a
word of attribution before it ("according to X", "据 X", "根据 X"; not "per X", a rate's "per
second" or "per pod"; not a runbook's section, "according to x.md § Cause", which is how an answer
cites the runbook item itself; opening the line with a
comma after it, it is cited for all the rest says: ``opening``). Where that source is a specific
token (a program, a host, a tool: ``argocd``) or a word of another item's header (``jenkins``), the
item must give it as its own: a word of its header (before its first colon, or a second short
label: "ops-log: j.lindqvist:"), or, for what one part of it holds, a source that part cites with
or without the record's noun ("tcpdump on lb-a shows", "在 argocd 历史中发现"), labels ("r.abara: …")
or opens with ("p.ng thinks …"). Another source is one the line puts its words in the mouth of."""

from __future__ import annotations

import functools
import re

from app.domain import specific
from app.domain.text import canonical

_TOKEN = r"[a-z0-9][\w.@/-]*"
_KIND = r"(?:logs?|output|history|records?|dashboards?|data|metrics|events?|audit)"
_SHOW = (r"(?:shows?|showed|shown|indicates?|indicated|reports?|reported|confirms?|confirmed|says|said"
         r"|records|recorded|lists|listed|logged)")
_ZH_KIND = r"(?:日志|记录|历史|输出|数据|监控|面板|事件)"
_ZH_SHOW = r"(?:显示|表明|记录到|记录了|报告|指出|证实)"


def _citing(kind: str, zh_kind: str) -> tuple[re.Pattern[str], ...]:
    """The forms citing a source, its record's noun (log, 日志) written as ``kind`` and ``zh_kind``
    require: after "X (on host) log shows", "X 日志显示", "在 X 历史中发现"; before "according to X"
    (not a runbook's section, "x.md § Cause"), "据 X", "根据 X"; "found in X"."""
    return (re.compile(rf"(?<![\w.@/-])(?P<a>{_TOKEN}){kind}\s+{_SHOW}(?![\w-])"
                       rf"|according\s+to\s+(?:the\s+)?(?P<b>{_TOKEN})(?![\w.@/-])(?!\s*§)"),
            re.compile(rf"(?<![\w.@/-])(?P<a>{_TOKEN})\s*(?:上的?\s*)?(?:的\s*)?{zh_kind}\s*{_ZH_SHOW}"
                       rf"|(?:据|根据)\s*(?P<b>{_TOKEN})"
                       rf"|在\s*(?P<c>{_TOKEN})\s*(?:的\s*)?{_ZH_KIND}?\s*[中里]\s*(?:发现|看到|查到)"),
            re.compile(rf"(?:found|seen|saw)\s+in\s+(?:the\s+)?(?P<c>{_TOKEN})"))


_ON = rf"\s+(?:on|at|of|from)\s+{_TOKEN}"
_LINE = _citing(rf"(?:\s+{_KIND}(?:{_ON})?|(?:{_ON})?\s+{_KIND})", _ZH_KIND)
"""What a line cites: a source with its record's noun ("the argocd log shows"; "X shows" alone is
mostly a thing showing its own state: "Ethernet1/49 showed no input errors")."""
_ITEM = _citing(rf"(?:\s+{_KIND})?(?:{_ON})?(?:\s+{_KIND})?", f"{_ZH_KIND}?")
"""What an item cites for a part of it: with or without the noun ("tcpdump on lb-a shows")."""
_LABEL = r"\s*[:：](?!\d)"
"""A speaker's label in a part ("r.abara: c412 was meant …"): what follows is that speaker's."""
_PART = re.compile(r"[;；]")
_HEAD = re.compile(r"^\s*(?:\d{4}-\d{2}-\d{2}[t\s])?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z|[+-]\d{2}:?\d{2})?\s+"
                   r"(?P<head>[^:：]+?)\s*[:：]\s*(?:(?P<label>[^\s;；,，]+(?:\s+[^\s;；,，]+){0,2}?)\s*[:：](?!\d))?")
"""A line's header after its time, up to its first colon, and a second short label ("ops-log:
j.lindqvist:"; not a time's colon)."""


def cited(text: str, forms: tuple[re.Pattern[str], ...] = _LINE) -> list[str]:
    """The sources ``text`` cites (see the module), case-folded: by ``forms``, a line's by default."""
    flat = canonical(text).casefold()
    return [next(g for g in m.groups() if g) for pat in forms for m in pat.finditer(flat)]


def _cites(part: str, source: str) -> bool:
    """Whether ``part`` of an item cites ``source``, labels what it says as that source's, or opens
    with it, its agent ("p.ng thinks …": according to p.ng)."""
    flat = canonical(part).casefold().strip()
    return source in cited(part, _ITEM) or re.search(rf"(?<![\w.@/-]){re.escape(source)}{_LABEL}", flat) is not None \
        or re.match(rf"{re.escape(source)}(?![\w.@/-])", flat) is not None


@functools.lru_cache(maxsize=4096)
def header(item: str) -> frozenset[str]:
    """The words of ``item``'s header: the source of all it says."""
    m = _HEAD.match(canonical(item).casefold())
    return frozenset(re.findall(_TOKEN, " ".join(g for g in (m.group("head"), m.group("label")) if g))) if m \
        else frozenset()


def _body(item: str) -> str:
    """``item`` after its header: its parts, each opening with its own words."""
    flat = canonical(item).casefold()
    m = _HEAD.match(flat)
    return flat[m.end():] if m else flat


def _holds(part: str, line: str, source: str) -> bool:
    """Whether ``part`` holds every specific token of ``line`` but the source it cites."""
    flat = canonical(part).casefold()
    return all(specific.occurs(t, flat) for t in specific.specific_tokens(line) if t.casefold() != source)


def unowned(source: str, line: str, item: str, others: tuple[str, ...] = ()) -> bool:
    """Whether ``source``, cited by ``line``, is not ``item``'s own (its header, or a source the
    part holding the line cites), where it is a specific token or another item's header word."""
    known = set().union(*(header(o) for o in others)) if others else set()
    if source in header(item) or not (specific.specific_tokens(source) or source in known):
        return False
    return not any(_cites(part, source) and _holds(part, line, source) for part in _PART.split(_body(item)))


def other_source(line: str, item: str, others: tuple[str, ...] = ()) -> str | None:
    """The source ``line`` cites that ``item`` does not give as its own (``unowned``); None when
    the line cites none, or only its item's."""
    return next((source for source in cited(line) if unowned(source, line, item, others)), None)


_OPENING = re.compile(rf"^\s*(?:according\s+to\s+(?:the\s+)?(?P<en>{_TOKEN})(?:\s+{_KIND})?"
                      rf"|(?:据|根据)\s*(?P<zh>{_TOKEN})\s*{_ZH_KIND}?)"
                      r"\s*[,，]\s*(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)


def opening(line: str) -> tuple[str, str] | None:
    """The source ``line`` opens with, a comma after it ("according to X, Y", "据 X，Y"), and the
    rest it is cited for; None when it opens with none."""
    m = _OPENING.match(canonical(line))
    return None if m is None else ((m.group("en") or m.group("zh")).casefold(), m.group("rest"))
