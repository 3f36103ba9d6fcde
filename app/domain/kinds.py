"""Kind words: the common noun a log sets right after a name ("es-logs 集群", "the orders-db
cluster"), which a line may then say alone for that name.

Where the evidence sets a kind word after one name and no other, the word stands for that name:
"集群状态 red 变为 yellow" by the master is the es-logs cluster's, when es-logs is the only name the
lines call a 集群. A finding saying "集群" is about es-logs (``denoted``, read by the relevance
floor), and a claim saying "es-logs 集群" of a line that says "集群" alone names what that line is
about (``unnamed``, read by ``app.domain.provenance``). Where two names are called by the kind,
the word tells neither, and a name set before it stays the claim's own.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from app.domain import alignment, common, specific
from app.domain.text import canonical

KIND_ZIPF = 5.5
"""A word at least this frequent (是, 有, "the", "with") names no kind of thing."""
_KIND = re.compile(r"\s*(?:(?P<cjk>[\u3400-\u9fff]+)|(?P<word>[a-z]{3,})(?![\w.-]))")
"""What follows a name in a line: a run of CJK text (its first word taken) or a word of letters."""


def _after(text: str, end: int) -> str:
    """The kind word right after ``end`` in ``text`` (canonical, case-folded), or ""; not a verb
    form in -ed or -ing, which goes on with the sentence ("k8s-cp-01 stepped down")."""
    m = _KIND.match(text, end)
    if m is None:
        return ""
    kind = specific.cjk_segments(m["cjk"])[0][0] if m["cjk"] else m["word"]
    lang = "zh" if m["cjk"] else "en"
    if alignment.filler(alignment.Word(kind, bool(m["cjk"])), None) or kind.endswith(("ed", "ing")) \
            or common.zipf(kind, lang) >= KIND_ZIPF:
        return ""
    return kind


def _spots(name: str, text: str) -> list[re.Match[str]]:
    return list(re.finditer(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text))


@functools.lru_cache(maxsize=1024)
def _given(lines: tuple[str, ...]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for line in lines:
        body = canonical(line).casefold()[alignment.writer_end(line):]
        for w in alignment.words(body):
            if alignment.name(w):
                for spot in _spots(w.text, body):
                    if kind := _after(body, spot.end()):
                        out.setdefault(kind, set()).add(w.text)
    return {k: frozenset(v) for k, v in out.items()}


def given(lines: Sequence[str]) -> dict[str, frozenset[str]]:
    """Each kind word the bodies of ``lines`` (after their writer) set right after a name, with the
    names it is set after."""
    return _given(tuple(lines))


def denoted(findings: Sequence[str], lines: Sequence[str]) -> set[str]:
    """The names ``findings`` speak of by a kind word alone: a word of theirs that ``lines`` set
    after one name and no other, in a finding naming nothing itself."""
    kinds = given(lines)
    out: set[str] = set()
    for f in findings:
        ws = alignment.words(f)
        if not any(alignment.name(w) for w in ws):
            out |= {n for w in ws for n in kinds.get(w.text, ()) if len(kinds[w.text]) == 1}
    return out


def unnamed(line: str, lines: Sequence[str]) -> str:
    """``line`` (canonical) without each name it sets right before a kind word that ``lines`` give
    that name alone ("07:58 es-logs 集群由 yellow 变为 red" read as "07:58 集群由 yellow 变为 red"): the
    kind word says the name; ``line`` as it is when it has none."""
    kinds = given(lines)
    text = canonical(line)
    low = text.casefold()
    cuts = [spot.span() for w in alignment.words(line) if alignment.name(w) for spot in _spots(w.text, low)
            if kinds.get(_after(low, spot.end()), frozenset()) == {w.text}]
    for start, end in sorted(cuts, reverse=True):
        text = text[:start] + text[end:].lstrip()
    return text if cuts else line
