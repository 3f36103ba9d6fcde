"""``groundgate tail``: a topic's messages, read the way ``tail`` reads a file.

By default the last ``lines`` messages on the topic now (across its partitions, oldest first by
their timestamps), then it ends; ``from_beginning`` prints every message instead; ``follow``
goes on printing new messages as they arrive (in order within a partition, the only order Kafka
keeps) until Ctrl-C, ``max_messages`` or ``timeout_s``.
A reader with no group: it never moves anyone's committed offsets.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from aiokafka import TopicPartition

from app.kafka import access
from app.kafka import clients as kafka_clients
from app.kafka.client import kafka_of, require_topics, stop_consumer
from app.kafka.offsets import log_ends
from app.settings import Settings

BACKLOG_IDLE_S = 10.0
"""Reading what is on the topic now gives up after this long without a record (a broker that
stopped answering mid-read), printing what it has."""


def newest(backlog: list[Any], lines: int) -> list[Any]:
    """The last ``lines`` of the backlog (all of it when it holds fewer; none for 0)."""
    return backlog[-lines:] if lines > 0 else []


def _text(record: Any) -> str:
    return (record.value or b"").decode("utf-8", "replace")


async def tail(settings: Settings, topic: str, *, lines: int = 10, from_beginning: bool = False,
               follow: bool = False, max_messages: int | None = None, timeout_s: float | None = None,
               out: Callable[[str], None] = lambda s: print(s, flush=True)) -> int:
    """Print the topic's messages with ``out`` (see the module docstring); 0 when done."""
    bootstrap = kafka_of(settings, "tail")
    await require_topics(settings, bootstrap, [topic])
    name = settings.topic(topic)
    consumer = kafka_clients.reader(settings, bootstrap)
    await access.start(settings, bootstrap, consumer)
    printed = 0

    def show(record: Any) -> bool:
        """Print one; whether the bound is reached."""
        nonlocal printed
        out(_text(record))
        printed += 1
        return max_messages is not None and printed >= max_messages

    try:
        parts = [TopicPartition(name, p) for p in sorted(await kafka_clients.partitions(consumer, name))]
        consumer.assign(parts)
        starts = await consumer.beginning_offsets(parts)
        ends = await log_ends(settings, bootstrap, await consumer.end_offsets(parts))  # Tansu: see app.kafka.offsets
        for tp in parts:
            consumer.seek(tp, starts[tp] if from_beginning else max(starts[tp], ends[tp] - lines))
        backlog: list[Any] = []
        newer: list[Any] = []
        idle_until = time.monotonic() + BACKLOG_IDLE_S
        while time.monotonic() < idle_until and any([await consumer.position(tp) < ends[tp] for tp in parts]):
            for tp, records in (await consumer.getmany(timeout_ms=200)).items():
                idle_until = time.monotonic() + BACKLOG_IDLE_S
                for r in records:
                    (backlog if r.offset < ends[tp] else newer).append(r)
        backlog.sort(key=lambda r: (r.timestamp, r.partition, r.offset))
        if not from_beginning:
            backlog = newest(backlog, lines)
        for r in backlog + (newer if follow else []):
            if show(r):
                return 0
        if not follow:
            return 0
        stop_at = None if timeout_s is None else time.monotonic() + timeout_s
        while stop_at is None or time.monotonic() < stop_at:
            wait = 500 if stop_at is None else max(0, min(500, int((stop_at - time.monotonic()) * 1000)))
            for records in (await consumer.getmany(timeout_ms=wait)).values():
                for r in records:
                    if show(r):
                        return 0
        return 0
    finally:
        await stop_consumer(consumer)
