"""Qualified names: a word that tells two things of one name apart stays with its thing.

An item may name one thing twice, told apart only by a word before each ("new ledger-svc-2 pod
Pending …, old ledger-svc-2 pod still running v4.18.0"; "新 pod ledger-2 Pending，旧 pod ledger-2
仍运行 v1"; "primary db-1 …, replica db-1 …"). Every word of "the new ledger-svc-2 pod was running"
is in that item: yet "running" is what it says of the old pod. Each mention of the name holds
from its place to the next mention (within the item's clause, to a semicolon or a sentence's
end): its *stretch*, what the item says of that thing.

The rule: where an item names a name more than once and words just before two of the mentions
(``REACH`` content words, within the mention's part of the sentence) tell them apart, each with a
stretch that says something of it (a name ending the clause, "… 回滚 pay-api", is an object), a line
that names the name after one of those words is about that mention's thing; a word of the line
that the item holds only in another mention's stretch (not in its own, nor anywhere outside the
stretches, where the item says it of all of them) is that other thing's, and the line is not
traced to the item. A line naming the name with no such word is not judged here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import alignment, zh
from app.domain.text import canonical

REACH = 2
"""The content words before a mention that may qualify it ("new … pod", "新 pod")."""
_CLAUSE = re.compile(r"[;；]|(?<=[.。!?！？])\s")
"""Where a mention's stretch ends at the latest."""
_PART = re.compile(r"[,，;；:：()（）\[\]【】]")
"""Where the words that may qualify a mention begin at the earliest."""


_QUALIFYING = frozenset({"a", "b", "n", "v"})
"""The parts of speech of a Chinese character that may qualify a noun on its own (jieba's
adjective, distinguishing word, noun, verb: 新, 旧, 主, 库, 备): content, though a lone character
is mostly grammar (的, 了, 在, 已)."""


def _content(ws: Sequence[alignment.Word]) -> list[alignment.Word]:
    """The words of ``ws`` that carry content, a lone qualifying Chinese character among them."""
    return [w for k, w in enumerate(ws) if not alignment.filler(w, ws[k - 1] if k else None)
            or (w.cjk and len(w.text) == 1 and zh.tag(w.text) in _QUALIFYING)]


def _mentions(clause: str, name: str) -> list[tuple[frozenset[str], frozenset[str]]]:
    """Each mention of ``name`` in ``clause``: the keys of the words that may qualify it, and the
    keys of its stretch (from it to the next mention)."""
    text = canonical(clause).casefold()
    spots = [m for m in re.finditer(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text)]
    out = []
    for k, m in enumerate(spots):
        begun = max((p.end() for p in _PART.finditer(text, 0, m.start())), default=0)
        window = _content(alignment.words(text[begun:m.start()]))[-REACH:]
        qual = frozenset(w.key for w in window if not alignment.name(w))
        end = spots[k + 1].start() if k + 1 < len(spots) else len(text)
        if k + 1 < len(spots):  # the next mention's own qualifiers are not this one's
            end = max((p.end() for p in _PART.finditer(text, m.end(), end)), default=end)
        stretch = frozenset(w.key for w in _content(alignment.words(text[m.end():end])))
        out.append((qual, stretch))
    return out


def _unit(clause: str, name: str) -> bool:
    """Whether every mention of ``name`` in ``clause`` follows a number: the unit of two values
    ("1480 msg/s，约是 06:41 时 340 msg/s"), not one thing named twice."""
    text = canonical(clause).casefold()
    return all(re.search(r"\d\s?$", text[:m.start()])
               for m in re.finditer(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text))


def _told_apart(item: str) -> list[tuple[str, list[tuple[frozenset[str], frozenset[str]]]]]:
    """``(name, mentions)`` for each name that ``item`` mentions more than once in one
    clause, with the qualifiers each mention has and no other mention has."""
    out = []
    for clause in _CLAUSE.split(canonical(item)):
        ws = alignment.words(clause)
        keys = [w.text for w in ws if alignment.name(w)]
        for name in sorted({n for n in keys if keys.count(n) > 1 and not _unit(clause, n)}):
            ms = _mentions(clause, name)
            own = [(q - frozenset().union(*(o for j, (o, _) in enumerate(ms) if j != k)), s)
                   for k, (q, s) in enumerate(ms)]
            if sum(1 for q, st in own if q and st) >= 2:  # an object ending the clause is said nothing of
                out.append((name, own))
    return out


def crossed(line: str, item: str) -> str | None:
    """The word ``line`` takes from another mention's stretch than the one its qualifier picks
    (see the module); None when it takes none, or the item tells no mentions apart. The words
    after another mention's qualifier in the line ("…, so the old pod kept running") are about that
    other thing, up to the line's next word for its own."""
    lws = alignment.words(line)
    for name, mentions in _told_apart(item):
        mine = _mentions(line, name)
        if not mine:
            continue
        picked = [k for k, (q, _) in enumerate(mentions) if q and q & mine[0][0]]
        if len(picked) != 1:
            continue
        k = picked[0]
        stretches = frozenset().union(*(s for _, s in mentions))
        outside = {w.key for w in alignment.words(item)} - stretches
        own = mentions[k][1] | mentions[k][0] | outside
        others = frozenset().union(*(q for j, (q, _) in enumerate(mentions) if j != k)) - mentions[k][0]
        about_it = True  # a word is about the thing last qualified before it ("…, so the old pod kept …")
        for w in _content(lws):
            if w.key in others or w.text == name or w.key in mentions[k][0]:
                about_it = w.key not in others
            elif about_it and w.key not in own and any(w.key in s for j, (_, s) in enumerate(mentions) if j != k):
                return w.text
    return None
