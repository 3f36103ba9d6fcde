"""Chinese cut into words, each with its part of speech (``jieba``: its shipped dictionary, no model).

Chinese is written without spaces: a rule about the words of a line needs the words first. The
tagger's dictionary loads once (~1 s, at a worker's warm-up); a run of text is cut once and
remembered, as the lines of a session are judged many times.
"""

from __future__ import annotations

import functools
import logging
import re
from typing import Any

log = logging.getLogger(__name__)

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
CONJUNCTION = "c"
"""jieba's tag of a conjunction (和, 而, 并, 因此, 是因为): where one clause ends and another begins."""
JOINING = frozenset("与 因".split())
"""The prepositions that join a second party or a cause as a conjunction does (与 "with/and",
因 "because of"), tagged ``p`` by the tagger."""


@functools.cache
def _posseg() -> Any:
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba.posseg


@functools.lru_cache(maxsize=16_384)
def tagged(text: str) -> tuple[tuple[str, str], ...]:
    """The words of ``text`` with their tags, every character kept (Latin words tagged ``eng``,
    spaces and punctuation ``x``)."""
    return tuple((p.word, p.flag) for p in _posseg().cut(text, HMM=False))


def clauses(text: str) -> list[str]:
    """``text`` cut at its Chinese conjunctions and joining prepositions (the word left out);
    text without Chinese is one clause."""
    if not _CJK.search(text):
        return [text]
    out, cur = [], ""
    for word, tag in tagged(text):
        if tag == CONJUNCTION or (word in JOINING and tag == "p"):
            out.append(cur)
            cur = ""
        else:
            cur += word
    return [c for c in [*out, cur] if c.strip()]


def warm() -> None:
    """Load the tagger's dictionary now (a worker does it before taking work)."""
    tagged("昨晚")
