"""A thing said removed where its item tells no removal of any kind.

"孙立 删除了 prom-0 的 WAL 目录" holds every token of "孙立 将 prom-0 的 WAL 目录移到 /data/wal.bak 后重启
prom-0", and most of its words: the item moves the directory aside, where it still is; the line says
it is gone. Deleting is an end a thing does not come back from, and a reader acts on it (no copy to
restore from). The words that say a thing was destroyed are a closed class, in either language:
deleted, removed, wiped, purged, erased, destroyed; 删除, 删掉, 清空, 清除, 抹掉, 移除, 销毁.

A clause of a line, denying nothing, that says such a removal of a name its item holds (a specific
token other than a number) is not the item's where the item tells no removal at all. The item is
read loosely, by the stems of the class and their kin (dropped, pruned, truncated, evicted, lost,
gone, 丢弃, 不存在): an item telling any removal leaves it to the other rules which thing it befell, as
``app.domain.fates`` does for an abnormal end.
"""

from __future__ import annotations

import re

from app.domain import fates

_REMOVED = re.compile(r"(?i)(?<![\w-])(?:delet(?:e|ed|es|ing)|remov(?:e|ed|es|ing)|wiped?|purged?|erased?"
                      r"|destroy(?:ed|s)?)(?![\w-])|删除|删掉|删了|清空|清除|抹掉|移除|销毁")
"""A thing said destroyed, as a line tells it (whole words)."""
_KIN = re.compile(r"(?i)delet|remov|wip(?:e|ing)|purg|eras|destroy|drop|prun|truncat|evict|clean|\brm\b|gone|missing"
                  r"|\blost\b|\blos(?:e|es|ing)\b|revok|deregist|detach|uninstall|discard"
                  r"|删|清|移除|丢|销毁|不存在|没了|消失|失去|撤销|卸载")
"""A removal of the kind, as an item may tell it (in a word of its own: dropped, truncated, "lost its
ingress rule", 清理)."""
_CLAUSE = re.compile(r"(?i)[,，;；。]|\s(?:and|but|while|then)\s|并且|而且|而是")
"""A line's clauses: each says its removal of the names it holds."""


def new_removal(line: str, item: str) -> str | None:
    """The name ``line`` says removed where ``item`` tells no removal (see the module); None when
    there is none."""
    return fates.said_of_name(line, item, _REMOVED, _KIN, _CLAUSE)
