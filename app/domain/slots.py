"""Slots: a line gives for a slot the value its item gives, not another of its class or another item's.

Some common words answer a question about the thing a line is about, and the possible answers are
few: how severe it is (info, warning, critical; 提示, 警告, 严重), which way a version went
(upgraded; rolled back, reverted, downgraded; 升级; 回滚, 降级), which way a quantity went (rose,
increased; fell, dropped; 上升; 下降). Each answer is common, so the common-word vocabulary does not
single it out (``app.domain.specific``), and a line that puts one answer for another ("severity
critical" for "severity warning", "upgraded search-api to v3.7.2" for "rolled back … to v3.7.2")
keeps every specific token and every subject term of its item. The *class* tells it: its members
are alternatives for one slot, so a member the item does not hold, where the item holds another,
is a value the item does not give.

The rule: a line traced to an item answers a class's question as the item does. Where the item
answers it (holds a member of one of the class's values) and the line gives a value of the class
that the item does not give, the line is not traced to that item. Where the item does not answer
it, nothing is judged here ("the rate rose to 4.7%" of a line giving only "4.7%": its specific
tokens judge it); where the item gives several values, the line may give any of them.

The classes are closed, small and semantic (the answers to one question, not a list of bad
phrasings), each in English and Chinese: English members matched as words in any inflection,
Chinese members as written within a run.

An open slot (which container, which process, which service) has no class, but the material
tells its values: a word another item holds, put where the line's item has a word of its own
(one word for one, bound by the words either side that the two share: ``alignment.placed``),
is that other item's value, borrowed: "container envoy in pod …" where the item says "container
indexer in pod …" and another line is envoy's, "支付容器" where the item says "订单容器". A word
no other item holds in that place is wording, judged by the subject terms as before, and so is a
function word ("if", "as": at least as frequent as ``specific.FUNCTION_ZIPF``), which is no value.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.domain import alignment, common, specific
from app.domain.text import canonical


@dataclass(frozen=True)
class SlotClass:
    """One closed class: its name (the question it answers) and its values, each a set of
    spellings: an English pattern (matched as a whole word, case-folded) and Chinese words."""

    name: str
    values: tuple[tuple[str, tuple[str, ...]], ...]


CLASSES = (
    SlotClass("severity", (
        (r"info|informational|notice", ("提示", "通知级")),
        (r"warn|warning|warnings", ("警告",)),
        (r"critical|crit|fatal|emergency|emerg|severe", ("严重", "紧急", "致命")),
    )),
    SlotClass("version change", (
        (r"upgrad\w*", ("升级",)),
        (r"downgrad\w*|roll-?backs?|rolls?\s+back|rolled\s+back|rolling\s+back|roll(?:s|ed|ing)?\s+\S+\s+back"
         r"|revert\w*", ("回滚", "回退", "降级")),
    )),
    SlotClass("quantity change", (
        (r"increas\w*|rise|rises|rising|risen|rose|grow|grows|growing|grown|grew|climb\w*|spik\w*",
         ("上升", "升高", "增加", "增长", "上涨", "飙升", "升至", "涨至", "涨到")),
        (r"decreas\w*|fall|falls|falling|fallen|fell|declin\w*|drop|drops|dropped|dropping",
         ("下降", "降低", "减少", "下跌", "回落", "降至", "降到", "跌至")),
    )),
)
"""The closed classes: severity levels, the direction of a version change, the direction of a
change in a quantity. A value is one answer (``warning``/``警告``); a class's values exclude each
other for one slot."""


_PATTERNS = tuple(tuple(re.compile(rf"(?<![\w-])(?:{en})(?![\w-])") for en, _ in cls.values) for cls in CLASSES)


@functools.lru_cache(maxsize=16_384)
def values(text: str) -> tuple[frozenset[int], ...]:
    """Per class, the values ``text`` gives (indices into the class's values)."""
    low = canonical(text).casefold()
    return tuple(frozenset(k for k, (pat, (_, zh)) in enumerate(zip(pats, cls.values, strict=True))
                           if pat.search(low) or any(w in low for w in zh))
                 for cls, pats in zip(CLASSES, _PATTERNS, strict=True))


def other_value(line: str, item: str) -> str | None:
    """The class for which ``line`` gives a value that ``item`` does not give while ``item`` gives
    another; None when the line answers every class's question as its item does (or leaves it)."""
    for cls, mine, theirs in zip(CLASSES, values(line), values(item), strict=True):
        if theirs and mine - theirs:
            return cls.name
    return None


def borrowed(line: str, item: str, others: Sequence[str]) -> str | None:
    """The word ``line`` puts in a place of ``item`` (``alignment.placed``) that ``item`` does not
    hold and another item of the material does (``others``, prepared): a value taken from another
    line ("container envoy" where the item says "container indexer" and another line is envoy's);
    None when there is none."""
    hay = specific.prepared(item)
    for word, _ in alignment.placed(line, item):
        if not specific.is_number(word) and common.zipf(word) < specific.FUNCTION_ZIPF \
                and not specific.occurs(word, hay) and any(specific.occurs(word, h) for h in others):
            return word
    return None
