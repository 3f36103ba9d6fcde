"""A thing said to go on where its line says it ended.

"重启后 order-svc-5d8-k2 仍有 READONLY 报错" holds every token of "重启后连接到 rds-02，READONLY 报错
归零": only the word saying the errors went on (仍有) is new, and it says the opposite of the line,
which reports them ended. Both are closed classes of grammar: words of going on (still, 仍, 仍有,
依然, 依旧, 还在) and words of an end (no longer, stopped, ceased, cleared, went away, dropped to 0;
归零, 清零, 消失, 停止, 不再). A line that says a thing goes on, and says no end, is set against an
item that says the thing ended (the item's clause with the end word shares a token or a word with
the line's clause of going on) and says nothing goes on: it tells the other way round."""

from __future__ import annotations

import re

from app.domain import alignment
from app.domain.text import canonical

_GOES_ON = re.compile(r"(?i)\bstill\b|仍然|仍有|仍在|仍|依然|依旧|还在")
_ENDED = re.compile(r"(?i)\bno\s+longer\b|\bstopped\b|\bceased\b|\bcleared\b|\bwent\s+away\b|"
                    r"\b(?:dropped|fell|went|back)\s+(?:down\s+)?to\s+(?:0|zero)\b|归零|清零|消失|停止|不再")
_CLAUSE = re.compile(r"[,;，；。:：()（）]")


def _keys(text: str) -> set[str]:
    return {w.key for w in alignment.words(text) if not alignment.filler(w, None)}


def ends_what_goes_on(line: str, item: str) -> bool:
    """Whether ``line`` says a thing goes on that ``item`` says ended (see the module)."""
    flat, held = canonical(line), canonical(item)
    said = _GOES_ON.search(flat)
    if said is None or _ENDED.search(flat) or _GOES_ON.search(held):
        return False
    thing = _keys(_CLAUSE.split(flat[:said.start()])[-1] + " " + _CLAUSE.split(flat[said.end():])[0])
    return any(_ENDED.search(c) and thing & _keys(c) for c in _CLAUSE.split(held))
