"""The ledger: a plain aiokafka consumer beside Faust that no Faust offset bug can skip past.

It reads every session topic (committing each only up to the first record of a session that
is still open) and every worker's heartbeat, keeps the book (``app.domain.ledger``) and sends
what the book decides: WatchdogFired for a session that made no progress, lost its worker or
passed its deadline, and SessionExpired for an answered session past its retention. Records
are classified by their key and the ``gg-type`` / ``gg-round`` headers workers put on every
event, so only client records and stage leases are decoded.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime
from typing import Any

from aiokafka import TopicPartition
from aiokafka.abc import ConsumerRebalanceListener
from aiokafka.coordinator.assignors.range import RangePartitionAssignor

from app import metrics
from app.domain.deadlines import with_deadline
from app.domain.ledger import LedgerBook
from app.kafka import clients as kafka_clients
from app.kafka import members, topics, tuning
from app.kafka.offsets import committed_offsets
from app.kafka.services import BackgroundLoop
from app.settings import Settings
from events import DecodeError, decode_record, encode
from events.codec import session_of_key
from events.models import ExecutorFinished, QueryReceived, StageStarted, WorkerBeat

log = logging.getLogger(__name__)
TICK_S = 0.25
BEAT_FETCH_WAIT_MS = 250
DUE_EVERY_S = 0.5
COMMIT_EVERY_S = 1.0
WATCHED = (topics.QUERY, topics.EXECUTOR_RESULT, topics.VERDICT, topics.COMPOSE, topics.DRAFT, topics.ANSWER,
           topics.CONTROL)
CLIENT_FIRST = frozenset(topics.CLIENT_WRITES)


def headers_of(record: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in record.headers or ():
        with contextlib.suppress(UnicodeDecodeError, AttributeError):
            out[k] = v.decode()
    return out


class _Rebalance(ConsumerRebalanceListener):  # type: ignore[misc]  # aiokafka ships no types
    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    async def on_partitions_revoked(self, revoked: set[TopicPartition]) -> None:
        await self.ledger.commit()

    async def on_partitions_assigned(self, assigned: set[TopicPartition]) -> None:
        await self.ledger.take(assigned)


class Ledger:
    def __init__(self, settings: Settings, bootstrap: str, ready: asyncio.Event | None = None,
                 worker_id: str = "") -> None:
        self.settings = settings
        self.bootstrap = bootstrap
        self.worker_id = worker_id
        self.ready = ready or asyncio.Event()
        self.names = {settings.topic(t): t for t in topics.ALL}
        self.book = LedgerBook(stall_s=settings.stall_s, default_deadline_s=settings.deadline_s,
                               liveness_s=settings.liveness_s, retention_s=settings.retention_s,
                               started_mono=time.monotonic())
        self.targets: dict[TopicPartition, int] = {}
        self.outbox: list[tuple[tuple[str, int], int, int, QueryReceived | ExecutorFinished]] = []
        """Client records to copy to their session's partition, which this ledger does not read:
        (where the record lies, its offset, the session's partition, the event)."""
        # Range assignment: a session's partition number is the same on every topic, so one
        # ledger holds all of a session's records.
        self.consumer = kafka_clients.group_consumer(settings, bootstrap, "ledger",
                                                     tuning.group_instance_id(settings, worker_id or "") if worker_id
                                                     else None,
                                                     partition_assignment_strategy=(RangePartitionAssignor,))
        # Beats matter at the scale of seconds: a long fetch wait keeps this reader from polling
        # the broker a hundred times a second on the loop the agents run on.
        self.beats = kafka_clients.reader(settings, bootstrap, auto_offset_reset="latest",
                                          fetch_max_wait_ms=BEAT_FETCH_WAIT_MS)
        self.producer = kafka_clients.producer(settings, bootstrap)

    # ------------------------------------------------------------------ partitions

    async def take(self, assigned: set[TopicPartition]) -> None:
        """A fresh book over what this ledger now owns, read again from the committed offsets."""
        self.book.reset()
        self.outbox.clear()
        tps = sorted(assigned)
        # All at once: one at a time, each committed offset is a round trip and each seek to the
        # beginning waits for the fetcher's next turn (a second for 16 new partitions).
        committed, ends = await asyncio.gather(committed_offsets(self.consumer, tps), self._ends(tps))
        fresh = [tp for tp in tps if committed[tp] is None]
        if fresh:
            await self.consumer.seek_to_beginning(*fresh)
        for tp in tps:
            offset = committed[tp]
            if offset is not None:
                self.consumer.seek(tp, offset)
            self.book.position[(tp.topic, tp.partition)] = offset or 0
        self.targets = {(tp.topic, tp.partition): off for tp, off in ends.items()}
        self.book.set_caught_up(self._caught_up(), time.monotonic())
        self.ready.set()
        if self.worker_id:
            coordinator = getattr(self.consumer, "_coordinator", None)
            tuning.remember_member(self.settings, self.worker_id, members.groups_of(self.settings)[1],
                                   getattr(coordinator, "member_id", None))

    async def _ends(self, tps: list[TopicPartition]) -> dict[TopicPartition, int]:
        return await tuning.partition_ends(self.settings, self.bootstrap, await self.consumer.end_offsets(tps)) \
            if tps else {}

    def _caught_up(self) -> bool:
        return all(self.book.position.get(tp, 0) >= off for tp, off in self.targets.items())

    async def commit(self) -> None:
        offsets = {TopicPartition(t, p): o for (t, p), o in self.book.commit_offsets().items()}
        if offsets:
            log.debug("ledger commit open=%d answered=%d %s", len(self.book.open), len(self.book.answered),
                      {f"{tp.topic}[{tp.partition}]": o for tp, o in offsets.items()})
            try:
                await self.consumer.commit(offsets)
            except Exception as exc:  # a failed commit only means more re-reading after a restart
                log.warning("ledger commit failed: %s", exc)

    # ------------------------------------------------------------------ records

    def record(self, topic: str, partition: int, offset: int, key: bytes | None, value: bytes | None,
               headers: dict[str, str], timestamp_ms: int | None, mono: float) -> None:
        """Feed one record to the book. Never raises: an unreadable record is only a position."""
        tp = (topic, partition)
        name = self.names.get(topic, "")
        sid = session_of_key(key)
        if sid is None:
            self.book.on_other(tp, offset)  # unkeyed
            return
        kind, round_ = headers.get("gg-type"), int(headers.get("gg-round", "1") or 1)
        client = name in topics.CLIENT_WRITES and (kind is None or topics.MOVED_FROM in headers)
        home = topics.partition_of(key or b"", len(self.partitions_of(topic)))
        if partition != home:  # a client's record its library partitioned otherwise (or a stray one)
            ev = self._decode(value, topic, partition, offset, timestamp_ms, key, name) if client else None
            if not isinstance(ev, QueryReceived | ExecutorFinished):
                self.book.on_other(tp, offset)
            elif self.book.on_elsewhere(ev, tp, offset, (topic, home), mono):
                self.outbox.append((tp, offset, home, ev))
            return
        at = datetime.fromtimestamp((timestamp_ms or 0) / 1000, UTC)
        if name == topics.ANSWER:
            self.book.on_answer(sid, at, tp, offset)
        elif client:
            ev = self._decode(value, topic, partition, offset, timestamp_ms, key, name)
            if isinstance(ev, QueryReceived | ExecutorFinished):
                self.book.on_client(ev, tp, offset, mono)
            else:
                self.book.on_other(tp, offset)
        elif kind == "StageStarted":
            ev = self._decode(value, topic, partition, offset, timestamp_ms, key, name)
            if isinstance(ev, StageStarted):
                self.book.on_lease(ev, tp, offset, mono)
            else:
                self.book.on_other(tp, offset)
        elif kind in (None, "WatchdogFired", "SessionExpired", "DeadLettered"):
            self.book.on_other(tp, offset)
        else:
            self.book.on_progress(sid, kind, round_, tp, offset, mono, headers.get("gg-id"))

    def _decode(self, value: bytes | None, topic: str, partition: int, offset: int, timestamp_ms: int | None,
                key: bytes | None, name: str) -> Any:
        try:
            ev = decode_record(value, topic, partition, offset, timestamp_ms / 1000 if timestamp_ms else None,
                               key=key, accept=topics.ACCEPTS.get(name, frozenset()))
        except DecodeError:
            return None  # the session agent dead-letters it and answers its session
        return with_deadline(ev, self.settings.deadline_s)

    async def _forward(self) -> None:
        """Copy the client records in the outbox to their session's partition (the same identity:
        the event as decoded, its ``event_id`` and time from the original's place), each released
        from the book's hold once the broker has it; one not sent stays for the next turn."""
        batch, self.outbox = self.outbox, []
        sends = [await self.producer.send(tp[0], encode(ev), key=ev.session_id.encode(), partition=home,
                                          headers=topics.moved_headers(ev, tp[1], offset))
                 for tp, offset, home, ev in batch]
        for (tp, offset, home, ev), sent in zip(batch, await asyncio.gather(*sends, return_exceptions=True),
                                                strict=True):
            if isinstance(sent, BaseException):
                log.warning("could not copy topic=%s partition=%s offset=%s session_id=%s to its session's "
                            "partition %s: %s", tp[0], tp[1], offset, ev.session_id, home, sent)
                self.outbox.append((tp, offset, home, ev))
                continue
            self.book.on_forwarded(tp, offset)
            log.info("copied topic=%s partition=%s offset=%s session_id=%s to its session's partition %s",
                     tp[0], tp[1], offset, ev.session_id, home)

    def partitions_of(self, topic: str) -> set[int]:
        return self.consumer.partitions_for_topic(topic) or {0}

    # ------------------------------------------------------------------ the loop

    async def run(self) -> None:
        try:
            await self.producer.start()
            await self.beats.start()
            beat_topic = self.settings.topic(topics.WORKERS)
            parts = await kafka_clients.partitions(self.beats, beat_topic)
            self.beats.assign([TopicPartition(beat_topic, p) for p in parts])
            await self.beats.seek_to_end()
            self.consumer.subscribe([self.settings.topic(t) for t in WATCHED], listener=_Rebalance(self))
            await self.consumer.start()
            await self._loop()
        finally:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._close())

    async def _close(self) -> None:
        if self.consumer.assignment():
            await self.commit()
        await self.consumer.stop()
        await self.beats.stop()
        await self.producer.stop()

    async def _read(self) -> None:
        batches = await self.consumer.getmany(timeout_ms=int(TICK_S * 1000), max_records=2000)
        mono = time.monotonic()
        # The client topics first: a session's opener is read no later than what followed it.
        for tp, records in sorted(batches.items(), key=lambda kv: self.names.get(kv[0].topic) not in CLIENT_FIRST):
            for r in records:
                try:
                    self.record(tp.topic, tp.partition, r.offset, r.key, r.value, headers_of(r), r.timestamp, mono)
                except Exception:  # no record can stop the ledger: it is passed, and counted
                    metrics.LOOP_ERRORS.labels("ledger").inc()
                    log.exception("ledger could not read topic=%s partition=%s offset=%s", tp.topic, tp.partition,
                                  r.offset)
                    self.book.on_other((tp.topic, tp.partition), r.offset)
        if self.outbox:
            await self._forward()
        for records in (await self.beats.getmany(timeout_ms=0)).values():
            for r in records:
                try:
                    self.book.on_beat(WorkerBeat.model_validate_json(r.value or b""), mono)
                except Exception as exc:
                    log.warning("unreadable worker beat at offset %s: %s", r.offset, str(exc)[:200])
        if not self.book.caught_up:
            self.book.set_caught_up(self._caught_up(), mono)

    async def _loop(self) -> None:
        last_commit = last_due = time.monotonic()
        control = self.settings.topic(topics.CONTROL)
        while True:
            await self._read()
            if time.monotonic() - last_due < DUE_EVERY_S:
                continue
            last_due = time.monotonic()
            sends = []
            for ev in self.book.due(datetime.now(UTC), time.monotonic()):
                if ev.event_type == "WatchdogFired":
                    metrics.REDRIVES.labels(ev.kind).inc()
                    log.info("watchdog %s session_id=%s attempt=%d", ev.kind, ev.session_id, ev.attempt)
                sends.append(await self.producer.send(control, encode(ev), key=ev.session_id.encode(),
                                                      headers=topics.headers(ev)))
            if sends:
                await asyncio.gather(*sends)
            metrics.SESSIONS_OPEN.set(len(self.book.open))
            if time.monotonic() - last_commit >= COMMIT_EVERY_S:
                await self.commit()
                last_commit = time.monotonic()


def ledger_loop(settings: Settings, bootstrap: str, ready: asyncio.Event, worker_id: str = "") -> BackgroundLoop:
    """The ledger for the app's lifetime. It starts beside Faust's own consumer (its group join
    overlaps Faust's) and sets ``ready`` once it holds its partitions; the heartbeat waits for
    that before the worker says it is ready, so "worker ready" means every query is watched."""
    return BackgroundLoop("ledger", lambda: Ledger(settings, bootstrap, ready, worker_id).run())
