"""Relevance: a PASS answer addresses the question.

The question's *subject* is what it names (its specific tokens, ``app.domain.specific``) and its
less common content words (Zipf frequency below ``SUBJECT_ZIPF``: "kafka", "lag", "ingest" are
subject; "disk", "alert", "fix" are not). The deterministic floor: findings that share none of
the question's subject are off topic. A question without a subject ("what is wrong?") cannot be
judged this way: it is left to the Verifier's own label, unless its topic words (content words
not so general that any question holds them: Zipf below ``GENERAL_ZIPF``, so "good", "next",
"make", 什么, 问题 are no topic) are all unknown both to the findings and to IT operations
(``app.domain.operations``): "a good recipe for banana bread" is off topic, "why is it slow?",
"what happened?", "is the site down?" and "为什么这么慢？" are not judged. Off topic is never PASS
(reconcile).

A finding may speak of a named thing by its kind alone ("集群变 red" where the question asks about
es-logs, the one name the lines call a 集群): ``app.domain.kinds``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from app.domain import alignment, asked_thing, common, extent, operations, specific, zh
from app.domain.provenance import stems
from events.models import Relevance

SUBJECT_ZIPF = 4.0
GENERAL_ZIPF = 5.5
"""A word at least this frequent ("good" 6.1, "next" 5.7, "tell" 5.5, 什么 6.3, 问题 6.2) is said of
anything: it tells no topic ("slow" 4.9, "bread" 4.5, "recipe" 4.2 do)."""
MIN_TOPIC = 2
"""Topic words a question needs to be judged by them: one unknown word ("sluggish", "news") may be
an operator's own word for the trouble; a question about something else names it in several
("recipe", "banana", "bread"; 秋天, 诗)."""
_QUALIFYING = frozenset({"a", "n", "v"})
"""The parts of speech of a lone Chinese character that may be a topic word (慢, 卡, 挂)."""


@functools.cache
def _frequent(lang: str) -> frozenset[str]:
    return frozenset(w for _, bucket in common.frequent(lang, SUBJECT_ZIPF) for w in bucket)


def subject_of(question: str) -> set[str]:
    """What the question is about: its specific tokens and its less common content words (stems)."""
    tokens = {t.casefold() for t in specific.specific_tokens(question)}
    words = {w for w in stems(question) if w.isascii() and w.isalpha() and w not in _frequent("en")
             and w not in tokens}
    cjk = {w for w in stems(question) if not w.isascii() and w not in _frequent("zh")}
    return tokens | words | cjk


def asked_about(question: str) -> tuple[set[str], set[str]]:
    """The question's subject as the floor reads it, in two parts: what it asks about (its specific
    tokens and less common words: English stems; Chinese words as the segmenter cuts them, not the
    bigrams of a run, 生了 of 发生了 being no word) and the words of it that say when, how often or
    what trouble (time or extent, "today", 现在, 一直: ``app.domain.extent``; IT operations,
    "unreachable", 证书, 打不开: ``app.domain.operations``). A finding sharing either shares the
    subject; only the first makes a finding that shares none off topic."""
    found = [t for t in specific.specific_tokens(question) if not (len(t) == 1 and not t.isascii())]
    words = {w for w in stems(question) if w.isascii() and w.isalpha() and w not in _frequent("en")}
    cjk = {w.text for w in alignment.words(question) if w.cjk and len(w.text) > 1 and w.text not in _frequent("zh")}
    every = {t.casefold() for t in found} | words | cjk
    told = {w for w in every if _told(w)} | (stems(" ".join(t for t in found if _told(t))) & words)
    return every - told, told


def _told(word: str) -> bool:
    """Whether ``word`` says when, how often or what trouble rather than what is asked about."""
    key = word.casefold()
    return extent.english(key) or extent.chinese(word) or operations.known(key) or operations.mentioned(word)


def topic_words(question: str) -> list[alignment.Word]:
    """The words of a question that may tell its topic: content words, no name, rarer than
    ``GENERAL_ZIPF`` (a lone Chinese character only if it may be one on its own)."""
    ws = alignment.words(question)
    out = []
    for k, w in enumerate(ws):
        lone = w.cjk and len(w.text) == 1
        if (alignment.filler(w, ws[k - 1] if k else None) and not (lone and zh.tag(w.text) in _QUALIFYING)) \
                or alignment.name(w) or not any(ch.isalpha() for ch in w.text):
            continue
        if common.zipf(w.text, "zh" if w.cjk else "en") < GENERAL_ZIPF:
            out.append(w)
    return out


def unknown_topic(question: str, findings: Sequence[str]) -> bool:
    """Whether ``question`` has ``MIN_TOPIC`` topic words or more (``topic_words``) and none is the
    findings' or a word of IT operations (``app.domain.operations``)."""
    words = topic_words(question)
    if len(words) < MIN_TOPIC:
        return False
    text = "\n".join(findings)
    keys = {w.key for w in alignment.words(text)}
    hay = specific.prepared(text)
    return not operations.mentioned(question) and not any(
        w.key in keys or operations.known(w.key) or operations.known(w.text) or (w.cjk and w.text in hay)
        for w in words)


def floor(question: str, findings: Sequence[str]) -> Relevance:
    """``relevant`` when the findings share the question's subject (``asked_about``), ``off_topic``
    when they share none of what it asks about, or when it asks about nothing but words of time,
    extent or operations and its topic is neither the findings' nor IT operations'
    (``unknown_topic``); ``""`` otherwise (or when there are no findings)."""
    core, told = asked_about(question)
    if not findings:
        return ""
    text = "\n".join(findings)
    hay, own = specific.prepared(text), stems(text)
    shared = {s for s in core | told if s in own or specific.occurs(s, hay)}
    if shared and _another_thing(question, shared, text):
        return "off_topic"
    if shared:
        return "relevant"
    if core:
        return "off_topic"
    return "off_topic" if unknown_topic(question, findings) else ""


def _another_thing(question: str, shared: set[str], text: str) -> bool:
    """Whether every word of ``question`` the findings (``text``) share that is not a word of time,
    extent or trouble only modifies the head of a thing they do not name (``asked_thing``), and one
    does: "the invoice printer" of findings about invoice-svc."""
    keys = {w.key for w in alignment.words(text)}
    hay, own = specific.prepared(text), stems(text)
    mods = asked_thing.modifiers(
        question, lambda w: w.key in keys or specific.occurs(w.text, hay) or bool(stems(w.text) & own),
        {w.key for w in topic_words(question)})
    if not mods:
        return False
    modified = {m.casefold() for m in mods} | stems(" ".join(mods))
    return not any(not _within(s, modified) and not _told(s) for s in shared)


def _within(shared: str, modified: set[str]) -> bool:
    """Whether the shared word or token is one of the ``modified`` words, or a number with its
    measure word or label ("5 楼") whose words but the number are: a number labels its word."""
    if shared in modified:
        return True
    parts = [w.text for w in alignment.words(shared) if not specific.is_number(w.text)]
    return bool(parts) and all(p in modified for p in parts)


RANK: dict[Relevance, int] = {"off_topic": 0, "partial": 1, "relevant": 2, "": 3}


def combine(verifier: Relevance, floor_: Relevance) -> Relevance:
    """The more cautious of the Verifier's label and the floor."""
    return min(verifier, floor_, key=RANK.__getitem__)
