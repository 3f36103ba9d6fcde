"""A claim of what will happen: its event must be one its item gives.

A log line records what happened and what stood; a runbook says what to do. A claim saying what
will or would happen ("cert-manager will renew certificate api-tls automatically", "会自动续期")
predicts an event. The trace lets a restatement leave out or add a few common words, so a
prediction made of a line's names with one verb of its own ("renew") kept enough of the line's
words to be traced to it. The rule: after a word of the future or of a hypothesis (will, would,
shall, going to; 将, 将会, 会, 即将, 将要), every content word to the clause's end is one the item
holds (English by its key, Chinese as written); names and values are the trace's to judge. "The
certificate will expire in 6 days" restates "expires in 6 days"; "will renew" predicts what no
line says.
"""

from __future__ import annotations

import re

from app.domain import alignment, specific
from app.domain.text import canonical

MARKERS_EN = frozenset({"will", "would", "shall"})
MARKERS_ZH = frozenset({"将", "将会", "会", "即将", "将要"})
_CLAUSE_END = re.compile(r"[;!?，；：。！？]|[,:.](?!\d)")
"""Where a clause ends: not inside a time, a version or a number (04:00, v3.8.0, 2,300)."""


def _marks(ws: tuple[alignment.Word, ...], k: int) -> bool:
    t = ws[k].text
    if ws[k].cjk:
        return t in MARKERS_ZH
    return t in MARKERS_EN or (t == "going" and k + 1 < len(ws) and ws[k + 1].text == "to")


def predicted(line: str, item: str) -> str | None:
    """The first content word after a word of the future in ``line`` that ``item`` does not
    hold (a word of failure is content here: "will fail"); None when there is none, or no such
    word."""
    if not any(m in line for m in MARKERS_ZH) and not any(m in line.casefold() for m in (*MARKERS_EN, "going")):
        return None
    held = {w.key for w in alignment.words(item)}
    text = canonical(item).casefold()
    for clause in _CLAUSE_END.split(line):
        ws = alignment.words(clause)
        for k in range(len(ws)):
            if not _marks(ws, k):
                continue
            for w in ws[k + 1:]:
                if (alignment.filler(w, None) and alignment.negation(w) != "fail") or alignment.name(w) \
                        or specific.is_number(w.text) or w.key in held or (w.cjk and w.text in text):
                    continue
                return w.text
            break
    return None
