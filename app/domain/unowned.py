"""A value one of several names holds is not said of the whole they make up.

An item may give one quantity of two names of one form, each its own value, under the word of the
system they belong to: "clickhouse ch-02：… INSERT 延迟 p99 9.1 秒；ch-01 INSERT 延迟 p99 0.4 秒". A line
giving one of those values to that word and naming none of the names ("ClickHouse 的 INSERT 延迟
p99 为 9.1 秒") says it of the whole system, a scope the item does not give: the name that told the
two apart is dropped. The rule: a number of the line that the item ties to a name, where the item
ties values to another name of the same form too, is said of the whole when the line names the word
the item sets right before that name and no name of its form. A line naming the owner, one not
naming the system's word ("INSERT p99 9.1 s"), and an item tying values to one name of a form alone
are not judged here.
"""

from __future__ import annotations

from app.domain import alignment, specific
from app.domain.binding import tied


def _system(item: str, owner: str) -> str:
    """The word ``item`` sets right before the name ``owner`` (``clickhouse`` of "clickhouse
    ch-02"): no name, no number; empty when there is none."""
    ws = alignment.words(item)
    for k in range(1, len(ws)):
        before = ws[k - 1]
        if ws[k].key == owner and not alignment.name(before) and before.text.isalpha() and not before.cjk:
            return before.key
    return ""


def dropped_owner(line: str, item: str) -> str | None:
    """The value ``line`` says of the system that ``item`` gives one of its names of one form
    (see the module); None when there is none."""
    theirs = tied(item)
    ws = alignment.words(line)
    forms = {alignment.form(w) for w in ws if alignment.name(w)}
    keys = {w.key for w in ws}
    for v in (w.key for w in ws if not w.cjk and specific.is_number(w.text)):
        for value, owner, form, _ in theirs:
            if value != v or form in forms or _system(item, owner) not in keys:
                continue
            if any(o != owner and f == form for _, o, f, _ in theirs):
                return v
    return None
