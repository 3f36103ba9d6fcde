"""Root-cause wording, English and Chinese, as data.

Two questions are asked of a text: does it word a cause as the sole or certain one ("X is the
only cause", "the sole reason", "这是唯一原因", "X is definitely the root cause"), which an
inference may never do (spec 003); and does it assert a cause at all ("because", "due to",
"导致"), which an action may only do when the cause it names was confirmed. ``soften`` rewrites
sole or certain wording into a hedged one; it never adds content.
"""

from __future__ import annotations

import re
from typing import Literal

_CAUSE = r"(?:root[- ]?causes?|causes?|reasons?|culprits?|explanations?|sources? of the (?:problem|issue))\b"
_CERTAIN = (r"(?:definitely|certainly|undoubtedly|unquestionably|surely|absolutely|clearly|obviously|"
            r"without (?:a |any )?doubt|for sure|beyond doubt|100\s?%)")

# (pattern, replacement): English first, then Chinese. Order matters: longer phrases first.
SOLE_OR_CERTAIN: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"(?i)\b(?:the\s+)?(?:one\s+and\s+only|only|sole|single|one\s+true|true|real|actual|"
                rf"definitive|exclusive|unique|ultimate)\s+(?:root[- ]?)?{_CAUSE}"), "a likely cause"),
    (re.compile(rf"(?i)\b(?:is|was|are|were)\s+{_CERTAIN}\s+(?:the\s+|a\s+)?(?:root[- ]?)?{_CAUSE}"),
     "is a likely cause"),
    (re.compile(rf"(?i)\b{_CERTAIN}\s+(?:the\s+|a\s+)?(?:root[- ]?)?{_CAUSE}"), "a likely cause"),
    (re.compile(rf"(?i)\b{_CERTAIN}\s+(?=caused|due|because|triggered|results?|led|leads)"), "likely "),
    (re.compile(rf"(?i)\b{_CERTAIN}\s+(?=(?:what|the thing that|which)\s+caused)"), "likely "),
    (re.compile(r"(?i)\b(?:solely|entirely|only|purely|exclusively)\s+(?=caused|due|because|triggered)"), "likely "),
    (re.compile(r"(?i)\bno other (?:possible )?(?:root[- ]?)?(?:cause|reason|explanation)\b"),
     "other causes are possible"),
    (re.compile(r"(?i)\bnothing else (?:could have )?caused\b"), "other causes are possible for"),
    (re.compile(r"(?i)\b(?:is|was)\s+the\s+root[- ]?cause\b"), "is a likely cause"),
    (re.compile(r"(?i)\bthe\s+root[- ]?cause\s+(?=is\b|was\b|:)"), "a likely cause "),
    (re.compile(r"唯一(?:的)?(?:根本原因|根因|原因|根源|起因|解释)"), "可能原因之一"),
    (re.compile(r"(?:根本原因|根因|原因|根源)(?:就|肯定|一定|必然|无疑|确定)+是"), "可能的原因是"),
    (re.compile(r"根本原因是|根因是"), "可能的原因是"),
    (re.compile(r"(?:肯定|一定|必然|毫无疑问|毋庸置疑|无疑|绝对|显然)(?:就)?是"), "可能是"),
    (re.compile(r"(?:完全|仅仅|只)(?:是)?(?:由于|因为|由)"), "可能由于"),
]

CAUSAL: list[re.Pattern[str]] = [
    re.compile(r"(?i)\b(?:is|was|are|were)\s+(?:[\w-]+\s+)?(?:the|a|an)\s+(?:[\w-]+\s+){0,3}"
               r"(?:root[- ]?)?(?:causes?|reasons?|culprits?)\b"),
    re.compile(r"(?i)\b(?:root[- ]?)?(?:cause|reason)s?\s+(?:is|was|are|were|:)"),
    re.compile(r"(?i)\b(?:caused\s+by|because|due\s+to|owing\s+to|as\s+a\s+result\s+of|"
               r"leads?\s+to|led\s+to|results?\s+in|resulted\s+in|is\s+causing|are\s+causing|"
               r"responsible\s+for|triggered\s+by|the\s+culprit|is\s+the\s+(?:cause|reason)|is\s+why)\b"),
    re.compile(r"导致|引起|造成|由于|因为|根因|根本原因|原因是|起因|引发|是.{0,6}原因"),
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


def mentions_sole_root_cause(text: str) -> bool:
    """Sole or certain cause wording, in English or Chinese."""
    return any(p.search(text) for p, _ in SOLE_OR_CERTAIN)


def soften(text: str) -> str:
    """Sole or certain cause wording replaced by a hedged one."""
    for pat, repl in SOLE_OR_CERTAIN:
        text = pat.sub(repl, text)
    return text


def asserts_cause(text: str) -> bool:
    """Whether ``text`` states that something causes something else."""
    return any(p.search(text) for p in CAUSAL)
