"""The common vocabulary of English and Chinese, from wordfreq's shipped frequency lists: a word at
least ``COMMON_ZIPF`` frequent describes, a rarer one names (``app.domain.specific``); each common
word keeps its Zipf frequency, for the rules that compare how common two words are."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping

COMMON_ZIPF = 3.0
"""A word at least this frequent (Zipf scale: 3.0 is once per million words) is common; rarer
words name things (``kafka`` 2.97, ``kestrel`` 2.47, ``logrotate`` 0; ``timeout`` 3.21)."""
MAX_CJK_WORD = 4
"""A Chinese common word is at most this many characters (longer entries are phrases)."""


def frequent(lang: str, zipf: float) -> Iterator[tuple[float, list[str]]]:
    """wordfreq's words of ``lang`` at least ``zipf`` frequent, in its buckets of one frequency
    each, most frequent first, with that frequency (a share of all words). Reading stops at the
    first bucket below ``zipf``: the whole list as a dictionary (``wordfreq.get_frequency_dict``,
    320,000 English words of which 29,000 are common; wordfreq keeps it) cost a worker's start
    ~0.25 s more CPU for the same words and values."""
    import wordfreq

    floor = 10 ** (zipf - 9)
    for cb, bucket in enumerate(wordfreq.get_frequency_list(lang)):
        f = wordfreq.cB_to_freq(-cb)
        if f < floor:
            return
        yield f, bucket


@functools.cache
def _common(lang: str) -> dict[str, float]:
    """The common vocabulary of ``lang``, each word with its Zipf frequency, from wordfreq's shipped
    lists (read once, ~0.1 s)."""
    return {w: math.log10(f) + 9 for f, bucket in frequent(lang, COMMON_ZIPF) for w in bucket
            if lang != "zh" or len(w) <= MAX_CJK_WORD}


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
