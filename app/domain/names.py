"""Names written in common words: a run of capitalised words inside a sentence.

A specific token names by its form (``app.domain.specific``); a product, a feature or a team is
often named in common words instead, each capitalised ("Transfer Acceleration", "Blue Green
Rollout"). Inside a sentence English capitalises a word only to name: two or more capitalised
words in a row, none of them the sentence's first, are one name, as specific as a code. A line
that no material holds may name it only where its words are the material's; a gap line ("Not
confirmed by the evidence: …") restates an unconfirmed claim, and hides such a name as it hides
a specific token (``provenance.mask``). The sentence's first word is capitalised by grammar, not
to name, and is never part of a run.

A term coined in lower-case common words ("burst balance", "firmware stall", "交换机故障") names as
well: two or more words in a row that no material holds (``coined``), one of them no commoner than
``RARE_ZIPF``. An English one makes a line untraced, as a code the material lacks does
(``app.domain.provenance``). In a gap line it is hidden where the claim hedges ("probably … out of
burst balance"): a guess's coined term is the guess itself; its common words ("balance") stay.
Every gap line then hides the other terms the material lacks (``app.domain.gap_terms``).
"""

from __future__ import annotations

import re

from app.domain import common, specific
from app.domain.text import canonical

MIN_RUN = 2
"""Capitalised words in a row that make a name (one alone may be a sentence's first word, or a
word a writer capitalised for emphasis)."""
_WORD = re.compile(r"[A-Za-z][\w'’.+-]*")
RARE_ZIPF = 4.5
"""A common word rarer than this (wordfreq's Zipf scale: ``burst`` 4.15, ``leak`` 3.9; ``balance``
4.76, ``slow`` 4.85) is a term's naming part, not its kind."""
MAX_TERM_ZIPF = 5.0
"""A word at least this frequent ("was", "out", "probably") is the sentence's, never a term's."""
_TERM = re.compile(r"(?P<en>(?<![\w.-])[A-Za-z][A-Za-z'’-]+(?![\w.-]))|(?P<cjk>[\u3400-\u9fff]+)")
_STARTS = re.compile(r"(?:^|[.!?:;\n]|\s-\s)\s*$")
"""What a sentence (or a line's part after a colon) opens after: its first word is capitalised by
grammar."""


def _capital(word: str) -> bool:
    return word[0].isupper()


def capitalised(text: str) -> list[str]:
    """The runs of ``MIN_RUN`` or more capitalised words of ``text``, each as written, that do not
    open a sentence (a word opening one is left out of its run)."""
    text = canonical(text)
    out: list[str] = []
    run: list[re.Match[str]] = []

    def close() -> None:
        if len(run) >= MIN_RUN:
            out.append(text[run[0].start():run[-1].end()])
        run.clear()

    for m in _WORD.finditer(text):
        gap = text[run[-1].end():m.start()] if run else ""
        if run and gap.strip():  # punctuation between two words ends a run
            close()
        if _capital(m.group()) and not _STARTS.search(text[:m.start()]):
            run.append(m)
        else:
            close()
    close()
    return out


def held(name: str, known: str) -> bool:
    """Whether ``known`` holds ``name`` as a phrase (case aside, any spacing between its words)."""
    phrase = r"\s+".join(re.escape(w) for w in name.split())
    return re.search(rf"(?i)(?<![\w-]){phrase}(?![\w-])", canonical(known)) is not None


def coined(text: str, known: str) -> list[str]:
    """The rare words (rarer than ``RARE_ZIPF``) of the runs of two or more words of ``text`` in a
    row (English words, or the words of one Chinese run) that ``known`` (prepared) does not hold,
    each a common word rarer than ``MAX_TERM_ZIPF``: the naming part of a term the material lacks."""
    out: list[str] = []
    run: list[tuple[str, float]] = []

    def close() -> None:
        if len(run) >= MIN_RUN:
            out.extend(w for w, z in run if z < RARE_ZIPF)
        run.clear()

    text = canonical(text)
    end = 0
    for m in _TERM.finditer(text):
        if text[end:m.start()].strip():
            close()
        end = m.end()
        lang = "en" if m.group("en") else "zh"
        pieces = [m.group()] if lang == "en" else [w for w, _ in specific.cjk_segments(m.group())]
        for word in pieces:
            key = word.casefold()
            z = common.zipf(key, lang) if key in common.common_words(lang) else MAX_TERM_ZIPF
            if len(key) > 1 and z < MAX_TERM_ZIPF and not _held_word(key, known):
                run.append((word, z))
            else:
                close()
        if lang == "zh":
            close()
    close()
    return out


def _held_word(word: str, known: str) -> bool:
    """Whether ``known`` (prepared) holds ``word`` or its stem (``bursts`` for ``burst``)."""
    stem = re.sub(r"(?:ing|ed|es|s)$", "", word) if word.isascii() and len(word) > 4 else word
    return specific.occurs(word, known) or specific.occurs(stem, known)
