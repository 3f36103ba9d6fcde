"""Root-cause wording, English and Chinese.

Two questions are asked of a text: does it word a cause as the sole or certain one ("X is the
only cause", "X alone caused it", "the cause is clearly X", "罪魁祸首是X"), which an inference may
never do (spec 003), told by a rule on each sentence; and does it assert a cause at all ("because", "due to",
"导致"), which an action may only do when the cause it names was confirmed. ``soften`` rewrites
sole or certain wording into a hedged one; it never adds content.
"""

from __future__ import annotations

import re
from typing import Literal

# Sole or certain cause wording is told by a rule on the sentence, not by a list of phrases: a
# sentence that names a cause (a causal verb or marker, or a cause noun) words it as the sole or
# certain one when it carries a word of exclusivity or of certainty (closed classes of adverbs
# and modals, as stopwords are), or names *the* cause with a copula ("the cause is X", "X is the
# root cause", "罪魁祸首是X") without a hedge. Any phrasing built from those parts is caught:
# "X alone caused it", "the cause is clearly X", "X must be the cause", "问题完全出在X".
_EXCLUSIVE = (r"only|sole|solely|alone|single|singular|entirely|exclusively|purely|wholly|completely|fully|"
              r"no\s+other|nothing\s+else|one\s+and\s+only|ultimate|true|real|actual|definitive")
_CERTAIN = (r"definitely|definitive|certainly|certain|clearly|clear|obviously|surely|undoubtedly|unquestionably|"
            r"absolutely|must|always|undeniably|doubt|100\s?%|for\s+sure|guaranteed")
_MARKER_EN = re.compile(rf"(?i)\b(?:{_EXCLUSIVE}|{_CERTAIN})\b")
_MARKER_ZH = re.compile(r"唯一|仅仅|仅|只有|只是|完全|纯粹|全部|肯定|一定|必然|必定|显然|无疑|毫无疑问|毋庸置疑|绝对|"
                        r"确定|确实|就是|正是")
_HEDGE = re.compile(r"(?i)\b(?:likely|possibl[ey]|probabl[ey]|may|might|could|perhaps|maybe|seems?|appears?|suggests?|"
                    r"potential(?:ly)?|one\s+of)\b|可能|也许|或许|大概|似乎|疑似|之一|看来|看起来|好像")
MARKER_WORDS = " ".join(w for w in re.split(r"[|\s+?%]+", f"{_EXCLUSIVE}|{_CERTAIN}") if w.isalpha())
"""The words of exclusivity and certainty: wording, not content a cause adds."""
_CAUSE_NOUN = r"(?:root[- ]?)?(?:causes?|reasons?|culprits?|sources?|origins?)"
_DEFINITE = re.compile(rf"(?i)\bthe\s+(?:\w+\s+)?{_CAUSE_NOUN}\s*(?:is|was|are|were|:|lies)\b|"
                       rf"\b(?:is|was|are|were|be|been)\s+(?:\w+\s+)?the\s+(?:\w+\s+)?{_CAUSE_NOUN}\b|"
                       r"(?:原因|根因|根源|祸首|起因|源头)(?:就|即)?(?:是|在于|为)|出在")
_CAUSE_WORD = re.compile(r"(?i)\b(?:root[- ]?)?(?:causes?|reasons?|culprits?)\b|\b(?:sources?|origins?)\s+of\b|"
                         r"\broot[- ]?(?:sources?|origins?)\b|\bcaus(?:e|ed|es|ing)\b|"
                         r"原因|根因|根源|祸首|起因|源头|出在|归因|源于")
"""A word naming a cause. A source or an origin is one only as the source *of* something or a root
one ("the source of the errors"), or where a copula names it *the* one (``_DEFINITE``): "chrony with
one source only" counts NTP servers, it names no cause."""
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|[\n。！？；]+")


def _sole_or_certain(sentence: str) -> bool:
    if not (_CAUSE_WORD.search(sentence) or asserts_cause(sentence) or _DEFINITE.search(sentence)):
        return False
    if _MARKER_EN.search(sentence) or _MARKER_ZH.search(sentence):
        return True
    return _DEFINITE.search(sentence) is not None and _HEDGE.search(sentence) is None


CAUSAL: list[re.Pattern[str]] = [
    re.compile(r"(?i)\b(?:is|was|are|were)\s+(?:[\w-]+\s+)?(?:the|a|an)\s+(?:[\w-]+\s+){0,3}"
               r"(?:root[- ]?)?(?:causes?|reasons?|culprits?)\b"),
    re.compile(r"(?i)\b(?:root[- ]?)?(?:cause|reason)s?\s+(?:is|was|are|were|:)"),
    re.compile(r"(?i)\b(?:caused\s+by|because|due\s+to|owing\s+to|as\s+a\s+result\s+of|"
               r"leads?\s+to|led\s+to|results?\s+in|resulted\s+in|is\s+causing|are\s+causing|"
               r"responsible\s+for|triggered\s+by|the\s+culprit|is\s+the\s+(?:cause|reason)|is\s+why)\b"),
    re.compile(r"导致|引起|造成|由于|因为|根因|根本原因|原因是|起因|引发|是.{0,6}原因|因[^，。,；;]{1,30}?而"),
]


