"""The common vocabulary read bucket by bucket is the one its definition gives: every word of
wordfreq's list at least ``COMMON_ZIPF`` frequent (Chinese ones at most ``MAX_CJK_WORD`` long),
with its Zipf frequency, value for value."""

from __future__ import annotations

import math

import pytest
import wordfreq

from app.domain import common


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_common_vocabulary_is_its_definition(lang: str) -> None:
    floor = 10 ** (common.COMMON_ZIPF - 9)
    defined = {w: math.log10(f) + 9 for w, f in wordfreq.get_frequency_dict(lang).items()
               if f >= floor and (lang != "zh" or len(w) <= common.MAX_CJK_WORD)}
    assert common.common_words(lang) == defined
