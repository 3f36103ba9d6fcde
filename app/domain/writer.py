"""The program that wrote a line runs on the host its line names as the writer, not on another name.

"bird on tor-r16a logged Hold timer expired" holds every token of "09:18:41Z lb-edge-02 bird: BGP
session to tor-r16a … Hold timer expired": the line's header names its writer, a host and the
program on it ("lb-edge-02 bird:", "gpu-a08 内核日志："), and the claim puts that program on another
name of the line, the session's peer. A line naming the writing program with a host ("bird on X",
"X's bird", "X bird", "X 上的 bird", "X 的内核日志") names the header's host; any other name there
moves what one machine logged onto another. A line naming the program alone, or with its own host,
is judged as before."""

from __future__ import annotations

import functools
import re

from app.domain import alignment
from app.domain.text import canonical

_HEADER = re.compile(r"^\s*\S+(?:\s\d{1,2}:\d{2}(?::\d{2})?)?\s+(?P<host>[\w.-]+)\s+(?P<prog>[^\s:：]+)\s*[:：]")
"""A line's header: its time, the host that wrote it and the program on it ("… lb-edge-02 bird:")."""
_HEAD = re.compile(r"^\s*(?:\d{4}-\d{2}-\d{2}[t\s])?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z|[+-]\d{2}:?\d{2})?"
                   r"\s+(?P<head>[^:：\s]+(?:\s+[^:：\s]+){0,2})\s*[:：]")
"""A line's header after its time: up to three words before its first colon ("mongod mongo-orders-1:",
"kubelet node-pool-b-3：")."""
_NAME = r"[\w.-]*[\d.-][\w.-]*"
"""A host's shape: a token with a digit or inner punctuation."""


@functools.lru_cache(maxsize=4096)
def writer(item: str) -> tuple[str, str] | None:
    """The host and the program ``item``'s header names as its writer; None where it names none."""
    m = _HEADER.match(canonical(item).casefold())
    if m is None or not alignment.name(alignment.Word(m.group("host"), False)):
        return None
    return m.group("host"), m.group("prog")


@functools.lru_cache(maxsize=4096)
def header_names(item: str) -> frozenset[str]:
    """The names ``item``'s header gives before its first colon, in either order of program and
    host ("lb-edge-02 bird:", "mongod mongo-orders-1:"): the thing whose log the line is, and so the
    one its events happen to or are done by."""
    m = _HEAD.match(canonical(item).casefold())
    if m is None:
        return frozenset()
    return frozenset(w.text for w in alignment.words(m.group("head")) if alignment.name(w))


def moved_writer(line: str, item: str) -> str | None:
    """The host ``line`` puts ``item``'s writing program on where the item's header names another
    (see the module); None when there is none."""
    wrote = writer(item)
    if wrote is None:
        return None
    host, prog = wrote
    p = re.escape(prog)
    flat = canonical(line).casefold()
    placed = re.compile(rf"(?<![\w.-]){p}\s+(?:on|at|of|from)\s+(?P<a>{_NAME})"
                        rf"|(?<![\w.-])(?P<b>{_NAME})(?:'s)?\s*(?:上的|上|的)?\s*{p}(?![a-z0-9_.-])")
    for m in placed.finditer(flat):
        said = (m.group("a") or m.group("b")).strip(".-")
        if said != host and alignment.name(alignment.Word(said, False)):
            return said
    return None
