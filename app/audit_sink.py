"""The audit writer: every topic to ClickHouse, in batches, off the answer path.

A plain aiokafka consumer in its own group: it commits a batch's offsets only once ClickHouse
has its rows, so while the store is down the rows wait on Kafka (durable, bounded by the
topics' retention), the writer retries with backoff, and no agent waits for it. Redelivered
rows replace themselves (ReplacingMergeTree keyed by event id). Its lag is logged and
written to ``gg_audit_health``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Callable
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition

from app import topics
from app.services import BackgroundLoop
from app.settings import Settings
from app.store import AuditStore
from events import DecodeError, decode_record, to_dict

log = logging.getLogger(__name__)
BATCH_ROWS = 2000
FLUSH_S = 0.5
HEALTH_EVERY_S = 2.0


def parse_record(name: str, topic: str, partition: int, offset: int, value: bytes | None,
                 timestamp: int | None) -> tuple[str, dict[str, Any]] | None:
    """(kind, data): a session snapshot as it is, an event through the codec; None if unreadable."""
    if name == topics.SESSION_STATE:
        try:
            data = json.loads(value or b"")
        except ValueError:
            return None
        return ("snapshot", data) if isinstance(data, dict) and "session_id" in data else None
    try:
        ev = decode_record(value, topic, partition, offset, timestamp / 1000 if timestamp else None)
    except DecodeError:
        return None  # the session agent dead-letters it; the DeadLettered event is audited
    return name, to_dict(ev)


class AuditSink:
    def __init__(self, settings: Settings, bootstrap: str, open_store: Callable[[], AuditStore]) -> None:
        self.settings, self.open_store = settings, open_store
        self.names = {settings.topic(t): t for t in topics.ALL}
        self.store: AuditStore | None = None
        self.rows_written = 0
        self.lag = 0
        self.last_error = ""
        timeout_ms = int(settings.session_timeout_s * 1000)
        self.consumer = AIOKafkaConsumer(
            bootstrap_servers=bootstrap, group_id=f"{settings.app_id}-audit", enable_auto_commit=False,
            auto_offset_reset="earliest", session_timeout_ms=timeout_ms,
            heartbeat_interval_ms=max(500, timeout_ms // 4), fetch_max_wait_ms=100, max_poll_records=BATCH_ROWS)

    async def _write(self, events: list[tuple[str, dict[str, Any]]], snaps: list[dict[str, Any]]) -> None:
        """Until it succeeds: the batch stays uncommitted (on Kafka) while the store is away."""
        delay = 0.5
        while True:
            try:
                if self.store is None:
                    self.store = await asyncio.to_thread(self.open_store)
                self.rows_written += await asyncio.to_thread(self.store.write, events, snaps)
                self.last_error = ""
                return
            except Exception as exc:
                self.last_error = f"{type(exc).__name__}: {exc}"[:300]
                log.warning("audit store unavailable (%d events, %d snapshots kept on Kafka, lag %d): %s; "
                            "retrying in %.1fs", len(events), len(snaps), self.lag, self.last_error, delay)
                self.store = None  # reopened (or re-fetched) on the next try
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)

    async def _measure_lag(self) -> None:
        parts = self.consumer.assignment()
        if not parts:
            return
        ends = await self.consumer.end_offsets(list(parts))
        lag = 0
        for tp in parts:
            lag += max(0, ends[tp] - await self.consumer.position(tp))
        self.lag = lag

    async def _health(self) -> None:
        try:
            await self._measure_lag()
        except Exception as exc:  # health is best effort: it never stops the writer
            log.warning("audit lag not measured: %s", exc)
        log.info("audit writer: lag %d message(s), %d row(s) written%s", self.lag, self.rows_written,
                 f", last error: {self.last_error}" if self.last_error else "")
        if self.store is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.insert_health, f"{os.uname().nodename}:{os.getpid()}",
                                        self.lag, self.rows_written, self.last_error)

    async def run(self) -> None:
        try:
            self.consumer.subscribe(list(self.names))
            await self.consumer.start()
            last_health = 0.0
            while True:
                batches = await self.consumer.getmany(timeout_ms=int(FLUSH_S * 1000), max_records=BATCH_ROWS)
                events, snaps = [], []
                offsets: dict[TopicPartition, int] = {}
                for tp, records in batches.items():
                    for r in records:
                        parsed = parse_record(self.names.get(tp.topic, tp.topic), tp.topic, tp.partition, r.offset,
                                              r.value, r.timestamp)
                        if parsed is not None:
                            (snaps.append(parsed[1]) if parsed[0] == "snapshot" else events.append(parsed))
                    offsets[tp] = records[-1].offset + 1
                if events or snaps:
                    await self._write(events, snaps)
                if offsets:
                    await self.consumer.commit(offsets)
                if time.monotonic() - last_health >= HEALTH_EVERY_S:
                    last_health = time.monotonic()
                    await self._health()
        finally:
            with contextlib.suppress(Exception):
                await asyncio.shield(self.consumer.stop())


def audit_loop(settings: Settings, bootstrap: str, open_store: Callable[[], AuditStore]) -> BackgroundLoop:
    """The audit writer for the app's lifetime."""
    return BackgroundLoop("audit writer", lambda: AuditSink(settings, bootstrap, open_store).run())
