"""The embedded stack in one process: Tansu broker (unless Kafka is configured), the worker
with its agents and ledger, and the ClickHouse engine; plus a client to ask and wait."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator, Iterable
from typing import Any

from aiokafka import TopicPartition

from app.audit.opening import command_store
from app.audit.store import AuditStore
from app.kafka import access, topics
from app.kafka import clients as kafka_clients
from app.kafka.broker import EmbeddedBroker, started_producer
from app.kafka.client import require_topics, stop_consumer
from app.kafka.runtime import forget_tables
from app.settings import Settings
from app.worker import Worker, build_worker, prepare
from events import DecodeError, decode, encode
from events.models import AnswerComposed, QueryReceived

log = logging.getLogger(__name__)


class Client:
    """Produces queries and waits for their AnswerComposed on the composed-answer topic."""

    def __init__(self, settings: Settings, bootstrap: str) -> None:
        self.settings, self.bootstrap = settings, bootstrap

    async def __aenter__(self) -> Client:
        await require_topics(self.settings, self.bootstrap, [topics.QUERY, topics.ANSWER])
        self.producer = await started_producer(self.settings, self.bootstrap)
        self.consumer = kafka_clients.reader(self.settings, self.bootstrap)
        name = self.settings.topic(topics.ANSWER)
        await access.start(self.settings, self.bootstrap, self.consumer)
        parts = await kafka_clients.partitions(self.consumer, name)
        self.consumer.assign([TopicPartition(name, p) for p in parts or {0}])
        return self

    async def __aexit__(self, *exc: object) -> None:
        await stop_consumer(self.consumer)
        await self.producer.stop()

    async def send(self, query: QueryReceived) -> None:
        await self.producer.send_and_wait(self.settings.topic(topics.QUERY), encode(query),
                                          key=query.session_id.encode())

    async def answers(self, session_ids: Iterable[str], timeout_s: float) -> AsyncIterator[AnswerComposed]:
        """Yields the first answer of each session, in arrival order, until all or the timeout."""
        waiting = set(session_ids)
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout_s
        while waiting and loop.time() < end:
            batches = await self.consumer.getmany(timeout_ms=200)
            for records in batches.values():
                for r in records:
                    try:
                        ev = decode(r.value)
                    except DecodeError:
                        continue
                    if isinstance(ev, AnswerComposed) and ev.session_id in waiting:
                        waiting.discard(ev.session_id)
                        yield ev


async def stored(settings: Settings, bootstrap: str, store: AuditStore, session_ids: list[str],
                 timeout_s: float) -> str:
    """Waits until the store holds each session's answered snapshot and the audit writer has
    stored every record the topics hold after that (each session's verdicts, draft and answer
    came before its answered snapshot); returns what it still lacks after ``timeout_s`` (empty:
    nothing). Bounded: a store that is away costs ``timeout_s``, never a hang."""
    from app.audit.caught_up import audit_behind

    loop = asyncio.get_running_loop()
    end = loop.time() + timeout_s
    sql = ("SELECT session_id FROM gg_session_snapshots FINAL "
           "WHERE session_id IN {ids:Array(String)} AND stage = 'answered'")
    missing = set(session_ids)
    while missing:
        try:
            missing -= {sid for (sid,) in await asyncio.to_thread(store.query, sql, {"ids": sorted(missing)})}
        except Exception as exc:  # the store is away: say so once the time is up
            log.debug("store not readable yet: %s", exc)
        if not missing or loop.time() >= end:
            break
        await asyncio.sleep(0.25)
    if missing:
        return f"no answered snapshot of {', '.join(sorted(missing))}"
    behind = await audit_behind(settings, bootstrap, max(0.0, end - loop.time()))
    if behind:
        return f"the audit writer has {sum(behind.values())} record(s) left to store"
    return ""


def new_session_id(prefix: str = "s") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


@contextlib.asynccontextmanager
async def embedded_stack(settings: Settings) -> AsyncIterator[tuple[str, Worker]]:
    broker = None
    bootstrap = settings.bootstrap_servers
    if bootstrap is None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        broker = EmbeddedBroker(log_path=settings.data_dir / "tansu.log").start()
        bootstrap = broker.bootstrap
        forget_tables(settings)  # a table of an earlier run would claim sessions this broker never saw
    worker: Worker | None = None
    store = None
    try:
        await prepare(settings, bootstrap)
        store = command_store(settings)  # one line of its own if a worker holds it
        worker = build_worker(settings, bootstrap, store)
        await worker.app.start()
        yield bootstrap, worker
    finally:
        if worker is not None:
            await _stop(worker.app)
        if store is not None:
            store.close()
        if broker is not None:
            broker.stop()


async def _stop(app: Any) -> None:
    try:
        await asyncio.wait_for(app.stop(), 20)
    except (TimeoutError, Exception) as exc:  # shutdown must never hang the CLI
        log.warning("worker did not stop cleanly: %s", exc)
