"""The common vocabulary of English and Chinese, from wordfreq's shipped frequency lists: a word at
least ``COMMON_ZIPF`` frequent describes, a rarer one names (``app.domain.specific``); each common
word keeps its Zipf frequency, for the rules that compare how common two words are."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping

COMMON_ZIPF = 3.0
"""A word at least this frequent (Zipf scale: 3.0 is once per million words) is common; rarer
words name things (``kafka`` 2.97, ``kestrel`` 2.47, ``logrotate`` 0; ``timeout`` 3.21)."""
MAX_CJK_WORD = 4
"""A Chinese common word is at most this many characters (longer entries are phrases)."""


@functools.cache
def _common(lang: str) -> dict[str, float]:
    """The common vocabulary of ``lang``, each word with its Zipf frequency, from wordfreq's shipped
    lists (read once, ~0.2 s)."""
    import wordfreq

    floor = 10 ** (COMMON_ZIPF - 9)
    words = wordfreq.get_frequency_dict(lang)
    return {w: math.log10(f) + 9 for w, f in words.items() if f >= floor and (lang != "zh" or len(w) <= MAX_CJK_WORD)}


def common_words(lang: str) -> Mapping[str, float]:
    """The common vocabulary of ``lang`` (``en`` or ``zh``), with each word's Zipf frequency."""
    return _common(lang)


def zipf(word: str, lang: str = "en") -> float:
    """How common ``word`` is (wordfreq's Zipf scale: 3.0 is once per million words); a word outside
    the common vocabulary counts as just below it."""
    return _common(lang).get(word, COMMON_ZIPF - 0.01)


def warm() -> None:
    """Load both vocabularies now (a worker does it before taking work)."""
    _common("en"), _common("zh")
