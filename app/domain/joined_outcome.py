"""A clause that tells a name of its item only in words its item lacks.

"rpt-03 的 inode 耗尽，sshd 进程崩溃" against "rpt-03：/var inode 耗尽（IFree 0），rsyslog 报 No space
left on device，sshd 无法创建新会话": the line holds most of its item's words, so it is traced whole,
though its second clause tells of sshd an event no line gives (a crash), joined to a true one by a
comma and no causal word. A cause or a consequence joined by a marker to a clause the item does not
touch is refused already (``provenance.Items._adds``); a clause naming the item's own name is not.

The rule: in a line of two clauses or more, a clause that keeps one term of its item (the thing it
is about) and tells it in terms (no numbers) of which the item writes none, tells an event of that
thing no line gives. A clause keeping no term of its item (wording: "as expected", "UP again") and
a clause with another word of its item ("sshd 无法创建新会话", "pgbouncer kept serving") are judged
with the whole line.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.domain import specific
from app.domain.evidence import stem, subject_terms
from app.domain.text import canonical


def untold(clauses: Sequence[str], item: str) -> str | None:
    """The clause of ``clauses`` (one line's) that keeps one term of ``item`` (its subject) and
    tells it only in terms the item lacks; None when every clause says something of its item in
    its item's words, or the line is one clause."""
    if len(clauses) < 2:
        return None
    return next((c.strip() for c in clauses if told_apart(c, item)), None)


def told_apart(clause: str, item: str) -> bool:
    """Whether ``clause`` keeps exactly one term of ``item`` and tells it in terms the item lacks."""
    held = {stem(t) for t in subject_terms(item)}
    text = canonical(item).lower()
    terms = {stem(t) for t in subject_terms(clause) if not specific.is_number(t)}
    kept = {t for t in terms if t in held or t in text}
    return len(kept) == 1 and bool(terms - kept)
