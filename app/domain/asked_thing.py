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
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from app.domain import alignment, operations

_JOIN_ZH = "的"


def modifiers(question: str, held: Callable[[alignment.Word], bool], topic: Collection[str]) -> set[str]:
    """The words (as written) of ``question`` that ``held`` (the findings hold them) and that only
    modify the head of a run of content words after them, a topic word (key in ``topic``) the
    findings do not hold and no word of IT operations (see the module)."""
    ws = alignment.words(question)
    out: set[str] = set()
    for k, w in enumerate(ws):
        if alignment.name(w) or not held(w):
            continue  # a name shared is the thing itself ("is billing-api healthy")
        run: list[alignment.Word] = []
        j = k + 1
        while j < len(ws) and (ws[j].text == _JOIN_ZH
                               or not alignment.filler(ws[j], ws[j - 1]) and ws[j].key in topic):
            run += [] if ws[j].text == _JOIN_ZH else [ws[j]]
            j += 1
        head = run[-1] if run else None
        if head is not None and not held(head) and not operations.known(head.key) \
                and not operations.known(head.text) and not operations.mentioned(head.text):
            out.add(w.text)
    return out
