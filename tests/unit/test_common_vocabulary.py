"""The vocabularies read bucket by bucket are the ones their definitions give over wordfreq's
whole list: the common words (at least ``COMMON_ZIPF`` frequent, Chinese ones at most
``MAX_CJK_WORD`` long) with their Zipf frequencies, value for value, and the words too frequent
to tell a question's topic (at least ``SUBJECT_ZIPF``)."""

from __future__ import annotations

import math

import pytest
import wordfreq

from app.domain import common, relevance


def _at_least(lang: str, zipf: float) -> dict[str, float]:
    floor = 10 ** (zipf - 9)
    return {w: f for w, f in wordfreq.get_frequency_dict(lang).items() if f >= floor}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_common_vocabulary_is_its_definition(lang: str) -> None:
    defined = {w: math.log10(f) + 9 for w, f in _at_least(lang, common.COMMON_ZIPF).items()
               if lang != "zh" or len(w) <= common.MAX_CJK_WORD}
    assert common.common_words(lang) == defined


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_words_too_frequent_for_a_topic_are_their_definition(lang: str) -> None:
    assert relevance._frequent(lang) == frozenset(_at_least(lang, relevance.SUBJECT_ZIPF))
