"""A thing said full is at 100% of its capacity: "the conntrack table was full at 15:42:20",
"conntrack 表 15:42:20 满了", "达到上限" restate a line giving its usage as 100% ("使用率 100%").

The words are the "used up" answer of the capacity class (``app.domain.conditions``: full,
exhausted), 满 as a state (已满, 满了; not 写满, a verb filling it, which tells a cause) and the phrases
saying a quantity reached its limit (reached its limit, hit its maximum, 达到上限, 达到最大值). ``reading``
gives the line with that state told as the figure it stands for, a usage of 100%, so that the line
is traced as that reading is: to the item writing 100% of the thing the line names, at the time it
names. A thing at 37%, or at 100% at another time, is not full, and the reading is then as untraced
as the line. A denied state ("not full", 未满) is room left, the other answer of the class, and is no
reading of 100%.

The other way, ``below_full``: a line saying a thing full is not held by an item giving its usage
as a figure below 100% and saying it full nowhere ("disk /data usage 41%" does not hold "the disk
/data was full"): its words are the item's but its state is not.
"""

from __future__ import annotations

import functools
import re

from app.domain import conditions
from app.domain.states import UNDENIED

_USED_UP = next(values[0] for name, values, _ in conditions.CLASSES if name == "capacity")
"""The capacity class's "used up" answer: an English pattern and Chinese patterns."""
_LIMIT_EN = (rf"{UNDENIED}(?:reach(?:ed|es)?|hit|at)\s+(?:its|their|the)\s+"
             r"(?:limit|maximum|max|ceiling|capacity)(?![\w-])")
_LIMIT_ZH = r"(?<![未没不])(?:达到|到达|打到|触及)(?:了)?(?:上限|最大值|峰值上限)"
_STATE_ZH = r"(?<![写占打用存爆跑充塞挤堆装填])(?:已满|满了|满载)"
"""满 as a state (已满, 满了), not after a verb that fills it (写满, 占满: a cause, ``app.domain.resultative``)."""
_FULL = re.compile("|".join([rf"(?:was\s+|were\s+|is\s+|are\s+)?(?:{_USED_UP[0]})", _LIMIT_EN,
                             _STATE_ZH, _LIMIT_ZH]), re.IGNORECASE)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_USAGE = re.compile(r"(?i)(?:usage|utili[sz]ation|used|使用率|利用率|占用率?|使用)"
                    r"\s*[:：=为]?\s*(?P<n>\d+(?:\.\d+)?)\s*%|(?P<m>\d+(?:\.\d+)?)\s*%\s*(?:used|full|utili[sz]ed)")
"""A usage written as a percentage: "usage 41%", "使用率 45%", "41% used"."""


_DEGREE = re.compile(r"(?i)(?:%|\bper\s*cent)\s*$")
"""A percentage right before "full" ("97% full", "ninety-seven percent full"): how full, not the state."""


def _states(line: str) -> list[re.Match[str]]:
    return [m for m in _FULL.finditer(line) if _DEGREE.search(line[:m.start()]) is None]


@functools.lru_cache(maxsize=4096)
def reading(line: str) -> str | None:
    """``line`` with each state of a thing used up told as its usage of 100% ("…表 15:42:20 满了" →
    "…表 15:42:20 使用率 100%"; "was full at 15:42" → "usage 100% at 15:42"); None when it says
    no such state (a percentage before "full" says how full, not the state)."""
    found = _states(line)
    if not found:
        return None
    for m in reversed(found):
        line = line[:m.start()] + (" 使用率 100% " if _CJK.match(m.group(0)) else " usage 100% ") + line[m.end():]
    return line


def below_full(line: str, text: str) -> bool:
    """Whether ``line`` says a thing full where ``text`` gives a usage below 100% and says nothing
    full."""
    if reading(line) is None or _FULL.search(text) is not None:
        return False
    found = [float(m.group("n") or m.group("m")) for m in _USAGE.finditer(text)]
    return bool(found) and max(found) < 100