# Where a causal marker puts the cause: after it ("because X", "caused by X", "由于X") or before
# it ("X led to", "X caused", "X导致"). The first pattern that matches decides ("caused by" before
# "caused").
CAUSE_SIDE: list[tuple[re.Pattern[str], Literal["after", "before"]]] = [
    (re.compile(r"(?i)\b(?:caused\s+by|because(?:\s+of)?|due\s+to|owing\s+to|as\s+a\s+result\s+of|triggered\s+by|"
                r"(?:root[- ]?)?(?:causes?|reasons?)\s+(?:is|was|are|were|:)|the\s+culprit\s+(?:is|was))"), "after"),
    (re.compile(r"(?i)\b(?:leads?\s+to|led\s+to|results?\s+in|resulted\s+in|(?:is|are)\s+causing|caused|"
                r"responsible\s+for|(?:is|was|are|were)\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}(?:root[- ]?)?"
                r"(?:causes?|reasons?|culprits?)|is\s+why|what\s+caused)\b"), "before"),
    (re.compile(r"由于|因为|根本原因是|根因是|原因是|起因是"), "after"),
    (re.compile(r"导致|引起|造成|引发|是.{0,6}原因"), "before"),
]
# Words of the causal and hedging vocabulary itself: not content a cause adds.
CAUSAL_WORDS = ("cause causes caused causing reason reasons culprit root likely possibly probably possible "
                "maybe perhaps might could seems appears definitely certainly clearly obviously surely main primary "
                "原因 根因 可能 也许 或许 导致 引起 造成 引发 由于 因为 主要 肯定 显然")


_CLAUSE = re.compile(r"[,，、:：]|\s(?:and|but|so|while)\s")
_BARE = frozenset({"which", "that", "this", "it", "what", "and which", "这", "这是", "这就是"})
"""A clause that only points back ("…, which led to"): the cause is the rest of its side."""


def cause_named(text: str) -> str | None:
    """The part of ``text`` (one sentence) that a causal marker in it names as the cause: the
    clause beside the marker on the cause's side, or, where that clause names nothing ("…, which
    led to"), the whole side; None when it asserts no cause."""
    for pat, side in CAUSE_SIDE:
        m = pat.search(text)
        if m is None:
            continue
        whole = text[m.end():] if side == "after" else text[:m.start()]
        parts = _CLAUSE.split(whole)
        clause = parts[0] if side == "after" else parts[-1]
        return clause if re.search(r"\w", clause) and clause.strip().lower() not in _BARE else whole
    return None


def unhedged(text: str) -> str:
    """``text`` without its hedging words: wording, not content a clause adds."""
    return _HEDGE.sub(" ", text)


def hedged(text: str) -> bool:
    """Whether ``text`` hedges what it says (likely, may, 可能, …)."""
    return _HEDGE.search(text) is not None


def mentions_sole_root_cause(text: str) -> bool:
    """Sole or certain cause wording in any sentence of ``text``, English or Chinese."""
    return any(_sole_or_certain(x) for x in _SENTENCE.split(text))


def _soften_sentence(sentence: str) -> str:
    """The markers of exclusivity and certainty dropped, *the* cause made *a likely* one."""
    out = re.sub(r"(?i)\bwithout\s+(?:a\s+|any\s+)?doubt\b,?\s*", "", sentence)
    out = re.sub(r"(?i)\b(?:there\s+is\s+)?no\s+other\s+(?:possible\s+)?", "other causes are possible; one ", out)
    out = re.sub(r"(?i)\bmust\b", "may", out)
    out = re.sub(rf"(?i)\s*\b(?:{_EXCLUSIVE}|{_CERTAIN})\b", "", out)
    out = re.sub(rf"(?i)\bthe\s+((?:\w+\s+)?){_CAUSE_NOUN.replace('(?:', '(')}", r"a likely \1\2\3", out)
    out = out.replace("就是", "是").replace("正是", "是")
    out = _MARKER_ZH.sub("", out)
    out = re.sub(r"(原因|根因|根源|祸首|起因|源头)(是|在于|为)", r"\1可能\2", out)
    out = re.sub(r"(?<!可能)出在", "可能出在", out)
    if _sole_or_certain(out):
        out = ("可能：" if re.search(r"[\u4e00-\u9fff]", out) else "Possibly: ") + out
    return re.sub(r"\s{2,}", " ", out).strip()


def soften(text: str) -> str:
    """Sole or certain cause wording, sentence by sentence, made a hedged one (never adds content)."""
    if not mentions_sole_root_cause(text):
        return text
    parts = re.split(r"((?<=[.!?;])\s+|[\n。！？；]+)", text)
    return "".join(_soften_sentence(p) if i % 2 == 0 and _sole_or_certain(p) else p for i, p in enumerate(parts))


def asserts_cause(text: str) -> bool:
    """Whether ``text`` states that something causes something else."""
    return any(p.search(text) for p in CAUSAL)


_CONDITION_OPEN = re.compile(r"(?i)^\s*(?:(?:if|unless|whenever|in\s+case)(?![\w-])"
                             r"|如果|假如|假若|若(?!干)|一旦|只要|要是)")
"""A clause opened by a word of condition: what it says is supposed, not stated."""


def asserts_cause_outright(text: str) -> bool:
    """Whether ``text`` states a cause outside the clauses of condition it opens: "若延迟由索引构建引起，
    在主节点上 dropIndex 中止构建" (a runbook's step) supposes the cause and acts on it; "由于索引构建导致
    延迟，dropIndex" states it."""
    return any(asserts_cause(c) for c in re.split(r"[,，;；]", text) if not _CONDITION_OPEN.match(c))
