"""Two clauses cut out of one list: one statement, not two.

Clauses are cut at punctuation, and so at the enumeration comma of a list of names ("把 rpt-03、
rpt-04 回滚到 c-203"): the clause before the cut holds the verb's time, its agent and the first
names, the clause after holds the rest of the names and the verb's object. The two are one
statement: some item must hold both halves. A line whose two halves are each held by a different
item, none by both, joins the time and agent of one event to the action of another
("赵敏 在 04:50 把 rpt-03、rpt-04 升级到 cron rev c-204" of a 04:50 rollback and an earlier
upgrade)."""

from __future__ import annotations

import re

from app.domain import alignment
from app.domain.text import canonical

_CUT = re.compile(r"^\s*、\s*$")
"""What lies between two members of a list: the enumeration comma, which joins list members and
never two statements (a comma may end a statement: "…的 pod-k2,pod-m7 写入正常")."""


def cut_in_list(line: str, first: str, second: str) -> bool:
    """Whether ``first`` and ``second``, consecutive clauses of ``line``, are two parts of one list
    of names: the text between them is an enumeration comma, the first ends with a name and the
    second opens with one."""
    text = canonical(line)
    a, b = canonical(first).strip(), canonical(second).strip()
    start = text.find(a)
    end = text.find(b, start + len(a)) if start >= 0 else -1
    if not a or not b or end < 0 or not _CUT.match(text[start + len(a):end]):
        return False
    before, after = alignment.words(a), alignment.words(b)
    return bool(before and after) and alignment.name(before[-1]) and alignment.name(after[0])
