"""The ledger: a plain aiokafka consumer beside Faust that no Faust offset bug can skip past.

It reads the query and executor-result topics (committing only up to the oldest session with
no answer) and the composed-answer topic (always from the start), and publishes a
WatchdogFired for any session that stalls or reaches its deadline without an answer. The
session agent re-drives the pending stage, or answers degraded at the deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.abc import ConsumerRebalanceListener
from aiokafka.coordinator.assignors.range import RangePartitionAssignor

from app import topics
from app.domain.ledger import LedgerBook
from app.services import BackgroundLoop
from app.settings import Settings
from events import DecodeError, decode_record, encode
from events.models import AnswerComposed, ExecutorFinished, QueryReceived

log = logging.getLogger(__name__)
TICK_S = 0.5
READY_TIMEOUT_S = 30.0


class _SeekAnswersToStart(ConsumerRebalanceListener):
    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    async def on_partitions_revoked(self, revoked: set[TopicPartition]) -> None:
        await self.ledger.commit()

    async def on_partitions_assigned(self, assigned: set[TopicPartition]) -> None:
        answers = [tp for tp in assigned if tp.topic == self.ledger.answer_topic]
        if answers:
            await self.ledger.consumer.seek_to_beginning(*answers)
        self.ledger.ready.set()


class Ledger:
    def __init__(self, settings: Settings, bootstrap: str, ready: asyncio.Event | None = None) -> None:
        self.settings = settings
        self.ready = ready or asyncio.Event()
        self.book = LedgerBook(stall_s=settings.stall_s, default_deadline_s=settings.deadline_s)
        self.query_topic = settings.topic(topics.QUERY)
        self.executor_topic = settings.topic(topics.EXECUTOR_RESULT)
        self.answer_topic = settings.topic(topics.ANSWER)
        timeout_ms = int(settings.session_timeout_s * 1000)
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=bootstrap, group_id=f"{settings.app_id}-ledger", enable_auto_commit=False,
            auto_offset_reset="earliest", partition_assignment_strategy=(RangePartitionAssignor,),
            session_timeout_ms=timeout_ms, heartbeat_interval_ms=max(500, timeout_ms // 4),
            fetch_max_wait_ms=50,
        )
        self.producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0)

    async def commit(self) -> None:
        offsets = {TopicPartition(t, p): o for (t, p), o in self.book.commit_offsets().items()}
        if offsets:
            try:
                await self.consumer.commit(offsets)
            except Exception as exc:  # a failed commit only means more re-reading after a restart
                log.warning("ledger commit failed: %s", exc)

    def _record(self, topic: str, partition: int, offset: int, value: bytes | None, timestamp: int | None) -> None:
        try:
            ev = decode_record(value, topic, partition, offset, timestamp / 1000 if timestamp else None)
        except DecodeError:
            if topic != self.answer_topic:
                self.book.on_other((topic, partition), offset)
            return
        if topic == self.answer_topic:
            if isinstance(ev, AnswerComposed):
                self.book.on_answer(ev.session_id)
        elif isinstance(ev, QueryReceived | ExecutorFinished) and ev.round == 1:
            self.book.on_opener(ev, (topic, partition), offset, time.monotonic())
        else:
            self.book.on_other((topic, partition), offset)

    async def run(self) -> None:
        try:
            await self.producer.start()
            self.consumer.subscribe([self.query_topic, self.executor_topic, self.answer_topic],
                                    listener=_SeekAnswersToStart(self))
            await self.consumer.start()
            await self._loop()
        finally:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._close())

    async def _close(self) -> None:
        if self.consumer.assignment():
            await self.commit()
        await self.consumer.stop()
        await self.producer.stop()

    async def _loop(self) -> None:
        last_commit = time.monotonic()
        while True:
            batches = await self.consumer.getmany(timeout_ms=int(TICK_S * 1000), max_records=1000)
            for tp, records in batches.items():
                for r in records:
                    self._record(tp.topic, tp.partition, r.offset, r.value, r.timestamp)
            for nudge in self.book.due(datetime.now(UTC), time.monotonic()):
                log.info("watchdog %s session_id=%s attempt=%d", nudge.kind, nudge.session_id, nudge.attempt)
                await self.producer.send_and_wait(self.query_topic, encode(nudge), key=nudge.session_id.encode())
            if time.monotonic() - last_commit >= 1.0:
                await self.commit()
                last_commit = time.monotonic()


def ledger_loop(settings: Settings, bootstrap: str) -> BackgroundLoop:
    """The ledger for the app's lifetime; start-up waits until it holds its partitions, so
    "worker ready" means every query is watched."""
    ready = asyncio.Event()
    return BackgroundLoop("ledger", lambda: Ledger(settings, bootstrap, ready).run(), ready, READY_TIMEOUT_S)
