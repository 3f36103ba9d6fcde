"""The audit writer: every topic to ClickHouse, in batches, off the answer path.

A plain aiokafka consumer in its own group: it commits a batch's offsets only once ClickHouse
has its rows, so while the store is down the rows wait on Kafka (durable, bounded by the
topics' retention), the writer retries with backoff, and no agent waits for it. Redelivered
rows replace themselves (ReplacingMergeTree keyed by event id; idempotent rollup states).

No record can stop it. Each record becomes rows on its own (``app.audit.rows``), decoded with
the event types its topic accepts: a forged internal event on a client topic is not audited as
what it claims (the worker dead-letters it, and the DeadLettered event is audited). Whatever
fails there is logged with topic, partition, offset and session_id, counted and passed. A
batch the store refuses because of its data is halved down to the refused record, and that
record's rows table by table: the rows refused are skipped the same way, the rest is stored. A
batch the store cannot take (away, unwell) is kept and retried.

Its health (lag, rows, failed writes, skipped records, whether it is failing) is measured every
few seconds, exported as metrics and written to ``gg_audit_health``. It logs at INFO only when
something changes: ``audit writer: lag 0 message(s), N row(s) written`` each time it has caught
up after writing rows, and every failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiokafka import AIOKafkaConsumer, ConsumerRecord, TopicPartition

from app.audit.rows import Rows, event_rows, new_rows, snapshot_rows
from app.audit.store import AuditStore, refuses_data
from app.kafka import clients as kafka_clients
from app.kafka import topics
from app.kafka.services import BackgroundLoop
from app.metrics import AUDIT_DEAD_LETTERED, AUDIT_ERRORS, AUDIT_LAG, AUDIT_ROWS, LOOP_ERRORS
from app.settings import Settings
from events import DecodeError, decode_record
from events.codec import session_of_key

log = logging.getLogger(__name__)
AUDITED = (*sorted(topics.ACCEPTS), topics.SESSION_STATE)
"""Every topic that carries events (read with its accepted types) and the session snapshots."""
BATCH_RECORDS = 20_000
FLUSH_S = 2.0
"""A batch is written when it holds BATCH_RECORDS or FLUSH_S after its first record: every insert
makes a new part in every table (and its materialized views), so few large inserts cost far
less CPU than many small ones."""
HEALTH_EVERY_S = 2.0
RETRY_FIRST_S, RETRY_MAX_S = 0.5, 10.0


@dataclass(frozen=True)
class Where:
    topic: str
    partition: int
    offset: int
    session_id: str

    def __str__(self) -> str:
        return f"topic={self.topic} partition={self.partition} offset={self.offset} session_id={self.session_id}"


@dataclass
class Unit:
    """One record's rows: what a refused batch is split into."""

    where: Where
    rows: Rows


def record_rows(name: str, r: ConsumerRecord[Any, Any]) -> tuple[str, Rows]:
    """The rows of one record of topic ``name``, and its session id; raises if it cannot be audited."""
    rows = new_rows()
    if name == topics.SESSION_STATE:
        return snapshot_rows(r.value, rows), rows
    ev = decode_record(r.value, r.topic, r.partition, r.offset, r.timestamp / 1000 if r.timestamp else None,
                       key=r.key, accept=topics.ACCEPTS[name])
    event_rows(name, ev, r.value, rows)
    return ev.session_id, rows


def merged(units: list[Unit]) -> Rows:
    out = new_rows()
    for u in units:
        for table, rows in u.rows.items():
            out[table].extend(rows)
    return out


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text}"[:300]


@dataclass
class Health:
    """What the writer reports; kept across restarts of its loop."""

    name: str = field(default_factory=lambda: f"{os.uname().nodename}:{os.getpid()}")
    lag: int = 0
    rows_written: int = 0
    errors: int = 0
    skipped: int = 0
    failing: bool = False
    last_error: str = ""
    caught_up_at_rows: int = 0

    def line(self) -> str:
        extra = "".join([f", {self.skipped} record(s) skipped" if self.skipped else "",
                         f", {self.errors} failed write(s)" if self.errors else "",
                         f", failing: {self.last_error}" if self.failing else ""])
        return f"audit writer: lag {self.lag} message(s), {self.rows_written} row(s) written{extra}"


