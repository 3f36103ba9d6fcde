"""The control records before where the session agent starts reading a partition that moved here:
where the stage leases of a run that still works on its sessions lie (``app.kafka.leases``).

The session agent reads a moved-in partition from its group's committed offset, and the run that
held it before committed past the leases of the stages it still runs. The ledger's group commits
each partition only up to the first record of a session still open (``app.kafka.ledger``), so the
leases of every open session lie after the ledger's offset: that span is read, by a reader that
joins no group, up to the session agent's start, and from ``stall_s`` back in time where that is
earlier (a lease that recent is read whatever the ledger's book says). Where the ledger has
committed nothing yet, the span starts ``deadline_s`` back in time (no session lasts longer unless
its client asked so). Tansu answers a lookup by time with the partition's start: more is read
there, nothing missed. The span is at most ``MAX_RECORDS`` long, and read in at most ``WAIT_S``: a
broker away costs the span, not the partition (the stages then run as before).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition

from app.kafka import clients as kafka_clients
from app.kafka.client import stop_consumer
from app.kafka.leases import Record
from app.kafka.offsets import committed_offsets
from app.kafka.topics import event_type_of
from app.settings import Settings
from events.codec import session_of_key

log = logging.getLogger(__name__)
MAX_RECORDS = 10_000
WAIT_S = 5.0



async def before(settings: Settings, bootstrap: str, ledger_group: str,
                 starts: Mapping[tuple[str, int], int],
                 ends: Mapping[tuple[str, int], int] | None = None) -> list[Record]:
    """The records of each partition in ``starts`` (topic-partition → the session agent's start)
    from the ledger's committed offset up to its end in ``ends`` (where the log ended when the
    partition came; the start where none is given), in log order per partition."""
    upto = {tp: max(start, (ends or {}).get(tp, start)) for tp, start in starts.items()}
    wanted = {TopicPartition(t, p): end for (t, p), end in upto.items() if end > 0}
    if not wanted:
        return []
    reader = kafka_clients.reader(settings, bootstrap, group_id=ledger_group)
    out: list[Record] = []
    try:
        await reader.start()
        reader.assign(list(wanted))
        froms = await _froms(reader, settings, {tp: starts[(tp.topic, tp.partition)] for tp in wanted})
        for tp, offset in froms.items():
            reader.seek(tp, offset)
        todo = {tp for tp, offset in froms.items() if offset < wanted[tp]}
        give_up = time.monotonic() + WAIT_S
        while todo and time.monotonic() < give_up:
            batches = await reader.getmany(*todo, timeout_ms=100, max_records=5_000)
            for tp, records in batches.items():
                out.extend((_type_of(r), session_of_key(r.key), r.value, r.offset)
                           for r in records if r.offset < wanted[tp])
            todo = {tp for tp in todo if await reader.position(tp) < wanted[tp]}
        if todo:
            log.warning("stage leases on a moved-in partition: %d partition(s) not read in %.0f s",
                        len(todo), WAIT_S)
    finally:
        await stop_consumer(reader)
    return out


def _type_of(record: Any) -> str | None:
    kind = event_type_of(record.headers)
    return kind.decode(errors="replace") if kind is not None else None


async def _froms(reader: AIOKafkaConsumer, settings: Settings,
                 wanted: dict[TopicPartition, int]) -> dict[TopicPartition, int]:
    """Where each span starts: the ledger's committed offset or ``stall_s`` ago, whichever is
    earlier (``deadline_s`` ago where the ledger committed nothing); never after the session
    agent's start (``wanted``), nor more than ``MAX_RECORDS`` before it."""
    committed = await committed_offsets(reader, list(wanted))
    now = time.time()
    back = {tp: now - (settings.stall_s if committed[tp] is not None else settings.deadline_s) for tp in wanted}
    found = await reader.offsets_for_times({tp: int(at * 1000) for tp, at in back.items()})
    froms: dict[TopicPartition, int] = {}
    for tp, start in wanted.items():
        at = found.get(tp)
        by_time = at.offset if at is not None else start
        offset = committed[tp]
        froms[tp] = max(min(by_time, start, by_time if offset is None else offset), start - MAX_RECORDS, 0)
    return froms
