"""A cause told under a hedge of a thing no material names: the guess is the cause itself.

A line that hedges (likely, probably, 可能, 疑似) and joins two facts as cause and effect ("X
probably led to Y", "likely because of X", "可能是 X 导致 Y", "疑似 X 引起 Y") is traced clause by
clause, each clause by half its terms; a side of the cause may so keep a name of its item and add
the word that names what went wrong ("db-bill-04 的 BBU 电池老化", where the item has the battery's
learn cycle and no ageing; "container aging" where the item has a container released). That word
is the cause the line gives, and no item gives it. So a side of a cause may carry no word that
names (a common word rarer than ``names.RARE_ZIPF``, of two letters or characters or more) that the
material lacks: the cause between two facts is the material's only where each fact is. A cause told
as fact ("电池老化导致学习周期拖长", "X caused Y", "Y because of X") is held to the same on its cause
side: a cause no item names is the line's own however it is told (a failure to act, "could not
fetch its shuffle data", restates its item's failure). Its effect side may restate what
the writer holds true in verbs of its own ("让 VD0 切成 WriteThrough" of "切为"), where a hedge marks
the whole line as the line's own guess ("could not" hedges nothing). The words of cause and of
hedging, and a line's opening attribution ("根据运行手册 x.md，"), are wording, not a side's content;
a word outside the common vocabulary is a specific token and judged as one already.

Chinese is cut into its words first, so that a term the material does not hold is seen even
where one of its words is the material's: 电池老化 is 电池 (held) and 老化 (not).
"""

from __future__ import annotations

import re

from app.domain import causality, common, names, specific
from app.domain.text import canonical
from app.domain.vocabulary import CAUSAL_WORDS, hedged, unhedged

_WORD = re.compile(r"(?P<en>(?<![\w.-])[A-Za-z][A-Za-z'’]+(?![\w.-]))|(?P<zh>[\u3400-\u9fff]+)")
_WORDING = frozenset(CAUSAL_WORDS.split())
_INABILITY = re.compile(r"(?i)\b(?:could|might|may)\s+not\b|\bcouldn't\b")
""""could not fetch" tells what did not happen, it hedges nothing."""
_ATTRIBUTION = re.compile(r"^\s*(?:(?:根据|依据|按照|据)[^，,：:]*[，,：:]"
                          r"|(?i:according\s+to|based\s+on)\s[^,:]*[,:])\s*")
"""A line's opening attribution ("根据运行手册 x.md § 原因，", "According to x.md § Causes,"): where
the line's words come from, not a side of its cause."""


def _naming(side: str) -> list[str]:
    """The words of ``side`` that name: common words rarer than ``names.RARE_ZIPF``."""
    out: list[str] = []
    for m in _WORD.finditer(canonical(unhedged(side))):
        lang = "en" if m.group("en") else "zh"
        pieces = [m.group()] if lang == "en" else [w for w, _ in specific.cjk_segments(m.group())]
        for word in pieces:
            key = word.casefold()
            if len(key) > 1 and key not in _WORDING and key in common.common_words(lang) \
                    and common.zipf(key, lang) < names.RARE_ZIPF:
                out.append(word)
    return out


def invented(line: str, known: str) -> str | None:
    """The word naming a side of the cause ``line`` gives under a hedge, or its cause side where it
    tells the cause as fact, that ``known`` (the material, prepared) does not hold; None where the
    line gives no cause, or those sides' naming words are held."""
    line = _ATTRIBUTION.sub("", line)
    parts = causality.parts(line)
    if parts is None:
        return None
    if hedged(_INABILITY.sub(" ", line)):
        sides: tuple[str, ...] = parts
    else:  # told as fact: its cause side, unless a failure to act in words of its own ("could not fetch")
        sides = tuple(p for p in parts[:1] if not _INABILITY.search(p))
    return next((w for side in sides for w in _naming(side) if not _held(w.casefold(), known)), None)


def _held(word: str, known: str) -> bool:
    """Whether ``known`` holds ``word``: as a word, opening a longer one (fetch of FetchFailed), or,
    a Chinese word closed by the general measure word, without it (单个 of 单 IP)."""
    if names._held_word(word, known):
        return True
    if word.isascii():
        return re.search(rf"(?<![a-z]){re.escape(word)}[a-z]", known) is not None
    return word.endswith(specific.GENERAL_MEASURE) and names._held_word(word[:-1], known)
