"""A statistic of a set's values is not a share of the set.

"median per-disk utilization across dn-01..dn-20 is 83.4%" gives 83.4% as the median of twenty
values; "83.4% of the disks were above the threshold" holds every token of it and most of its
words, and makes the median a share of the disks: another quantity, of another kind (a count
over the set, not a value of its members).

The rule: where ``line`` writes a percentage as a share of a set ("83.4% of the disks", "83.4% 的磁盘")
and ``item`` writes that percentage only in clauses naming a statistic of values (median, mean,
maximum, minimum: the "statistic" slot class of ``app.domain.slots``), the line puts the value on
another quantity. A percentage the item itself writes as a share ("83.4% of", "83.4% 的") is not
judged here, nor one in a clause of the item naming no statistic ("error rate 2.1%").
"""

from __future__ import annotations

import re

from app.domain.text import canonical

_PERCENT = r"\d+(?:\.\d+)?\s?%"
_SHARE = re.compile(rf"(?<![\d.])({_PERCENT})\s*(?:of\s+(?:the\s+|all\s+|its\s+)?[a-z]|的\s*[\u4e00-\u9fff])", re.I)
_CLAUSE = re.compile(r"[;；,，。]")


def share_of_statistic(line: str, item: str, statistic: re.Pattern[str]) -> str | None:
    """The percentage ``line`` gives as a share of a set where ``item`` gives it as a statistic of
    values (see the module); ``statistic``: the statistic words. None when there is none."""
    held = canonical(item).casefold()
    for m in _SHARE.finditer(canonical(line).casefold()):
        value = re.sub(r"\s", "", m.group(1))
        clauses = [c for c in _CLAUSE.split(held) if value in re.sub(r"(?<=\d)\s(?=%)", "", c)]
        if clauses and all(statistic.search(c) for c in clauses) \
                and not any(_SHARE.search(c) for c in clauses):
            return m.group(1)
    return None
