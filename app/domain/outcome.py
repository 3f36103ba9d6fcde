"""A failure said of a name whose part of its line tells a success.

"The healthz probe via lb-03 did not succeed at 14:23" holds every token of "probe … via lb-01
timed out after 10 s; via lb-03 200 OK in 84 ms": the failure is lb-01's, the line gives lb-03 a
success. An item's parts (split at a semicolon) each tell of their own names; words of failure
(failed, did not succeed, unsuccessful, timed out, 失败, 未成功, 超时) and of success (OK,
succeeded, successful, healthy, 成功, 正常) are closed classes. A line telling a failure, and no
success, of a name the item names in parts telling a success only is not traced to that item."""

from __future__ import annotations

import re

from app.domain import alignment
from app.domain.text import canonical

_FAILED = re.compile(r"(?i)\bfail(?:ed|s|ure)?\b|\b(?:did|does|was|were)\s+not\s+succeed\b|\bunsuccessful\b|"
                     r"\btimed\s+out\b|\bnot\s+ok\b|失败|未成功|没有成功|没成功|超时")
_SUCCEEDED = re.compile(r"(?i)\bok\b|\bsucceed(?:ed|s)?\b|\bsuccessful(?:ly)?\b|\bhealthy\b|成功|正常")
_PART = re.compile(r"[;；]")


def _names(text: str) -> set[str]:
    return {w.key for w in alignment.words(text) if alignment.name(w)}


def failed_where_ok(line: str, item: str) -> str | None:
    """The name ``line`` says failed that ``item`` tells only success of (see the module); None
    when there is none."""
    flat = canonical(line)
    if _FAILED.search(flat) is None or _SUCCEEDED.search(_FAILED.sub(" ", flat)):
        return None
    parts = [(p, _names(p)) for p in _PART.split(canonical(item))]
    if len(parts) < 2:
        return None
    for name in _names(flat):
        told = [p for p, names in parts if name in names]
        if told and all(_SUCCEEDED.search(p) and not _FAILED.search(p) for p in told):
            return name
    return None
