"""A Chinese event followed by a lone 后 ("报表会话终止后", "扩容到 8 个实例后") is the event the rest of
the line comes after: 后 is then the word of time order 之后, written short.

Chinese puts "after" behind the event it follows, and writes it 之后, 以后 or, most often in a
log's prose, 后 alone. As a word of its own in the cut (``specific.cjk_segments``: not 最后, 然后,
后来, 天后) and after a word of an event, it joins two clauses in time as 之后 does, so the line
is judged as with 之后: each side traced to its own line, the side before it first in time
(``app.domain.chronology``). After a unit of time ("约 5 分钟后") it closes an interval, which the
interval rule reads as written, so it is left there, and so is a 后 after a number or a name
("02:24 后"), which says when, not after what, and a 后 after a preposition ("向后跳 3 秒"), which
says which way.
"""

from __future__ import annotations

import re

from app.domain import specific, units, zh

_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_TIME_UNITS = frozenset(k for k, (dim, _) in units.UNITS.items() if dim == "time")


def spelled_out(line: str) -> str:
    """``line`` with each lone 后 after a word of an event written 之后."""
    def run(m: re.Match[str]) -> str:
        words = [w for w, _ in specific.cjk_segments(m.group(0))]
        out = [f"之{w}" if w == "后" and i and words[i - 1] not in _TIME_UNITS
               and not specific.is_number(words[i - 1]) and zh.tag(words[i - 1]) != zh.PREPOSITION else w
               for i, w in enumerate(words)]
        return "".join(out)
    return _RUN.sub(run, line) if "后" in line else line
