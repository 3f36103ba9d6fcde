"""The parts of speech of Chinese words, from ``jieba``'s shipped dictionary (read as data, no model).

Chinese is written without spaces: a line is cut into words by the common vocabulary
(``app.domain.specific.cjk_segments``), and a word's part of speech is looked up here. Only the
tags the rules ask about are kept (time words ``t``, numeral-quantity words ``m``, conjunctions
``c``, prepositions ``p``, and every single character's: 27,011 words of jieba's 349,046), read
once (~0.3 s, at a worker's warm-up): jieba's own segmenter would hold its whole dictionary in
memory (~120 MB) for the same answers.
"""

from __future__ import annotations

import functools
import importlib.util
import logging
from pathlib import Path

log = logging.getLogger(__name__)

TIME, QUANTITY, CONJUNCTION, PREPOSITION, VERB, DIRECTION = "t", "m", "c", "p", "v", "f"
KEPT = frozenset({TIME, QUANTITY, CONJUNCTION, PREPOSITION})


@functools.cache
def _tags() -> dict[str, str]:
    out: dict[str, str] = {}
    spec = importlib.util.find_spec("jieba")  # found, not imported: importing it loads its HMM tables
    if spec is None or spec.origin is None:
        raise RuntimeError("jieba is not installed: `make venv` installs it (pyproject.toml)")
    with (Path(spec.origin).parent / "dict.txt").open(encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and (parts[2] in KEPT or len(parts[0]) == 1):
                out[parts[0]] = parts[2]
    return out


def tag(word: str) -> str:
    """The part of speech of a Chinese word if it is one the rules ask about, else ``""``."""
    return _tags().get(word, "")


def function_word(word: str) -> bool:
    """Whether ``word`` is a preposition, a conjunction or a structural particle (比, 在, 和, 的, 了):
    a word of grammar, which says nothing of what a line is about."""
    t = tag(word)
    return t in (PREPOSITION, CONJUNCTION) or t.startswith("u")


def warm() -> None:
    """Read the tags now (a worker does it before taking work)."""
    _tags()
