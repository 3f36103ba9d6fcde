"""Names written in common words: a run of capitalised words inside a sentence.

A specific token names by its form (``app.domain.specific``); a product, a feature or a team is
often named in common words instead, each capitalised ("Transfer Acceleration", "Blue Green
Rollout"). Inside a sentence English capitalises a word only to name: two or more capitalised
words in a row, none of them the sentence's first, are one name, as specific as a code. A line
that no material holds may name it only where its words are the material's; a gap line ("Not
confirmed by the evidence: …") restates an unconfirmed claim, and hides such a name as it hides
a specific token (``provenance.mask``). The sentence's first word is capitalised by grammar, not
to name, and is never part of a run.
"""

from __future__ import annotations

import re

from app.domain.text import canonical

MIN_RUN = 2
"""Capitalised words in a row that make a name (one alone may be a sentence's first word, or a
word a writer capitalised for emphasis)."""
_WORD = re.compile(r"[A-Za-z][\w'’.+-]*")
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
