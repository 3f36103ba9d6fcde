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


_REFUSED = re.compile(r"(?i)\b(?:access\s*)?denied\b|accessdenied|\b(?:refused|rejected|forbidden)\b|"
                      r"\b[45]\d\d\b(?!\s*(?:ms|s|mb|gb|kb|%))|拒绝|被拒|报错|错误")
"""Words of a refused request: a denial, a refusal, an HTTP error status (4xx, 5xx) written as a
count-free code; 拒绝, 报错."""
_SUCCEEDING = re.compile(r"(?i)\bsucceed(?:ing)?\b|\bsucceeding\b|\bworking\s+again\b|恢复成功|已成功")


def ok_where_failed(line: str, item: str) -> str | None:
    """The success ``line`` tells of what ``item`` tells only failure of: a line saying calls
    succeeded ("were succeeding again", 成功) and no failure, where every part of the item naming
    the line's names (the whole item, if the line names none it holds) and telling an outcome at all
    tells a failure or a refused request ("still 403 AccessDenied") and no success. None when there
    is none."""
    flat = canonical(line)
    said = _SUCCEEDED.search(flat) or _SUCCEEDING.search(flat)
    if said is None or _FAILED.search(flat) or _REFUSED.search(flat):
        return None
    parts = [(p, _names(p)) for p in _PART.split(canonical(item))]
    told = [p for p, names in parts if names & _names(flat)] or [p for p, _ in parts]
    told = [p for p in told if _FAILED.search(p) or _REFUSED.search(p) or _SUCCEEDED.search(p)]
    if told and all(not _SUCCEEDED.search(p) for p in told):
        return said.group(0)
    return None
