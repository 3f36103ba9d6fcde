"""Which one of a kind: the words a line puts before a noun where the material has words of its own.

The material names its things as a noun after the words that tell which one it is: "bucket
policy", "key policies", "密钥策略". A line restating no line of it that puts before the same noun
words the material does not hold at all ("a service control policy on the partner OU",
"服务控制策略") names another thing of that kind, one the material never names: its kind (the noun)
is the material's, which one it is the line's own. A gap line ("Not confirmed by the evidence:
…") repeats an unconfirmed claim, and may say what kind of thing went unconfirmed, not name what
no evidence names: it hides those words, as it hides a word in the place of a name
(``provenance.apposed``) or a specific token.

The noun (the *head*) is a content word that ends its phrase (the line's last word, or one before
a function word or punctuation) and that the material holds right after a content word of its own.
The words put before it are the content words in a row right before it that the material holds
nowhere (English words other than a determiner, a negator or a form of a verb or an adverb by its
ending; Chinese words of two characters or more the tagger calls no conjunction, preposition, time
or quantity; neither a hedge nor a word of cause), at least one. A noun the material says without a
word before it ("disk sdb") gives no place: a word before it ("the slow disk") is the line's
description, and stays."""

from __future__ import annotations

import functools

from app.domain import alignment, specific, zh
from app.domain.text import canonical
from app.domain.vocabulary import asserts_cause, hedged

_VERB_OR_ADVERB = ("ed", "ing", "ly")


def _content(w: alignment.Word, prev: alignment.Word | None) -> bool:
    """A word that says something of its own: no function word, name, number or lone CJK
    character."""
    if alignment.filler(w, prev) or alignment.name(w) or specific.is_number(w.text):
        return False
    return len(w.text) > 1 if w.cjk else w.text.isalpha()


@functools.lru_cache(maxsize=64)
def _placed(known: str) -> frozenset[str]:
    """The keys of the nouns the material (``known``, a line each) holds right after a content word
    of its own."""
    out = set()
    for line in known.splitlines():
        ws = alignment.words(line)
        out |= {w.key for k, w in enumerate(ws) if k and _content(w, ws[k - 1])
                and _content(ws[k - 1], ws[k - 2] if k > 1 else None) and w.cjk == ws[k - 1].cjk}
    return frozenset(out)


def _modifier(w: alignment.Word, hay: str) -> bool:
    """A word that may stand before a noun to tell which one, and that the material lacks."""
    if w.cjk:
        ok = len(w.text) > 1 and not alignment.filler(w, None) and zh.tag(w.text) not in zh.KEPT
    else:
        ok = w.text.isalpha() and w.text not in alignment.DETERMINERS and not alignment.negation(w) \
            and not w.text.endswith(_VERB_OR_ADVERB)
    return ok and not hedged(w.text) and not asserts_cause(w.text) \
        and not specific.occurs(w.text, hay) and not specific.occurs(w.key, hay)


def renamed(text: str, known: str) -> list[str]:
    """The words ``text`` puts before a noun in the place where the material (``known``: its lines)
    has words of its own, none of which the material holds (see the module)."""
    placed = _placed(known)
    if not placed:
        return []
    hay = specific.prepared(known)
    ws = alignment.words(canonical(text))
    out: list[str] = []
    for k, head in enumerate(ws):
        nxt = ws[k + 1] if k + 1 < len(ws) else None
        if head.key not in placed or not _content(head, ws[k - 1] if k else None) \
                or (nxt is not None and _content(nxt, head) and nxt.cjk == head.cjk):
            continue
        j = k - 1
        while j >= 0 and ws[j].cjk == head.cjk and _modifier(ws[j], hay):
            j -= 1
        out += [w.text for w in ws[j + 1:k]]
    return out
