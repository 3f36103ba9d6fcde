"""Everything an agent needs, built once: settings, topics, the session table, the roles, the
worker's identity, and the edges every agent goes through:

- ``decode``: the one place a record becomes an event (bounded, validated, only the event types
  its topic accepts, the configured deadline filled in);
- ``emit``: each event on its topic, keyed by session_id, with routing headers, never larger
  than the broker takes; once the broker has it, handed to this worker's own agents that read
  its topic (``app.kafka.handover``);
- ``run_stage``: a model-bound stage as its own task, announced by a StageStarted lease so the
  watchdog leaves it alone while it runs, never run twice at once in one process, and turned
  into a StageFailed (answered at once) when it fails for good.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import shutil
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote

import faust
from mode import Service

from app import metrics
from app.domain.deadlines import with_deadline
from app.domain.redact import redact
from app.kafka import (
    changelog,
    faust_store,  # registers the ggrocksdb:// scheme
    faust_transport,  # registers the ggkafka:// scheme (app.kafka.tuning decides whether it is used)
    members,
    topics,
    tuning,
)
from app.kafka import clients as kafka_clients
from app.kafka.decoded import Decoded
from app.kafka.express import ExpressLane, Outbox
from app.kafka.handover import Handed, HandOver
from app.kafka.leases import HeldElsewhere
from app.kafka.moved import MovedIn
from app.kafka.tenure import Tenure, settle
from app.roles.llm import DeadlineExceeded, ModelError
from app.settings import Settings
from app.stages import Roles, failed_calls
from events import DecodeError, decode_record, encode
from events.codec import MAX_MESSAGE_BYTES
from events.models import (
    DeadLettered,
    DegradedReason,
    Event,
    LogRef,
    Stage,
    StageFailed,
    StageStarted,
    derived_id,
)

log = logging.getLogger(__name__)
DONE_MEMORY = 20_000
PRODUCER_BATCH_BYTES = 512 * 1024


class EventTooLarge(RuntimeError):
    """An event the worker built is larger than the broker takes (a bug: every input is bounded)."""


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


def deadline_at_of(event: Event) -> datetime | None:
    q = getattr(event, "deadline_s", None)
    if q:
        return event.occurred_at + timedelta(seconds=q)
    return cast(datetime | None, getattr(event, "deadline_at", None))


@dataclass
class Identity:
    """Which worker this is (stable across restarts) and which run of it (new at every start)."""

    worker_id: str
    incarnation: str = field(default_factory=lambda: uuid.uuid4().hex[:16])


@dataclass
class Runtime:
    settings: Settings
    app: faust.App
    roles: Roles
    topics: dict[str, Any]
    identity: Identity
    table: Any = None
    names: dict[str, str] = field(default_factory=dict)
    in_flight: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(64))
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    running: set[tuple[str, int, str]] = field(default_factory=set)
    done: OrderedDict[tuple[str, int, str], float] = field(default_factory=OrderedDict)
    """Stages this process finished lately (monotonic time): a copy of their input that comes soon
    after (a redelivery) is not run again; one that comes a stall later is a re-drive, because
    the output never reached the log, and runs."""
    stage_done: Callable[[str, int, str], bool] = lambda sid, rnd, stage: False
    ready: bool = False
    ledger_ready: asyncio.Event = field(default_factory=asyncio.Event)
    handover: HandOver = field(default_factory=lambda: HandOver(lambda topic, partition: False))
    express: ExpressLane | None = None
    outbox: Outbox | None = None
    """Session snapshots, sent without Faust's producer buffer (``app.kafka.express.Outbox``) where
    the tuned transport does not take the buffer's stampede guard away itself."""
    """The events agents act on, on a producer of their own (``app.kafka.express``), where the
    tuned transport's producer does not have that lane itself."""
    bootstrap: str = ""
    held: HeldElsewhere = field(default_factory=lambda: HeldElsewhere(""))
    """Stages other runs leased (the session agent keeps it; ``app.kafka.leases``)."""
    moved: MovedIn = field(default_factory=lambda: MovedIn(()))
    """What the session agent has yet to read on partitions that moved here (``build_runtime``
    sets it up for the session agent's topics; the agent marks what it read)."""
    tenure: Tenure = field(default_factory=lambda: Tenure(""))
    """Whether a lease may go out on a session's control partition (``app.kafka.tenure``; the
    session agent marks revokes and assignments)."""
    decoded: Decoded = field(default_factory=Decoded)
    """The events decoded lately by their place in the log, shared by the agents that read one
    record (``app.kafka.decoded``); the session agent drops them when partitions move."""
    answers_logged: OrderedDict[str, None] = field(default_factory=OrderedDict)
    """Answers (by event id) this process sent lately, or is sending. An answer is sent again only to
    fill a gap in the log (its worker died between its table and the log: a nudge re-sends what the
    table holds); one this process sent is not, though a nudge that was on its way when the
    session's draft was folded asks for it (one the broker refused is forgotten: sent again)."""

    # ------------------------------------------------------------------ the edges

    async def emit(self, event: Event) -> asyncio.Future[Any] | None:
        """``event`` handed to the producer: the future of its delivery (None: not sent)."""
        if event.event_type == "AnswerComposed" and event.event_id in self.answers_logged:
            log.debug("answer of session_id=%s already in the log, not sent again", event.session_id)
            return None
        if event.event_type != "AnswerComposed":
            return await self._emit(event, topics.headers(event))
        self.answers_logged[event.event_id] = None  # on its way: a re-send meanwhile is not sent either
        if len(self.answers_logged) > DONE_MEMORY:
            self.answers_logged.popitem(last=False)
        try:
            sent = await self._emit(event, topics.headers(event))
        except BaseException:
            self.answers_logged.pop(event.event_id, None)
            raise
        sent.add_done_callback(functools.partial(self._answer_not_logged, event.event_id))
        return sent

    def answer_logged(self, event_id: str) -> None:
        """An answer read from the log (the session agent reads them): never sent again from here."""
        self.answers_logged[event_id] = None
        self.answers_logged.move_to_end(event_id)
        if len(self.answers_logged) > DONE_MEMORY:
            self.answers_logged.popitem(last=False)

    def _answer_not_logged(self, event_id: str, sent: asyncio.Future[Any]) -> None:
        if sent.cancelled() or sent.exception() is not None:
            self.answers_logged.pop(event_id, None)  # a later re-send fills the gap

    async def _emit(self, event: Event, headers: list[tuple[str, bytes]],
                    partition: int | None = None) -> asyncio.Future[Any]:
        """``emit``, returning the future of the event's delivery."""
        data = encode(event)
        if len(data) > topics.MAX_REQUEST_BYTES - 4096:
            raise EventTooLarge(f"{event.event_type} of session {event.session_id} is {len(data)} bytes")
        sent = await self._send(event, data, partition, headers)
        # Handed over only what every reader of the log can decode (the codec refuses a record
        # over MAX_MESSAGE_BYTES): nothing is acted on that the log cannot give again.
        if faust_transport.express_type(event.event_type.encode()) and len(data) <= MAX_MESSAGE_BYTES:
            handed = with_deadline(event, self.settings.deadline_s)
            sent.add_done_callback(functools.partial(self.handover.landed, handed))
        return sent

    async def emit_to(self, name: str, event: Event) -> None:
        """``event`` on topic ``name`` rather than its own (a client's copy: nothing hands it over)."""
        await self._send(event, encode(event), name=name)

    async def _send(self, event: Event, data: bytes, partition: int | None = None,
                    headers: list[tuple[str, bytes]] | None = None, name: str | None = None) -> asyncio.Future[Any]:
        """An event on its topic, handed to the producer directly (the future of its delivery).
        Faust's ``Topic.send`` passes a stampede guard that yields to the loop three times on
        every call: the producer's sender ran in between, so each event of a stage's output went
        in a produce request of its own and waited for the one before it."""
        topic = self.settings.topic(name or topics.TOPIC_OF[event.event_type])
        key, headers = event.session_id.encode(), headers if headers is not None else topics.headers(event)
        if self.express is not None and name is None and faust_transport.express_type(event.event_type.encode()):
            sent = await self.express.send(topic, key, data, partition, headers)
            if sent is not None:
                return sent
        return cast("asyncio.Future[Any]", await self.app.producer.send(topic, key, data, partition, None, headers))

    def send_soon(self, name: str, key: str, value: bytes) -> None:
        """Queue a record the way the session table queues its changelog: sent by the producer's
        buffer once the agent yields, so the decision that follows is not held behind it."""
        if len(value) > topics.MAX_REQUEST_BYTES - 4096:
            log.warning("not sent to %s: %d bytes for session_id=%s", name, len(value), key)
            return
        if self.outbox is not None and self.outbox.put(self.settings.topic(name), key.encode(), value):
            return
        self.topics[name].send_soon(key=key.encode(), value=value)

    async def _send_now(self, topic: str, key: bytes, value: bytes) -> None:
        """A record handed to Faust's producer directly (what ``outbox`` sends)."""
        await self.app.producer.send(topic, key, value, None, None, None)

    def decode(self, value: Any, message: Any) -> Event:
        """The one edge where a record becomes an event, once per record for all of this worker's
        agents (``app.kafka.decoded``). Raises only ``DecodeError``."""
        place = (message.topic, message.partition, message.offset)
        ev = self.decoded.get(place)
        if ev is not None:
            return ev
        name = self.names.get(message.topic, message.topic)
        ev = with_deadline(decode_record(value, message.topic, message.partition, message.offset, message.timestamp,
                                         key=message.key, accept=topics.ACCEPTS.get(name, frozenset())),
                           self.settings.deadline_s)
        self.decoded.put(place, ev, len(value) if isinstance(value, bytes | str) else 0)
        return ev

    def decode_record_at(self, ref: LogRef, record: tuple[bytes | None, bytes | None]) -> Event:
        """A record read back by reference, decoded as it was when it was first read."""
        key, value = record
        name = self.names.get(ref.topic, ref.topic)
        ev = decode_record(value, ref.topic, ref.partition, ref.offset, None, key=key,
                           accept=topics.ACCEPTS.get(name, frozenset()))
        return with_deadline(ev, self.settings.deadline_s)

    @staticmethod
    def header_type(message: Any) -> str | None:
        """The ``gg-type`` header a worker put on its event (clients' records have none): lets an
        agent pass over what it does not take without decoding it."""
        kind = topics.event_type_of(message.headers)
        return kind.decode() if isinstance(kind, bytes) else None if kind is None else str(kind)

    def on_its_partition(self, message: Any) -> bool:
        """Whether a record sits on its session's partition (a client whose library partitions
        keys otherwise may put it elsewhere; the session agent re-routes it)."""
        key = message.key
        if not isinstance(key, bytes) or not key:
            return True
        return bool(message.partition == topics.partition_of(key, self.settings.partitions))

    def decode_or_none(self, value: Any, message: Any) -> Event | None:
        """For agents that share a topic with the session agent, which dead-letters for them."""
        if not self.on_its_partition(message):
            return None
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
                session_id=sid, source_topic=message.topic[:200], partition=message.partition,
                offset=message.offset, reason=exc.reason[:2000], raw=raw[:4096].decode("utf-8", "replace"),
            )
            metrics.DEAD_LETTERS.labels(self.names.get(message.topic, "other")).inc()
            log.warning("dead-lettered topic=%s partition=%s offset=%s session_id=%s: %s",
                        message.topic, message.partition, message.offset, sid, exc.reason[:300])
            await self.emit(dl)
            return dl

    async def reroute(self, message: Any, event: Event) -> None:
        """Copy a client's event found on another partition than its session's to the session's
        partition (the same identity: its event_id travels), marked as moved (``topics.MOVED_FROM``:
        readers take it as the client's record), and handed over to this worker's agents as the
        broker takes it, like an event the worker emitted. Returns once the broker has the copy,
        so that the agent's stream goes on (and Faust may commit the original's offset) only then.
        The ledger holds the original until its session is answered or it copied it itself
        (``app.domain.ledger``): a copy lost with a killed worker is made again."""
        home = topics.partition_of(event.session_id.encode(), self.settings.partitions)
        await (await self._emit(event, topics.moved_headers(event, message.partition, message.offset), home))
        metrics.REROUTED.labels(self.names.get(message.topic, "other")).inc()
        log.debug("re-routed topic=%s partition=%s offset=%s session_id=%s to partition %s", message.topic,
                  message.partition, message.offset, event.session_id, home)

    def hand_over_to_stage(self, stage: Stage, names: Iterable[str], takes: type | tuple[type, ...],
                           start: Callable[[Any, str], Awaitable[None]]) -> None:
        """The stage agent reading the topics ``names`` is handed the events of type ``takes``
        this worker emits there, and starts the stage on them as on reading them
        (``start(event, what)``)."""
        async def handed(ev: Event, record: Handed) -> bool:
            if not isinstance(ev, takes):
                return False
            what = where(stage, record, ev)
            await self.safely(what, start(ev, what))
            return True

        self.handover.register(stage, [self.settings.topic(n) for n in names], handed)

    async def safely(self, what: str, work: Awaitable[None]) -> None:
        """One record's handling inside an agent loop: whatever it raises is logged, counted and
        passed, so no record can stop the agent or make it meet the same offset forever."""
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception:
            metrics.LOOP_ERRORS.labels(what.split(" ", 1)[0]).inc()
            log.exception("%s: not handled, passed", what)

    # ------------------------------------------------------------------ stages

    async def run_stage(self, stage: Stage, ev: Event, work: Callable[[], Awaitable[list[Event]]],
                        what: str) -> None:
        """Start ``work`` for one session beside the stream, unless this process already runs or
        ran it, or the session is already past it. Waits only for a free in-flight slot (the
        stream waits with it: that is the back-pressure)."""
        key = (ev.session_id, ev.round, stage)
        recently_done = time.monotonic() - self.done.get(key, float("-inf")) < self.settings.stall_s
        if key in self.running or recently_done or self.stage_done(*key):
            log.debug("%s: already running or done here, not started again", what)
            return
        self.running.add(key)  # before waiting for a slot: a copy that comes meanwhile is not started too
        tenure = self.tenure.of(topics.partition_of(ev.session_id.encode(), self.settings.partitions))
        try:
            await self.in_flight.acquire()
        except BaseException:
            self.running.discard(key)
            raise
        task = asyncio.ensure_future(self._stage(stage, ev, work, what, key, tenure))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _lease(self, stage: Stage, ev: Event, fence: asyncio.Future[None]) -> None:
        """Announce the stage (a lease until the session's deadline): the watchdog leaves the
        session alone while this worker lives. Sent by the task itself, so a lease never
        outlives the work it announces except with the worker that held it; ``fence`` is set
        once the broker answered (a revoke waits for it: ``app.kafka.tenure``)."""
        sent = None
        try:
            until = deadline_at_of(ev) or utcnow() + timedelta(seconds=self.settings.deadline_s)
            sent = await self.emit(StageStarted(
                event_id=derived_id(ev.session_id, ev.round, stage, "started", self.identity.incarnation),
                session_id=ev.session_id, round=ev.round, occurred_at=utcnow(), causation_id=ev.event_id,
                stage=stage, worker_id=self.identity.worker_id, incarnation=self.identity.incarnation,
                lease_until=until))
        finally:
            settle(fence, sent)

    async def _hand_back(self, ev: Event, what: str, partition: int) -> None:
        """The input of a stage whose partition was revoked before its lease, sent again: the
        partition's holder reads it at once (its group offset may lie past the original), as it
        reads a nudge's re-drive. Lost with this worker, the ledger's nudges re-drive the session."""
        log.info("%s: partition %d revoked before its lease, its input handed to the partition's holder",
                 what, partition)
        try:
            await self.emit(ev)
        except Exception:
            log.warning("%s: input not handed back (the ledger re-drives the session)", what, exc_info=True)

    async def _stage(self, stage: Stage, ev: Event, work: Callable[[], Awaitable[list[Event]]], what: str,
                     key: tuple[str, int, str], tenure: int = 0) -> None:
        """The stage, leased only while this worker holds its session's partition since its input
        was read (``tenure``, ``app.kafka.tenure``); otherwise its input goes back to the holder."""
        started = time.monotonic()
        metrics.IN_FLIGHT.labels(stage).inc()
        try:
            partition = topics.partition_of(ev.session_id.encode(), self.settings.partitions)
            if self.moved.pending(partition):  # its input may be read again, its output on the log
                await self.moved.settled(partition)
                if self.stage_done(*key):
                    log.info("%s: done before the partition moved here, not run again", what)
                    self._remember(key)
                    return
            if holder := self.held.holder(ev.session_id, ev.round, stage, utcnow()):
                log.info("%s: run %s holds it, left to it", what, holder)
                return
            if (fence := self.tenure.begin(partition, tenure)) is None:
                self.running.discard(key)  # the copy, should this worker hold the partition again, runs
                await self._hand_back(ev, what, partition)
                return
            try:
                await self._lease(stage, ev, fence)
            except Exception:  # without a lease the watchdog may re-drive it: the work is still done
                log.warning("%s: stage lease not sent", what, exc_info=True)
            try:
                outs = await work()
            except ModelError as exc:
                log.warning("%s: model unavailable: %s", what, exc)
                reason: DegradedReason = "deadline" if isinstance(exc, DeadlineExceeded) else "model_unavailable"
                await self._failed(stage, ev, reason, exc, key)
                return
            except Exception as exc:
                log.exception("%s failed", what)
                await self._failed(stage, ev, "internal_error", exc, key)
                return
            try:
                for out in outs:
                    await self.emit(out)
            except EventTooLarge as exc:
                log.error("%s: %s", what, exc)
                await self._failed(stage, ev, "internal_error", exc, key)
                return
            except Exception:  # the broker is away or the worker is stopping: the watchdog re-drives
                log.exception("%s: result not sent", what)
                return
            self._remember(key)
        finally:
            self.running.discard(key)
            self.in_flight.release()
            metrics.IN_FLIGHT.labels(stage).dec()
            metrics.STAGE_SECONDS.labels(stage).observe(time.monotonic() - started)

    async def _failed(self, stage: Stage, ev: Event, reason: DegradedReason, exc: Exception,
                      key: tuple[str, int, str]) -> None:
        try:
            await self.emit(StageFailed(
                event_id=derived_id(ev.session_id, ev.round, stage, "failed"), session_id=ev.session_id,
                round=ev.round, occurred_at=utcnow(), causation_id=ev.event_id, stage=stage, reason=reason,
                detail=redact(str(exc) if isinstance(exc, ModelError) else type(exc).__name__, limit=500),
                usage=failed_calls(exc)))
            self._remember(key)
        except Exception:  # the watchdog re-drives or answers it at the deadline
            log.exception("could not report the failure of %s for session_id=%s", stage, ev.session_id)

    def _remember(self, key: tuple[str, int, str]) -> None:
        self.done[key] = time.monotonic()
        self.done.move_to_end(key)
        if len(self.done) > DONE_MEMORY:
            self.done.popitem(last=False)

    async def cancel_stages(self) -> None:
        """On stop: no stage emits after the worker said it is stopping; the watchdog re-drives."""
        await self.handover.close()
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.outbox is not None:
            await self.outbox.close()
        if self.express is not None:
            await self.express.close()  # what it holds is sent before the last beat says "stopping"


