"""Everything an agent needs, built once: settings, topics, the session table, the roles,
and ``emit`` (which puts each event on its topic, keyed by session_id)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

import faust
from mode import Service

import app.faust_transport  # noqa: F401  (registers the ggkafka:// scheme)
from app import topics
from app.domain.deadlines import with_deadline
from app.settings import Settings
from app.stages import Roles
from events import DecodeError, decode_record, encode
from events.models import DeadLettered, Event, derived_id

log = logging.getLogger(__name__)


def attach(app: faust.App, service: Service) -> None:
    """Run ``service`` with the app (started after recovery, stopped with it). Faust's
    ``app.service`` is typed for classes but takes an instance as well."""
    app.service(cast(Any, service))


def where(stage: str, message: Any, event: Event) -> str:
    """How every log line about one message names it."""
    return (f"{stage} topic={message.topic} partition={message.partition} offset={message.offset} "
            f"session_id={event.session_id} round={event.round}")


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class Runtime:
    settings: Settings
    app: faust.App
    roles: Roles
    topics: dict[str, Any]
    table: Any = None
    names: dict[str, str] = field(default_factory=dict)
    in_flight: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(64))
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    async def emit(self, event: Event) -> None:
        await self.topics[topics.TOPIC_OF[event.event_type]].send(key=event.session_id.encode(), value=encode(event))

    async def send_raw(self, name: str, key: str, value: bytes) -> None:
        await self.topics[name].send(key=key.encode(), value=value)

    def decode(self, value: Any, message: Any) -> Event:
        """The one edge where a record becomes an event: bounded, validated, only the event types
        its topic accepts, the configured deadline filled in. Raises only ``DecodeError``."""
        name = self.names.get(message.topic, message.topic)
        ev = decode_record(value, message.topic, message.partition, message.offset, message.timestamp,
                           key=message.key, accept=topics.ACCEPTS.get(name, frozenset()))
        return with_deadline(ev, self.settings.deadline_s)

    def decode_or_none(self, value: Any, message: Any) -> Event | None:
        """For agents that share a topic with the session agent, which dead-letters for them."""
        try:
            return self.decode(value, message)
        except DecodeError:
            return None

    async def decode_or_dead_letter(self, value: Any, message: Any) -> Event | DeadLettered:
        """Decode a message; a bad one becomes a DeadLettered event (published, and returned)."""
        try:
            return self.decode(value, message)
        except DecodeError as exc:
            raw = value if isinstance(value, bytes) else str(value).encode()
            sid = exc.session_id or "unknown"
            dl = DeadLettered(
                event_id=derived_id("dead-letter", message.topic, message.partition, message.offset),
                session_id=sid, source_topic=message.topic, partition=message.partition,
                offset=message.offset, reason=exc.reason[:2000], raw=raw[:4096].decode("utf-8", "replace"),
            )
            log.warning("dead-lettered topic=%s partition=%s offset=%s session_id=%s: %s",
                        message.topic, message.partition, message.offset, sid, exc.reason)
            await self.emit(dl)
            return dl

    def spawn(self, work: Callable[[], Awaitable[None]], what: str) -> Awaitable[None]:
        """Run ``work`` beside the stream so one session's slow model call never holds up
        another's; waits only for a free in-flight slot. A lost task is re-driven by the ledger."""

        async def guarded() -> None:
            try:
                await work()
            except Exception:
                log.exception("%s failed", what)
            finally:
                self.in_flight.release()

        async def start() -> None:
            await self.in_flight.acquire()
            task = asyncio.ensure_future(guarded())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

        return start()


def create_app(settings: Settings, bootstrap: str) -> faust.App:
    return faust.App(
        settings.app_id,
        broker=f"ggkafka://{bootstrap}",
        store="memory://",
        value_serializer="raw",
        key_serializer="raw",
        topic_partitions=settings.partitions,
        topic_replication_factor=1,
        # Tansu holds a JoinGroup for half the session timeout: 6 s joins in ~3 s, not 30.
        broker_session_timeout=settings.session_timeout_s,
        broker_heartbeat_interval=max(0.5, settings.session_timeout_s / 4),
        broker_request_timeout=30.0,
        broker_commit_interval=1.0,
        consumer_auto_offset_reset="earliest",
        # Model-bound agents: little prefetched work to redo after a crash.
        stream_buffer_maxsize=256,
        # On stop/rebalance Faust waits for every delivered-but-unacked message (25 s+ seen
        # here on SIGTERM). Every hop is idempotent and the ledger re-drives: don't wait.
        stream_wait_empty=False,
        table_standby_replicas=0,
        topic_disable_leader=True,
        web_enabled=False,
        web_port=settings.web_port,
        producer_linger_ms=0,
    )


def build_runtime(settings: Settings, bootstrap: str, roles: Roles) -> Runtime:
    app = create_app(settings, bootstrap)
    tps = {name: app.topic(settings.topic(name), partitions=settings.partitions, key_type=bytes,
                           value_type=bytes, key_serializer="raw", value_serializer="raw")
           for name in topics.ALL}
    rt = Runtime(settings=settings, app=app, roles=roles, topics=tps,
                 in_flight=asyncio.Semaphore(settings.max_in_flight),
                 names={settings.topic(name): name for name in topics.ALL})
    # Keys and values are bytes (session_id, JSON of DiagnosisSession): the same before and
    # after a changelog recovery, whatever the app's default codecs.
    rt.table = app.Table("diagnosis_session", default=None, partitions=settings.partitions,
                         key_type=bytes, value_type=bytes)
    return rt
