"""A question about another thing that shares a word of a finding's name.

"How do I restart the invoice printer on floor 4 when it jams?" shares "invoice" and "restart" with
"r.achebe ran kubectl rollout restart deployment/invoice-svc", and "checkout 页面的按钮颜色怎么改？"
shares "checkout" with "赵敏 发布了 checkout-api v2.31.0": each word is the findings', yet the thing
asked about is a printer, a button's colour, which no finding names. A word that opens a run of
content words (a noun phrase: "invoice printer", "checkout 页面的按钮颜色") only modifies the run's last
word, its head, which says what the thing is.

The rule: a word of the question the findings hold, no name (a name shared is the thing asked of:
"is billing-api healthy"), followed right away by a run of content words
(in Chinese joined by 的 too) whose head is a topic word (``relevance.topic_words``) that the
findings do not hold and that is no word of IT operations (``app.domain.operations``: "checkout
service", "checkout 页面" name a thing of the trade, which a finding may well be about), names a
thing the findings are not about: that word is ``modifiers``'.

The thing is its whole phrase, and what is said of where it is or whom it is for is the thing's
too (``_phrase``): a noun phrase opened by a determiner ("a meeting room", "the print queue") names
another thing where its head is not the findings' and is no word of IT operations, or is one
("queue") that a topic word before it the findings lack makes another thing ("print queue": not any
queue). Then every word of the phrase and of the prepositional phrases right after it ("on floor 3",
"for new hires") only places or qualifies that thing: "How do I book a meeting room on floor 3 for
new hires?" shares "floor 3" with a finding about laptops on floor 3 and still asks about a room. A
name after a possessive ("my gmail.com mailbox", "自己的 gmail.com 邮箱") is a modifier too: the
possessive opens a noun phrase, so the name qualifies the head that follows it, here a mailbox the
findings do not name.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from app.domain import alignment, operations

_JOIN_ZH = "的"
PREPOSITIONS = frozenset("on in at for of from near inside within by with".split())
"""The closed class of prepositions that attach a place, a part or a purpose to the noun before
them ("a meeting room on floor 3 for new hires")."""
POSSESSIVES = frozenset("my your our their his her".split())
"""The possessive determiners: what follows them is a noun phrase, a name in it a modifier."""


def _ops(w: alignment.Word) -> bool:
    return operations.known(w.key) or operations.known(w.text) or operations.mentioned(w.text)


def _run(ws: Sequence[alignment.Word], j: int, topic: Collection[str]) -> tuple[list[alignment.Word], int]:
    """The run of content words (topic words, in Chinese joined by 的; a lone character is one only as a
    topic word: 楼 of "5 楼的会议室") from ``j`` on, and the index after it."""
    run: list[alignment.Word] = []
    while j < len(ws) and (ws[j].text == _JOIN_ZH or ws[j].key in topic
                           and (not alignment.filler(ws[j], ws[j - 1]) or ws[j].cjk and len(ws[j].text) == 1)):
        run += [] if ws[j].text == _JOIN_ZH else [ws[j]]
        j += 1
    return run, j


def _attached(ws: Sequence[alignment.Word], j: int) -> list[alignment.Word]:
    """The content words of the prepositional phrases right after index ``j`` ("on floor 3 for new hires")."""
    out: list[alignment.Word] = []
    while j < len(ws) and ws[j].text in PREPOSITIONS:
        j += 1
        while j < len(ws) and ws[j].text in alignment.DETERMINERS | POSSESSIVES:
            j += 1
        while j < len(ws) and ws[j].text not in PREPOSITIONS and not alignment.filler(ws[j], ws[j - 1]):
            out.append(ws[j])
            j += 1
    return out


def _another(run: Sequence[alignment.Word], held: Callable[[alignment.Word], bool]) -> bool:
    """Whether the noun phrase ``run`` names a thing the findings do not name: its head is not
    theirs and is no word of IT operations, or a word of IT operations in it that is not theirs is
    qualified by a topic word right before it that is neither ("print queue", "打印队列优先级": the
    queue is a print queue whatever the phrase then asks of it)."""
    if not held(run[-1]) and not _ops(run[-1]):
        return True
    return any(_ops(h) and not held(h) and not held(m) and not _ops(m) and not alignment.name(m)
               for m, h in zip(run, run[1:], strict=False))


def _phrase(ws: Sequence[alignment.Word], k: int, held: Callable[[alignment.Word], bool],
            topic: Collection[str]) -> list[alignment.Word]:
    """The words of the noun phrase a determiner or possessive at ``k`` opens (a name right after a
    possessive included) and of the prepositional phrases after it, when it names another thing."""
    j = k + 1
    lead: list[alignment.Word] = []
    if (ws[k].text in POSSESSIVES or ws[k].text == _JOIN_ZH) and j < len(ws) and alignment.name(ws[j]):
        lead, j = [ws[j]], j + 1
    run, end = _run(ws, j, topic)
    if not run or not _another(run, held):
        return []
    return lead + run + _attached(ws, end)


def modifiers(question: str, held: Callable[[alignment.Word], bool], topic: Collection[str]) -> set[str]:
    """The words (as written) of ``question`` that ``held`` (the findings hold them) and that only
    modify the head of a run of content words after them, a topic word (key in ``topic``) the
    findings do not hold and no word of IT operations, or that are words of a noun phrase naming
    another thing or of the prepositional phrases after it (see the module)."""
    ws = alignment.words(question)
    out: set[str] = set()
    for k, w in enumerate(ws):
        if w.text in alignment.DETERMINERS | POSSESSIVES or w.text == _JOIN_ZH:
            out |= {m.text for m in _phrase(ws, k, held, topic) if held(m)}
        if alignment.name(w) or not held(w):
            continue  # a name shared is the thing itself ("is billing-api healthy")
        run, _ = _run(ws, k + 1, topic)
        if run and _another(run, held):
            out.add(w.text)
    return out