def table_dir(settings: Settings, worker_id: str) -> Path:
    """Where this worker keeps its table (one directory per worker: RocksDB locks it)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    return settings.data_dir.resolve() / f"tables-{members.file_safe(settings.group_id)}-{members.file_safe(worker_id)}"


ROCKSDB_OPTIONS = {"write_buffer_size": 1 << 20, "max_write_buffer_number": 2, "target_file_size_base": 8 << 20,
                   "block_cache_size": 4 << 20, "block_cache_compressed_size": 0}
"""Per partition of the session table. Faust's defaults (64 MB memtables, three of them, and a
2 GB block cache, per partition) let a worker's memory grow by hundreds of megabytes before the
first flush; the table holds only the sessions of the last retention period, a few megabytes."""


def forget_tables(settings: Settings) -> None:
    """Remove every worker's table directory of this app: for a broker that starts empty (the
    embedded one keeps its log in memory), whose changelogs cannot have written them."""
    for path in settings.data_dir.glob(f"tables-{members.file_safe(settings.group_id)}-*"):
        shutil.rmtree(path, ignore_errors=True)


BACKGROUND_LINGER_MS = 25
"""How long Faust's producer holds a record for others to share its produce request, where the
events agents act on go by the express lane (``app.kafka.express``, without the Tansu tuning): what
is left on Faust's producer then is read by no agent on the answer path (the session table's
changelog, session snapshots, stage leases), and Faust flushes it before it commits an offset and
when partitions are revoked, so a lease or a changelog record that waits here is on the log before
another worker can take the partition from a live one. One query at a time on Apache Kafka (13 such
records a query: 6 changelog, 4 snapshots, 3 leases), counted by ``bench/probe/hops.py``: sent at
once some eight produce requests of their own, each a socket write and an answer on the loop the
agents share and a wake-up of every fetch waiting on a topic it lands on; 7.05 a query at 5 ms,
4.55 at 25 ms, 4.03 at 50 ms. Under load they share requests anyway (6.9 → 6.7 a session at N=200)."""


def faust_producer_linger_ms(settings: Settings) -> int:
    """Faust's ``producer_linger_ms``: none where the tuned transport's producer carries the events
    agents act on as well (``app.kafka.tuning.express_lane``)."""
    return 0 if tuning.express_lane_in_faust(settings) else BACKGROUND_LINGER_MS


def create_app(settings: Settings, bootstrap: str, worker_id: str = "worker") -> faust.App:
    tuning.install(settings)
    return faust.App(
        settings.group_id,
        broker=tuning.faust_broker(settings, bootstrap),
        broker_credentials=kafka_clients.faust_credentials(settings),
        # A static group member (KIP-345) without the Tansu tuning: a restart in place within the
        # session timeout gets its partitions back at once, and nobody else's move.
        consumer_group_instance_id=tuning.group_instance_id(settings, worker_id),
        # RocksDB keeps the session table on disk with the changelog offset it reached: a
        # restarted worker reads only the changelog's tail (the memory store replays all of it,
        # and Tansu never compacts it, so a restart would cost more with every session served).
        store=f"{faust_store.SCHEME}://" if settings.table_store == "rocksdb" else "memory://",
        datadir=table_dir(settings, worker_id),
        # A table ahead of its changelog's end is read from there on rather than refused: the
        # embedded broker starts empty (its tables are forgotten then, but a worker pointed at a
        # fresh broker with an old GROUNDGATE_DATA_DIR would not start at all), and Tansu answers
        # ListOffsets(latest) with the last batch's base offset + 1, not the log's end
        # (tests/integration/test_broker.py shows it), so a table that wrote the last record of a
        # multi-record batch looks ahead of its changelog when the tuning's fetch cannot correct it.
        recovery_consistency_check=False,
        **tuning.faust_options(settings),
        value_serializer="raw",
        key_serializer="raw",
        topic_partitions=settings.partitions,
        topic_replication_factor=settings.replication_factor,
        # Tansu holds a JoinGroup until its first whole second after half the session timeout: 2 s
        # joins in ~1 s, 3 s in ~2 s (Faust's 60 s: 30). Apache Kafka refuses less than 6 s.
        # Faust's consumer heartbeats from its own thread, so a busy event loop does not evict it.
        broker_session_timeout=settings.group_session_timeout_s,
        broker_heartbeat_interval=settings.heartbeat_interval_s,
        # Faust refuses a session timeout above the request timeout (a crash at start, not a message)
        broker_request_timeout=max(30.0, settings.group_session_timeout_s),
        broker_commit_interval=1.0,
        consumer_auto_offset_reset="earliest",
        consumer_max_fetch_size=topics.MAX_FETCH_BYTES,
        # Model-bound agents: little prefetched work to redo after a crash.
        stream_buffer_maxsize=256,
        # On stop/rebalance Faust waits for every delivered-but-unacked message (25 s+ seen
        # here on SIGTERM). Every hop is idempotent and the ledger re-drives: don't wait.
        stream_wait_empty=False,
        table_standby_replicas=0,
        topic_disable_leader=True,
        web_enabled=False,
        web_port=settings.web_port,
        # Faust puts this URL in its group metadata and asserts, on each assignment, that it is
        # still its own; a static member's assignment is handed back without a rebalance, so a
        # run of the same worker id on another host or web port (a replaced pod with a configured
        # GROUNDGATE_WORKER_ID) failed that assertion. Nothing reads it: Faust's web is off.
        canonical_url=f"http://worker/{quote(worker_id, safe='')}",
        producer_linger_ms=faust_producer_linger_ms(settings),
        # aiokafka holds a record while its partition's batch is full until the request in flight
        # is answered; at 16 kB (Faust's default) a few session snapshots filled one, and under
        # load Faust's producer buffer backed up behind them and held every stream.
        producer_max_batch_size=PRODUCER_BATCH_BYTES,
        # Every client message up to events.codec.MAX_MESSAGE_BYTES must fit what the worker sends on.
        producer_max_request_size=topics.MAX_REQUEST_BYTES,
    )


def build_runtime(settings: Settings, bootstrap: str, roles: Roles) -> Runtime:
    identity = Identity(worker_id=worker_id_of(settings))
    app = create_app(settings, bootstrap, identity.worker_id)
    tps = {name: app.topic(settings.topic(name), partitions=settings.partitions, key_type=bytes,
                           value_type=bytes, key_serializer="raw", value_serializer="raw")
           for name in topics.ALL if name != topics.EXECUTOR_RETRY}
    # executor-retry is the clients' to read: the worker only writes it, by name (Runtime.emit_to).
    rt = Runtime(settings=settings, app=app, roles=roles, topics=tps, identity=identity, bootstrap=bootstrap,
                 held=HeldElsewhere(identity.incarnation, identity.worker_id),
                 moved=MovedIn(settings.topic(t) for t in topics.SESSION_READS),
                 tenure=Tenure(settings.topic(topics.CONTROL)),
                 in_flight=asyncio.Semaphore(settings.max_in_flight),
                 names={settings.topic(name): name for name in topics.ALL},
                 express=tuning.express_lane(settings, bootstrap, max_batch_size=PRODUCER_BATCH_BYTES))
    if rt.express is not None:  # without the tuning (app.kafka.tuning.express_lane)
        rt.outbox = Outbox(rt._send_now)
    rt.handover = HandOver(functools.partial(reads_now, app, rt.tenure))
    tuning.tune_worker(rt)  # the fetch gate's part in the hand-over (with the Tansu tuning only)
    # Keys and values are bytes (session_id, JSON of DiagnosisSession): the same before and
    # after a changelog recovery, whatever the app's default codecs.
    # Its changelog's configs (``app.kafka.changelog``): what the worker creates it with too
    # (``ensure_every_topic``, before Faust), so Faust's declaration says the same.
    rt.table = app.Table(topics.SESSION_TABLE, default=None, partitions=settings.partitions,
                         key_type=bytes, value_type=bytes, extra_topic_configs=dict(changelog.CONFIGS),
                         options=dict(ROCKSDB_OPTIONS) if settings.table_store == "rocksdb" else None)
    return rt


def reads_now(app: faust.App, tenure: Tenure, topic: str, partition: int) -> bool:
    """Whether the worker holds and reads this partition now, by what Faust publishes: the last
    assignment its callbacks passed on has it and no revoke since (``Tenure.reads``), its tables
    recovered since that assignment (``Tenure.ready``: Faust's ``on_rebalance_complete`` came after
    it), and no rebalance is under way (``app.rebalancing``: set as a revoke begins). The flag alone
    does not say the tables recovered: a recovery that ends between a revoke and the assignment
    after it clears it (its generation is still the current one), and nothing sets it again for the
    recovery of that assignment."""
    return not app.rebalancing and tenure.ready and tenure.reads(topic, partition)


def worker_id_of(settings: Settings) -> str:
    """``GROUNDGATE_WORKER_ID``, by default this host and the worker's web port."""
    return settings.worker_id or f"{_host()}:{settings.web_port}"


def _host() -> str:
    import socket

    return socket.gethostname()
