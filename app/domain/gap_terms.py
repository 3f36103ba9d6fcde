"""What a gap line may repeat: the terms the allowed material holds, and the words of grammar.

A gap line ("Not confirmed by the evidence: …") restates a claim the evidence does not confirm. It
is traced to no item, so it may not carry a term no allowed material holds (the evidence, the
confirmed claims, the question), whatever the term's form: a word outside the common vocabulary
("backend **pelican**"), a Chinese term ("所在**机柜断电**", "磁盘**写满**"), or a phrase of common
words naming a thing the material does not ("a **service control policy**"). ``provenance.mask``
hides the specific tokens and the names of such a line; here every other term it lacks is hidden.

The line must still say *which* claim went unconfirmed, so what it keeps is what names that claim
in the material's own terms, and the grammar that joins them:

- a word of grammar stays: an English word at least ``specific.FUNCTION_ZIPF`` frequent ("of",
  "from", "also"), a Chinese character of grammar (a conjunction, preposition, particle, adverb or
  word of place: 的, 在, 后, 才), a word of time, quantity, condition or relation, the wording of
  causes, hedges and certainty (``vocabulary.CAUSAL_WORDS``: "caused", "may", 可能, 造成) and the
  negators ("never", 没有: a gap line that drops its "not" says the opposite);
- an English word the material holds, in any inflection (``names``), stays; one it lacks is hidden
  when rarer than ``names.RARE_ZIPF`` (a word that names: "pelican", "rotation"; a commoner one
  alone describes: "returned"), or when it stands beside another such word (two or more in a row
  make a term, however common its words: "control policy");
- a Chinese term (the words between two words of grammar) keeps each stretch of two or more
  characters the material holds; every other stretch is hidden, unless it is one common word
  no rarer than ``names.RARE_ZIPF`` (达到, 记录), or one character the material has elsewhere
  (Chinese writes one word in several characters, and one of them is no term).

Neighbouring hidden terms become one placeholder, so the line reads "cass-n04 所在[unverified]后才下线".
"""

from __future__ import annotations

import re

from app.domain import alignment, common, names, specific, vocabulary, zh

_EN = re.compile(r"(?<![\w.:/@#+'’\[-])[A-Za-z]+(?:['’]s)?(?![\w.:/@#+'’\]-])")
_CJK = re.compile(r"[\u3400-\u9fff]+")
_TOKEN = re.compile(f"{_EN.pattern}|{_CJK.pattern}")
_WORDING = frozenset(
    w.casefold() for w in f"{vocabulary.CAUSAL_WORDS} {vocabulary.MARKER_WORDS}".split())
"""The wording of causes, hedges and certainty: how a claim is put, not what it names."""
_ZH_GRAMMAR = frozenset({"c", "p", "d", "f", "r", "y", "e", "o", "u", "uj", "ul", "uz", "ud", "ug", "uv", "q"})
"""The parts of speech of a Chinese character of grammar (jieba's tags): conjunction, preposition,
adverb, word of place, pronoun, modal particle, interjection, onomatopoeia, the particles, measure."""
MIN_HELD_CJK = 2
"""The shortest Chinese stretch that the material holding it tells a term by (one character is in
most texts)."""


def _wording(word: str, cjk: bool) -> bool:
    """A word of how a claim is put: a cause, a hedge, certainty, or a negator (never, 没有)."""
    return word in _WORDING or vocabulary.hedged(word) or alignment.negation(alignment.Word(word, cjk)) == "neg"


def _grammar_en(word: str) -> bool:
    key = word.casefold().removesuffix("'s").removesuffix("’s")
    return _wording(key, False) or common.zipf(key) >= specific.FUNCTION_ZIPF


def _grammar_zh(word: str) -> bool:
    if _wording(word, True):
        return True
    tag = zh.tag(word)
    return tag in zh.KEPT if len(word) > 1 else tag in _ZH_GRAMMAR or common.zipf(word, "zh") >= specific.FUNCTION_ZIPF


def _lone_word(word: str, lang: str) -> bool:
    """Whether ``word``, standing alone among held words, is one common word that describes (at
    least ``names.RARE_ZIPF`` frequent: "returned", 达到), not one that names ("pelican", 断电)."""
    return word in common.common_words(lang) and common.zipf(word, lang) >= names.RARE_ZIPF


def _english(words: list[re.Match[str]], known: str) -> list[tuple[int, int]]:
    """The spans of a run of English words (no punctuation between) to hide."""
    out: list[tuple[int, int]] = []
    run: list[re.Match[str]] = []

    def close() -> None:
        if len(run) >= names.MIN_RUN:
            out.extend(m.span() for m in run)
        else:
            out.extend(m.span() for m in run if not _lone_word(m.group().casefold(), "en"))
        run.clear()

    for m in words:
        key = m.group().casefold().removesuffix("'s").removesuffix("’s")
        if _grammar_en(key) or names._held_word(key, known):
            close()
        else:
            run.append(m)
    close()
    return out


def _chinese(run: re.Match[str], known: str) -> list[tuple[int, int]]:
    """The spans of a CJK run to hide: in each term between two words of grammar, every stretch of
    characters that no held stretch of ``MIN_HELD_CJK`` or more characters covers."""
    out: list[tuple[int, int]] = []
    at = run.start()
    term: list[str] = []

    def close(end: int) -> None:
        text = "".join(term)
        start = end - len(text)
        covered = [False] * len(text)
        for i in range(len(text)):
            for j in range(len(text), i + MIN_HELD_CJK - 1, -1):
                if text[i:j] in known:
                    covered[i:j] = [True] * (j - i)
                    break
        i = 0
        while i < len(text):
            if covered[i]:
                i += 1
                continue
            j = i
            while j < len(text) and not covered[j]:
                j += 1
            if text[i] not in known if j - i == 1 else not _lone_word(text[i:j], "zh"):
                out.append((start + i, start + j))
            i = j
        term.clear()

    for piece, rare in specific.cjk_segments(run.group()):
        numeral = rare and specific._numeral(piece[0])
        if numeral or (not rare and _grammar_zh(piece)):
            close(at)
        else:
            term.append(piece)
        at += len(piece)
    close(at)
    return out


def unheld_spans(text: str, known: str) -> list[tuple[int, int]]:
    """The spans of ``text`` (a gap line's claim) holding a term that ``known`` (prepared: the
    allowed material) lacks, in order."""
    spans: list[tuple[int, int]] = []
    words: list[re.Match[str]] = []
    end = 0
    for m in _TOKEN.finditer(text):
        if words and (text[end:m.start()].strip() or _CJK.fullmatch(m.group())):
            spans += _english(words, known)
            words = []
        if _CJK.fullmatch(m.group()):
            spans += _chinese(m, known)
        else:
            words.append(m)
        end = m.end()
    spans += _english(words, known)
    return sorted(spans)


def mask_unheld(text: str, known: str, placeholder: str = "[unverified]") -> str:
    """``text`` with every term ``known`` (the allowed material, any case) lacks replaced by
    ``placeholder``; placeholders with only spaces between become one."""
    hay = specific.prepared(known)
    out, end = [], 0
    for start, stop in unheld_spans(text, hay):
        out += [text[end:start], placeholder]
        end = stop
    out.append(text[end:])
    merged = re.escape(placeholder)
    return re.sub(rf"{merged}(?:\s*{merged})+", placeholder, "".join(out))
