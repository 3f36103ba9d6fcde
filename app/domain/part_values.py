"""A value of one part of a line stays with that part's names.

"pg_replication_slots: debezium_orders logical active=f … retained WAL 96 GB; pg_replica_01
physical active=t retained WAL 0.3 GB" gives two things each its value, in two parts. The first
part names several names (a slot, a key, an LSN), so no value there is tied to one name alone
(``app.domain.binding``); "the physical slot pg_replica_01 retained 96 GB of WAL" holds every token
of the line and puts the first part's value on the second part's name.

The rule: a part is what lies between semicolons; the line's head (its time, writer and host, up
to the first colon a space follows) is every part's, and so is a name every part names. Where a
line names a name its item holds only in some parts, which give a value of their own in a unit,
and gives in its place (the line leaving that value out) a value in that unit the item writes only
in other parts, each naming names of its own
the line does not name, the line gives one part's value to another part's name. (Parts giving
values of one unit to names each of their own are parallel; a part telling an event and a part
telling its result, "nightly_export re-run …; upload_parquet succeeded, 38 of 38 partitions", are
not.) A line naming a name of the value's part too
("debezium_orders retained 96 GB, pg_replica_01 only 0.3 GB") gives each its own, and is judged by
the other rules.
"""

from __future__ import annotations

import re

from app.domain import denial, part_state, specific
from app.domain.text import canonical

_PART = re.compile(r"[;；]")
_HEAD = re.compile(r"^.*?(?::(?=\s)|：)")
"""A line's head: its time, writer and host up to the first colon a space follows (not one inside
a time, 03:00:00), said of every part."""


def _values(text: str) -> set[str]:
    """The quantities ``text`` gives (a number with its unit), canonical: no time, no name."""
    return {specific.prepared(t) for t in specific.specific_tokens(text) if denial.quantity_of(t) is not None}


def _unit(value: str) -> str | None:
    """The unit of a value (its dimension, a unit as written, or empty for a bare count)."""
    q = denial.quantity_of(value)
    return q[1] if q else None


def moved_value(line: str, item: str) -> str | None:
    """The value ``line`` gives to a name of another part of ``item`` than the value's (see the
    module); None when there is none."""
    flat = canonical(item)
    head = _HEAD.match(flat)
    shared = part_state._names(head.group()) if head else set()
    body = flat[head.end():] if head else flat
    parts = [p for p in _PART.split(body) if p.strip()]
    if len(parts) < 2:
        return None
    names = part_state._names(line)
    every = set.intersection(*(part_state._names(p) for p in parts))  # a kind all parts name: WAL
    shared |= every
    held = [(part_state._names(p) - shared, _values(p)) for p in parts]
    for name in names - shared:
        own = [k for k, (ns, _) in enumerate(held) if name in ns]
        if not own or len(own) == len(parts):
            continue
        said = _values(line)
        for value in said:
            theirs = [k for k, (_, vs) in enumerate(held) if value in vs]
            mine = {v for k in own for v in held[k][1] if _unit(v) == _unit(value)}
            if theirs and not set(theirs) & set(own) and mine and not mine & said \
                    and all(held[k][0] and not held[k][0] & names for k in theirs):
                return value
    return None
