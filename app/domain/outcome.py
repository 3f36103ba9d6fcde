"""A failure said of a name whose part of its line tells a success.

"The healthz probe via lb-03 did not succeed at 14:23" holds every token of "probe … via lb-01
timed out after 10 s; via lb-03 200 OK in 84 ms": the failure is lb-01's, the line gives lb-03 a
success. An item's parts (split at a semicolon) each tell of their own names; words of failure
(failed, did not succeed, unsuccessful, timed out, 失败, 未成功, 超时) and of success (OK,
succeeded, successful, healthy, served, 成功, 正常) are closed classes. A line telling a failure, and no
success, of a name the item names in parts telling a success only is not traced to that item; nor
is one whose failure's subject holds a word only such parts hold ("the ?stale retry … failed" of
"KV read … failed: No cluster leader; retry with ?stale served by cs-01")."""

from __future__ import annotations

import functools
import re

from app.domain import alignment
from app.domain.text import canonical

_FAILED = re.compile(r"(?i)\bfail(?:ed|s|ure)?\b|\b(?:did|does|was|were)\s+not\s+succeed\b|\bunsuccessful\b|"
                     r"\btimed\s+out\b|\bnot\s+ok\b|失败|未成功|没有成功|没成功|超时")
_SUCCEEDED = re.compile(r"(?i)\bok\b|\bsucceed(?:ed|s)?\b|\bsuccessful(?:ly)?\b|\bhealthy\b|\bserved\b|成功|正常")
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
    return _subject_elsewhere(flat, [p for p, _ in parts])


_CLAUSE = re.compile(r"[,;:，；：。]|\s(?:and|but|while|when|after|before|then)\s|而|但")


def _keys(text: str) -> set[str]:
    ws = alignment.words(text)
    return {w.key for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)}


def _subject_elsewhere(line: str, parts: list[str]) -> str | None:
    """A word of the subject of ``line``'s failure (its clause before the word of failure: "the
    **?stale retry** of the KV read … failed") that only parts of the item telling a success and no
    failure hold ("…failed: No cluster leader; retry with ?stale served by cs-01"): the line moves
    the failure onto what the item says succeeded. None when there is none."""
    clause = next((c for c in _CLAUSE.split(line) if _FAILED.search(c)), "")
    subject = _keys(clause[:m.start()]) if (m := _FAILED.search(clause)) else set()
    ok = [k for k, p in enumerate(parts) if _SUCCEEDED.search(p) and not _FAILED.search(p)]
    held_ok = set().union(*(_keys(parts[k]) for k in ok))
    held_else = set().union(*(_keys(p) for k, p in enumerate(parts) if k not in ok))
    return next(iter(sorted(subject & held_ok - held_else)), None)


_DENIERS = (r"\b(?:did|does|do|was|were|is|are|has|have|had)\s+not\b|"
                     r"\b(?:did|does|was|were|has|have|had)n't\b|\bnever\b|没有|未|没")
_DENIED = re.compile(f"(?i){_DENIERS}")
"""The predicate negators ("did not apply", "未应用"): a denied event, which a failure of it is too."""
_DENIED_WORD = re.compile(rf"(?i)(?:{_DENIERS})\s*(?:被\s*)?([\w-]+)")
"""A predicate negator and the word it denies."""


@functools.lru_cache(maxsize=16_384)
def failure_read(line: str, item: str) -> tuple[str, str]:
    """``line`` and ``item`` as their polarity is judged (``alignment.flipped``): where ``line``
    denies an event ("did not apply", "没有应用") and names a name that ``item`` names only in parts
    telling a failure, and none that ``item`` names only in parts telling a success, the denied
    event is the failure the item tells of that name ("r2291 did not apply on bt-worker-03" of "…;
    bt-worker-03 and bt-worker-15 failed"), unless those parts hold the word it denies ("were not
    locked" of "… failed (agent run locked)"): the line without its negators and those parts without
    their words of failure. A line telling a failure or a success of its own ("did not fail") is
    judged as written, and so is every other: both as they are."""
    flat = canonical(line)
    parts = [(p, _names(p)) for p in _PART.split(canonical(item))]
    if len(parts) < 2 or _DENIED.search(flat) is None or _FAILED.search(flat) or _SUCCEEDED.search(flat):
        return line, item  # a denied failure or success ("did not fail") is judged as written
    failing: set[int] = set()
    ok = False
    for name in _names(flat):
        told = [k for k, (_, names) in enumerate(parts) if name in names]
        if told and all(_FAILED.search(parts[k][0]) and not _SUCCEEDED.search(parts[k][0]) for k in told):
            failing.update(told)
        ok |= bool(told) and all(_SUCCEEDED.search(parts[k][0]) and not _FAILED.search(parts[k][0]) for k in told)
    if not failing or ok:
        return line, item
    held = {w.key for k in failing for w in alignment.words(parts[k][0])}
    denied = [alignment.words(m.group(1)) for m in _DENIED_WORD.finditer(flat)]
    if any(ws and ws[0].key in held for ws in denied):
        return line, item  # it denies what the failing part says happened ("were not locked")
    kept = [_FAILED.sub(" ", p) if k in failing else p for k, (p, _) in enumerate(parts)]
    return _DENIED.sub(" ", flat), ";".join(kept)


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