class AuditSink:
    def __init__(self, settings: Settings, bootstrap: str, open_store: Callable[[], AuditStore],
                 health: Health | None = None, ready: asyncio.Event | None = None) -> None:
        self.open_store = open_store
        self.names = {settings.topic(t): t for t in AUDITED}
        self.store: AuditStore | None = None
        self.health = health or Health()
        self.ready = ready or asyncio.Event()
        """Set once the consumer holds its partitions."""
        self.pending: dict[TopicPartition, int] = {}
        LOOP_ERRORS.labels(loop="audit")  # exported from the start, at 0
        self.settings, self.bootstrap = settings, bootstrap
        self.consumer: AIOKafkaConsumer | None = None

    # ------------------------------------------------------------ records → rows

    def _skip(self, where: Where, why: str, level: int = logging.WARNING) -> None:
        self.health.skipped += 1
        LOOP_ERRORS.labels(loop="audit").inc()
        log.log(level, "audit writer skipped a record %s: %s", where, why)

    def units(self, batches: dict[TopicPartition, list[ConsumerRecord[Any, Any]]]) -> list[Unit]:
        """Every record's rows; a record that cannot be read or turned into rows is skipped."""
        out = []
        for tp, records in batches.items():
            name = self.names.get(tp.topic, tp.topic)
            for r in records:
                try:
                    sid, rows = record_rows(name, r)
                except DecodeError as exc:  # the worker dead-letters it; the DeadLettered event is audited
                    AUDIT_DEAD_LETTERED.inc()  # bad input a client sent: not the writer's failure
                    log.info("audit: not an event, left to its DeadLettered record %s: %s",
                             Where(tp.topic, tp.partition, r.offset, exc.session_id or "unknown"), exc.reason)
                    continue
                except Exception as exc:
                    self._skip(Where(tp.topic, tp.partition, r.offset, session_of_key(r.key) or "unknown"),
                               _short(exc))
                    continue
                out.append(Unit(Where(tp.topic, tp.partition, r.offset, sid), rows))
        return out

    # ------------------------------------------------------------ rows → ClickHouse

    async def store_units(self, units: list[Unit]) -> None:
        """Until every unit is stored or skipped: a part the store refuses for its data is halved
        down to the refused records; a part it cannot take now is kept and retried."""
        parts, delay, attempts = [units], RETRY_FIRST_S, 0
        while parts:
            part = parts.pop()
            try:
                if self.store is None:
                    self.store = await asyncio.to_thread(self.open_store)
                n = await asyncio.to_thread(self.store.insert_rows, merged(part))
            except Exception as exc:
                answers = self.store is not None and await asyncio.to_thread(self.store.answers)
                if answers and refuses_data(exc):
                    if len(part) > 1:
                        parts += [part[len(part) // 2:], part[:len(part) // 2]]
                    elif len(part[0].rows) > 1:  # one record: find the table that refuses its rows
                        parts += [[Unit(part[0].where, {table: rows})] for table, rows in part[0].rows.items()]
                    else:
                        self._skip(part[0].where, f"{', '.join(part[0].rows)} refused its row(s): {_short(exc)}")
                    continue
                attempts += 1
                self.health.errors += 1
                self.health.failing, self.health.last_error = True, _short(exc)
                AUDIT_ERRORS.inc()
                log.warning("audit store %s (%d record(s) kept on Kafka, lag %d): %s; retrying in %.1fs",
                            "refuses the batch" if answers else "unavailable",
                            sum(len(p) for p in parts) + len(part), self.health.lag, self.health.last_error, delay)
                parts.append(part)
                if not answers:
                    self.store = None  # reopened (or re-fetched) on the next try
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX_S)
                continue
            self.health.rows_written += n
            AUDIT_ROWS.inc(n)
        if self.health.failing:
            log.info("audit store back after %d failed attempt(s)", attempts)
            self.health.failing = False

    # ------------------------------------------------------------ health

    async def _measure_lag(self) -> None:
        c = self.consumer
        parts = c.assignment() if c is not None else set()
        if c is None or not parts:
            return
        ends = await c.end_offsets(list(parts))
        lag = 0
        for tp in parts:
            done = self.pending.get(tp)
            end = max(ends[tp], c.highwater(tp) or 0)  # Tansu's ListOffsets stops at the last batch's first record
            lag += max(0, end - (done if done is not None else await c.position(tp)))
        self.health.lag = lag

    async def report(self) -> None:
        h = self.health
        try:
            await self._measure_lag()
        except Exception as exc:  # health is best effort: it never stops the writer
            log.debug("audit lag not measured: %s", exc)
        AUDIT_LAG.set(h.lag)
        caught_up = h.lag == 0 and not h.failing and h.rows_written > h.caught_up_at_rows
        if caught_up:
            h.caught_up_at_rows = h.rows_written
        log.log(logging.INFO if caught_up else logging.DEBUG, "%s", h.line())
        store = self.store
        if store is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(store.insert_health, h.name, h.lag, h.rows_written, h.last_error,
                                        failing=h.failing, errors=h.errors, skipped=h.skipped)

    async def _report_forever(self) -> None:
        while True:
            await asyncio.sleep(HEALTH_EVERY_S)
            await self.report()

    # ------------------------------------------------------------ the loop

    @staticmethod
    async def _gather(consumer: AIOKafkaConsumer) -> dict[TopicPartition, list[Any]]:
        """Records up to BATCH_RECORDS, for at most FLUSH_S after the first one arrived."""
        batches: dict[TopicPartition, list[Any]] = {}
        count, first = 0, 0.0
        while count < BATCH_RECORDS:
            wait = FLUSH_S if not count else FLUSH_S - (time.monotonic() - first)
            if wait <= 0:
                break
            got = await consumer.getmany(timeout_ms=int(wait * 1000), max_records=BATCH_RECORDS - count)
            if not got:
                break
            if not count:
                first = time.monotonic()
            for tp, records in got.items():
                batches.setdefault(tp, []).extend(records)
                count += len(records)
        return batches

    async def run(self) -> None:
        self.consumer = consumer = kafka_clients.group_consumer(
            self.settings, self.bootstrap, "audit", fetch_max_wait_ms=100, max_poll_records=BATCH_RECORDS,
            # an outage of the store holds a batch for as long as it lasts: that is not a dead consumer
            max_poll_interval_ms=24 * 3600 * 1000)
        reporter: asyncio.Task[None] | None = None
        try:
            consumer.subscribe(list(self.names))
            await consumer.start()
            reporter = asyncio.ensure_future(self._report_forever())
            while True:
                batches = await self._gather(consumer)
                if not self.ready.is_set() and consumer.assignment():
                    self.ready.set()
                if not batches:
                    continue
                self.pending = {tp: records[0].offset for tp, records in batches.items()}
                units = await asyncio.to_thread(self.units, batches)
                if units:
                    await self.store_units(units)
                try:
                    await consumer.commit({tp: records[-1].offset + 1 for tp, records in batches.items()})
                except Exception as exc:  # a rebalance: the next owner reads these again (idempotent rows)
                    log.warning("audit writer could not commit (%s); the records will be written again", _short(exc))
                self.pending = {}
        finally:
            if reporter is not None:
                reporter.cancel()
                with contextlib.suppress(Exception):  # the last word: what it wrote, skipped and failed
                    await asyncio.wait_for(asyncio.shield(self.report()), 5)
            with contextlib.suppress(Exception):
                await asyncio.shield(consumer.stop())


def audit_loop(settings: Settings, bootstrap: str, open_store: Callable[[], AuditStore],
               health: Health | None = None) -> BackgroundLoop:
    """The audit writer for the app's lifetime (restarted after a crash, its counters kept)."""
    h = health or Health()
    return BackgroundLoop("audit writer", lambda: AuditSink(settings, bootstrap, open_store, h).run())
