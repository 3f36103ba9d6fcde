"""Where a partition's log ends, asked so that the answer is right on Tansu too.

Tansu answers ListOffsets (latest) with the base offset of the partition's last record batch
plus one, not the offset after its last record: after a batch of four records at 5..8 it says 6,
while the high watermark in a fetch response says 9. A reader that stops at the ListOffsets
figure leaves the tail of the last batch unread. Faust's table recovery did: a restarted worker
started its streams with the last changelog records of a partition unapplied, took a session
another worker had answered for one still composing, called the model again and answered it a
second time; the ledger called itself caught up before it was.

``log_ends`` takes what ListOffsets said and fetches once at that offset minus one (the last
batch), keeping the larger of the two figures. Against a broker whose ListOffsets is right the
fetch changes nothing; if it fails or times out, the ListOffsets figure stands (as before).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from aiokafka import AIOKafkaConsumer, TopicPartition

from app.kafka import clients as kafka_clients
from app.kafka.client import stop_consumer
from app.settings import Settings

log = logging.getLogger(__name__)

TP = TypeVar("TP", bound=tuple[str, int])
WAIT_S = 2.0


async def log_ends(settings: Settings, bootstrap: str | Sequence[str], listed: Mapping[TP, int],
                   wait_s: float = WAIT_S) -> dict[TP, int]:
    """``listed`` (partition → what ListOffsets said), with each non-empty partition's end taken
    from a fetch's high watermark where that is further on."""
    ends = dict(listed)
    probe = {TopicPartition(tp[0], tp[1]): tp for tp, end in listed.items() if end > 0}
    if not probe:
        return ends
    reader = kafka_clients.reader(settings, bootstrap if isinstance(bootstrap, str) else list(bootstrap))
    pending = set(probe)
    try:
        await reader.start()
        reader.assign(list(probe))
        for tp, key in probe.items():
            reader.seek(tp, listed[key] - 1)
        give_up = time.monotonic() + wait_s
        while pending and time.monotonic() < give_up:
            await reader.getmany(*pending, timeout_ms=50, max_records=1)
            for tp in [tp for tp in pending if reader.highwater(tp) is not None]:
                ends[probe[tp]] = max(ends[probe[tp]], reader.highwater(tp))
                pending.discard(tp)
    except Exception as exc:  # the ListOffsets figure stands, as without this check
        log.warning("log ends not checked by a fetch (%s): %s", type(exc).__name__, exc)
    finally:
        await stop_consumer(reader)
    if pending:
        log.warning("log ends of %d partition(s) not checked by a fetch within %.1f s", len(pending), wait_s)
    return ends


async def committed_offsets(consumer: AIOKafkaConsumer,
                            tps: Iterable[TopicPartition]) -> dict[TopicPartition, int | None]:
    """Each partition's committed offset in the consumer's group (None: none), asked for all at
    once: aiokafka asks one partition after another, a round trip each (20-120 ms apiece on a
    loaded broker)."""
    order = list(tps)
    return dict(zip(order, await asyncio.gather(*(consumer.committed(tp) for tp in order)), strict=True))


async def seek_to_committed(consumer: AIOKafkaConsumer) -> dict[TopicPartition, int | None]:
    """aiokafka's ``seek_to_committed`` of every assigned partition (a partition with a committed
    offset above 0 is read from there), with the offsets asked for at once."""
    committed = await committed_offsets(consumer, sorted(consumer.assignment()))
    for tp, offset in committed.items():
        if offset and offset > 0:
            consumer.seek(tp, offset)
    return committed
