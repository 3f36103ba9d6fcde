"""Language-neutral text helpers: no whitespace tokenisation, so Chinese works as well as English."""

from __future__ import annotations

import functools
import re
import unicodedata

from events.models import Language

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/%-]*[A-Za-z0-9%]|[A-Za-z0-9]")
STOPWORDS = frozenset(
    "a an the is are was were be been of to in on at for from by with and or not no why what how "
    "when which who does did do it its this that these those there their our your my has have had "
    "can could should would will may might than then into over under after before about please "
    "help me we i you they he she server host service cause root reason problem issue wrong keep "
    "happening happen 为什么 怎么办 怎么 原因".split()
)


def language_of(text: str) -> Language:
    """'zh' when a tenth or more of the letters are CJK ideographs, else 'en'."""
    cjk = len(_CJK.findall(text))
    letters = sum(ch.isalpha() for ch in text)
    return "zh" if letters and cjk / letters >= 0.1 else "en"


# Invisible format characters (zero-width spaces and joiners, bidi marks, the BOM, the soft
# hyphen, tags): a model can put one inside "ERR-7781" and no pattern would see the code.
_INVISIBLE = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
                        "\ufeff\ufff9-\ufffb\U000e0000-\U000e007f]")


_THIN_GROUP = re.compile(r"(?<=\d)[\u2009\u202f](?=\d{3}(?!\d))")
"""A thin space between groups of digits (``1 234 567``): a thousands separator, which NFKC would
turn into a plain space, making one number two (a plain space between digits is left: ``80 443`` may be
two ports)."""
_CLAUSE_COMMA = re.compile(r"(?<=\d)\uff0c(?=\d)")
"""A Chinese comma (，) between digits ends a clause, never groups digits: NFKC would make it a
plain comma and glue two values into one number ("4/4，503 降为 0" read as 4/4503)."""


def canonical(text: str) -> str:
    """The form every check reads: NFKC (full-width ＥＲＲ－７７８１ is ERR-7781) without invisible
    format characters, digits grouped by thin spaces joined. ASCII text is its own canonical form;
    a line's is remembered (the rules read the same lines many times a session)."""
    if text.isascii():
        return text
    return _canonical_line(text) if len(text) <= 1024 else _canonical(text)


@functools.lru_cache(maxsize=16_384)
def _canonical_line(text: str) -> str:
    return _canonical(text)


def _canonical(text: str) -> str:
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", _CLAUSE_COMMA.sub(", ", _THIN_GROUP.sub("", text))))


def normalise(text: str) -> str:
    """Canonical, whitespace collapsed, lower case (short texts, read many times a session, are remembered)."""
    return _normalised(text) if len(text) <= CACHED_CHARS else _normalise(text)


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", canonical(text)).strip().lower()


CACHED_CHARS = 4096


@functools.lru_cache(maxsize=16_384)
def _normalised(text: str) -> str:
    return _normalise(text)


def terms(text: str) -> frozenset[str]:
    """Content terms: ASCII words (minus stopwords) plus CJK character bigrams. Claims and lines
    are judged many times per session: short texts are remembered."""
    return _terms_cached(text) if len(text) <= CACHED_CHARS else _terms(text)


@functools.lru_cache(maxsize=16_384)
def _terms_cached(text: str) -> frozenset[str]:
    return _terms(text)


def _terms(text: str) -> frozenset[str]:
    text = normalise(text)
    out = {w.strip(".:/-") for w in _WORD.findall(text)}
    out = {w for w in out if w and w not in STOPWORDS and (len(w) > 2 or w.isdigit())}
    for run in re.findall(r"[\u3400-\u9fff]+", text):
        if len(run) == 1:
            out.add(run)
        out.update(run[i : i + 2] for i in range(len(run) - 1))
    return frozenset(out)


def overlap(claim: str, evidence: str) -> float:
    """Share of the claim's content terms that also occur in the evidence (0..1)."""
    ct = terms(claim)
    if not ct:
        return 0.0
    return len(ct & terms(evidence)) / len(ct)
