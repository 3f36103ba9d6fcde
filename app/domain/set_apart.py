"""The one a Chinese line says did what it tells is its item's, not another line's.

Chinese prose runs its words together; a log written in it sets apart by a space what it names in
common characters, and a line of an operations log opens with who did it ("运维日志：孙悦 在
mongo-rs0-1 上执行 …", "赵敏 改为 …"). Such a name is no specific token (its characters are common),
so a line restating one item with the person another item opens with ("赵敏 执行 dropIndex 中止了
索引构建" of "孙悦 在 mongo-rs0-1 上执行 dropIndex … 中止索引构建", 赵敏 opening two other lines)
keeps every specific token and most words of its item.

The rule: a line's *subject* is the run of two or three CJK characters it opens with (after a
timestamp and a writer's label ending in a colon), set apart by a space. A line whose subject its
item does not hold, where another item opens with it, tells of the item's event with another
item's actor: in place of the item's own (a subject the line does not hold), or on an item naming
none (a runbook's step, "在主节点上 dropIndex 中止构建", that no line says who did). A line opening
with no such run, or with one its item holds, is judged as before.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from app.domain.text import canonical

_LEAD = re.compile(r"^\s*(?:\d{4}-\d{2}-\d{2}[T ]?)?(?:\d{1,2}:\d{2}(?::\d{2})?Z?)?\s*(?:[^\s:]{1,16}:\s*)?")
"""What comes before a line's subject: a timestamp, and a writer's label ("运维日志：")."""
_SUBJECT = re.compile(r"([\u4e00-\u9fff]{2,3})\s")


@functools.lru_cache(maxsize=4096)
def subject(text: str) -> str | None:
    """The run of two or three CJK characters ``text`` opens with, set apart by a space; None."""
    low = canonical(text)
    lead = _LEAD.match(low)
    m = _SUBJECT.match(low, lead.end() if lead else 0)
    return m.group(1) if m else None


def borrowed(line: str, item: str, others: Sequence[str]) -> str | None:
    """The subject ``line`` opens with in place of the one ``item`` opens with, taken from another
    item (``others``) opening with it; None when there is none."""
    mine, theirs = subject(line), subject(item)
    if mine is None or mine in canonical(item) or (theirs is not None and theirs in canonical(line)):
        return None
    return mine if any(subject(o) == mine for o in others) else None
