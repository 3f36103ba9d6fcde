"""The express lane with Faust's and aiokafka's published transport: the events agents act on go
by an aiokafka producer of their own (its own connection), the rest by Faust's producer.

aiokafka keeps one produce request in flight per broker connection and queues everything else
behind it. With a single producer, a stage's output waited for the acknowledgement of whatever
went out just before it: the session table's changelog record, a session snapshot, a stage lease
(none of which any agent waits for). The tuned transport (``app.kafka.faust_transport``, behind
``GROUNDGATE_BROKER_TUNING``) has the same lane inside Faust's producer; this one needs no
change to Faust: ``Runtime`` sends through it, with public aiokafka calls only.

Every event an agent acts on takes this lane, so their order per partition is kept (leases, the
changelog and snapshots have topics or readers of their own that do not read them in order with
those events). Faust flushes only its own producer before it commits an offset, so an event of
this lane may still be on its way when its input's offset is committed: a worker killed in
between loses it, and the ledger re-drives the session, as for a stage's output (stages run
beside the stream, their input committed before they end; ``docs/delivery.md``). A graceful
stop sends what the lane holds before the worker's last beat (``Runtime.cancel_stages``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

from aiokafka import AIOKafkaProducer

from app.kafka import clients as kafka_clients
from app.settings import Settings

log = logging.getLogger(__name__)
MAX_QUEUED = 2_000
"""Records the outbox holds at most: past that (a broker away or slow) ``put`` says no and the
caller queues the record in Faust's buffer, whose bound holds the streams, so memory stays bounded."""


def _report_failure(topic: str, key: bytes, sent: asyncio.Future[Any]) -> None:
    """A record the lane took and could not deliver (the caller awaits only the hand-off)."""
    if not sent.cancelled() and sent.exception() is not None:
        log.warning("not delivered to topic=%s session_id=%s: %r", topic, key.decode(errors="replace"),
                    sent.exception())


class ExpressLane:
    """An aiokafka producer started on its first send and stopped (after sending what it holds)
    by ``close``; once closed, ``send`` returns None and the caller uses Faust's producer."""

    def __init__(self, settings: Settings, bootstrap: str, **options: Any) -> None:
        self.settings = settings
        self.bootstrap = bootstrap
        self.options = options
        self.producer: AIOKafkaProducer | None = None
        self.closed = False
        self._starting: asyncio.Lock | None = None

    async def send(self, topic: str, key: bytes, value: bytes, partition: int | None,
                   headers: list[tuple[str, bytes]]) -> asyncio.Future[Any] | None:
        """The future of the record's delivery, or None when the lane is closed."""
        producer = await self._running()
        if producer is None:
            return None
        sent = cast("asyncio.Future[Any]", await producer.send(topic, value, key=key, partition=partition,
                                                                headers=headers))
        sent.add_done_callback(functools.partial(_report_failure, topic, key))
        return sent

    async def _running(self) -> AIOKafkaProducer | None:
        if self.producer is not None or self.closed:
            return None if self.closed else self.producer
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self.producer is None and not self.closed:
                producer = kafka_clients.producer(self.settings, self.bootstrap, **self.options)
                await producer.start()
                self.producer = producer
        return None if self.closed else self.producer

    async def close(self) -> None:
        """Send what the lane holds, then stop it: later events go by Faust's producer."""
        self.closed = True
        if self._starting is not None:
            async with self._starting:  # a start under way ends first
                pass
        producer, self.producer = self.producer, None
        if producer is not None:
            try:
                await producer.stop()
            except Exception as exc:  # the broker is away: the ledger re-drives what was lost
                log.warning("express lane not flushed on stop: %s", exc)


class Outbox:
    """Records nobody acts on (session snapshots for the audit), sent in order by one task through
    ``send`` (Faust's producer, called directly) once the caller yields, instead of through Faust's
    producer buffer. That buffer sends one record after another, each through the app's stampede
    guard (three turns of the loop per record), and past 100 queued records Faust holds every stream
    until it drained ("producer buffer full"): on a busy worker the snapshots alone filled it. The
    table's changelog, which Faust queues there itself, is all that is left in it."""

    def __init__(self, send: Callable[[str, bytes, bytes], Awaitable[Any]], drain_s: float = 5.0,
                 max_queued: int = MAX_QUEUED) -> None:
        self.send = send
        self.drain_s = drain_s
        self.max_queued = max_queued
        self.closed = False
        self._queue: asyncio.Queue[tuple[str, bytes, bytes]] | None = None
        self._task: asyncio.Task[None] | None = None

    def put(self, topic: str, key: bytes, value: bytes) -> bool:
        """Queue a record; False once closed or full (the caller queues it in Faust's buffer: a
        snapshot carries its version, so the audit keeps the newest whichever way it went)."""
        if self.closed:
            return False
        if self._queue is None:
            self._queue = asyncio.Queue(self.max_queued)
            self._task = asyncio.ensure_future(self._drain(self._queue))
        if self._queue.full():
            return False
        self._queue.put_nowait((topic, key, value))
        return True

    async def _drain(self, queue: asyncio.Queue[tuple[str, bytes, bytes]]) -> None:
        while True:
            topic, key, value = await queue.get()
            try:
                await self.send(topic, key, value)
            except Exception as exc:  # the audit misses one snapshot; the session goes on
                log.warning("not sent to topic=%s session_id=%s: %r", topic, key.decode(errors="replace"), exc)
            finally:
                queue.task_done()

    async def close(self) -> None:
        """Send what is queued (for at most ``drain_s``), then stop taking records."""
        if self._queue is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._queue.join(), self.drain_s)
        self.closed = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
