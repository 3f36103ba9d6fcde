"""A value its line counts per unit is not a total.

"总连接数超过了 maxClientCnxns 60" holds every token of "单 IP 连接数超过 maxClientCnxns 60": the line
bounds the connections of one address (单 IP, per IP, each host), the claim those of all of them
(总, 全局, 整体, total, overall). A line widening the scope so, where its item counts per unit and
says no total, gives the value to another quantity; a line keeping the unit, or an item that
says the total too, is judged as before. Both sides are closed classes of grammar: the words that
make a quantity one unit's, and those that make it everyone's."""

from __future__ import annotations

import re

from app.domain import specific
from app.domain.text import canonical

_EN_WHOLE = re.compile(r"(?i)(?<![\w-])(?:total|overall|aggregate|combined|cluster-wide|fleet-wide)(?![\w-])")
_EN_PER = re.compile(r"(?i)(?<![\w-])(?:per[\s-](?!cent\b|(?:ms|s|secs?|seconds?|mins?|minutes?|h|hours?|days?)\b)"
                     r"[a-z]+|each)(?![\w-])")
_ZH_WHOLE = frozenset("总 总体 整体 全局".split())
_ZH_TIMES = frozenset("秒 秒钟 分 分钟 小时 时 天 日 周 月 年 次".split())
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")


def _words(text: str) -> list[str]:
    return [w for run in _CJK_RUN.findall(text) for w, _ in specific.cjk_segments(run)]


def _whole(text: str) -> bool:
    return _EN_WHOLE.search(text) is not None or any(w in _ZH_WHOLE for w in _words(text))


def _per_unit(text: str) -> bool:
    """Whether ``text`` counts per unit: "per IP", "each", 单 IP, 每个, 每台 (not a rate, 每秒)."""
    return _EN_PER.search(text) is not None or any(
        w == "单" or (w.startswith("每") and len(w) > 1 and w[1:] not in _ZH_TIMES) for w in _words(text))


def widened(line: str, item: str) -> bool:
    """Whether ``line`` gives as a total what ``item`` counts per unit (see the module)."""
    flat, held = canonical(line), canonical(item)
    return _whole(flat) and not _per_unit(flat) and _per_unit(held) and not _whole(held)
