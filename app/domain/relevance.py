"""Relevance: a PASS answer addresses the question.

The question's *subject* is what it names (its specific tokens, ``app.domain.specific``) and its
less common content words (Zipf frequency below ``SUBJECT_ZIPF``: "kafka", "lag", "ingest" are
subject; "disk", "alert", "fix" are not). The deterministic floor: findings that share none of
the question's subject are off topic. A question without a subject ("what is wrong?") cannot be
judged this way and is left to the Verifier's own label. Off topic is never PASS (reconcile).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from app.domain import specific
from app.domain.provenance import stems
from events.models import Relevance

SUBJECT_ZIPF = 4.0


@functools.cache
def _frequent(lang: str) -> frozenset[str]:
    import wordfreq

    floor = 10 ** (SUBJECT_ZIPF - 9)
    return frozenset(w for w, f in wordfreq.get_frequency_dict(lang).items() if f >= floor)


def subject_of(question: str) -> set[str]:
    """What the question is about: its specific tokens and its less common content words (stems)."""
    tokens = {t.casefold() for t in specific.specific_tokens(question)}
    words = {w for w in stems(question) if w.isascii() and w.isalpha() and w not in _frequent("en")
             and w not in tokens}
    cjk = {w for w in stems(question) if not w.isascii() and w not in _frequent("zh")}
    return tokens | words | cjk


def floor(question: str, findings: Sequence[str]) -> Relevance:
    """``relevant`` when the findings share the question's subject, ``off_topic`` when they share
    none of it, ``""`` when the question has no subject to share (or there are no findings)."""
    subject = subject_of(question)
    if not subject or not findings:
        return ""
    text = "\n".join(findings)
    hay, own = specific.prepared(text), stems(text)
    shared = [s for s in subject if s in own or specific.occurs(s, hay)]
    return "relevant" if shared else "off_topic"


RANK: dict[Relevance, int] = {"off_topic": 0, "partial": 1, "relevant": 2, "": 3}


def combine(verifier: Relevance, floor_: Relevance) -> Relevance:
    """The more cautious of the Verifier's label and the floor."""
    return min(verifier, floor_, key=RANK.__getitem__)
