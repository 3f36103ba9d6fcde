"""A Chinese event followed by a lone 后 ("报表会话终止后", "扩容到 8 个实例后") is the event the rest of
the line comes after: 后 is then the word of time order 之后, written short.

Chinese puts "after" behind the event it follows, and writes it 之后, 以后 or, most often in a
log's prose, 后 alone. As a word of its own in the cut (``specific.cjk_segments``: not 最后, 然后,
后来, 天后) and after a word of an event, it joins two clauses in time as 之后 does, so the line
is judged as with 之后: each side traced to its own line, the side before it first in time
(``app.domain.chronology``). After a unit of time ("约 5 分钟后") it closes an interval, which the
interval rule reads as written, so it is left there, and so is a 后 after a number or a time
("02:24 后"), which says when, not after what, and a 后 after a preposition ("向后跳 3 秒"), which
says which way. After a Latin word (a command or a change named in the line: "dropIndex 后",
"CHG-4471 后") it is 之后 too: that word is the event the rest comes after, and its line must be
dated before the rest's.
"""

from __future__ import annotations

import re

from app.domain import specific, units, zh

_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_TIME_UNITS = frozenset(k for k, (dim, _) in units.UNITS.items() if dim == "time")


_LATIN_BEFORE = re.compile(r"(?<![\w.:()\-])([A-Za-z][\w.:()\-]*)\s*$")


def _named_event(before: str) -> bool:
    """Whether the text before a run of Chinese ends with a Latin word naming an event (a command, a
    change: "dropIndex 后", "CHG-4471 后"): a word with a letter first, no time, no number."""
    m = _LATIN_BEFORE.search(before)
    return m is not None and not specific.is_number(m.group(1)) and not any(ch.isdigit() for ch in m.group(1)[:1])


def spelled_out(line: str) -> str:
    """``line`` with each lone 后 after a word of an event written 之后."""
    def run(m: re.Match[str]) -> str:
        words = [w for w, _ in specific.cjk_segments(m.group(0))]
        first = _named_event(m.string[:m.start()]) and (len(words) == 1 or len(words[1]) > 1)  # not 后端
        out = [f"之{w}" if w == "后" and (words[i - 1] not in _TIME_UNITS and not specific.is_number(words[i - 1])
                                          and zh.tag(words[i - 1]) != zh.PREPOSITION if i else first) else w
               for i, w in enumerate(words)]
        return "".join(out)
    return _RUN.sub(run, line) if "后" in line else line
