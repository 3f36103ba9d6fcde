"""Faust defaults no setting reaches, replaced for the worker.

- **The fetch wait.** Faust 0.15 hard-codes ``fetch_max_wait_ms=1500``, and Tansu answers a fetch
  that found nothing only when its wait ends (it looks once, then sleeps): every hop cost ~750 ms.
  The worker's consumer waits at most ``FETCH_MAX_WAIT_MS``. That wait is what a record from
  outside (a client's query) pays, half of it on average; shorter costs CPU in empty fetches of
  every subscribed partition (idle worker / broker: ~11 / 20 % at 5 ms, ~14 / 24 % at 3).
- **The fetch gate.** Faust hands a fetch's records to the agents at once, and aiokafka sends
  the next fetch at that moment: it reaches Tansu before the record the agent is about to
  produce, finds nothing, and sleeps the whole wait. So each of a session's hops inside one
  worker cost a full wait. ``FetchGate`` holds the next fetch, after one that brought records,
  until an event this worker sent by the express lane (below) to a topic it reads is
  acknowledged (the stage's output is on the broker) or ``FETCH_HOLD_MS`` passed; the fetch
  that follows finds the record at once. Nothing else opens it: not a stage lease (nothing
  waits for it), and not the table's changelog record, which is acknowledged as often before the
  agent's decision as after it (the fetch it let out found nothing and slept: 1.5–3 ms a hop).
  Records of a table's changelog read in bulk (while a table recovers, and all along by a
  standby) never close it. Under load the gate is open all the time: some event lands during
  every fetch. An event handed to the worker's own agents as it lands (``app.kafka.handover``:
  most of a session's events) does not open it: the agents do not wait for its copy, which comes
  with the next fetch of every partition; one an agent leaves to the stream does.
- **The fetch that follows an open gate asks for one partition**: the one the event that opened
  it landed on. Tansu reads every partition a fetch names (and aiokafka decodes an answer for
  each): the worker reads ~30, and a fetch that found a record took 1.7 ms for all of them
  against 0.6 ms for one (medians with a probe).
  The other partitions wait for the next fetch of all of them, which goes out when one of our
  events landed while a fetch was out, and at least every ``FULL_FETCH_EVERY_MS``.
- **An idle fetch asks only for the topics clients write** (and a table's changelog): when none
  of our events landed since the last fetch went out, nothing new can be on the topics only
  workers write but what another worker or the ledger sent, which the fetch of every partition
  brings within ``FULL_FETCH_EVERY_MS``. An idle worker fetches every ~6 ms (the wait and the
  fetch) to pick up a client's query; asking for the 8 partitions of the two client topics
  instead of ~30 cut the idle broker's CPU from ~26 % of a core to ~21 % and the worker's from
  ~17 % to ~14.5 % (two 15-second samples each).
- **The express lane.** aiokafka keeps one produce request in flight per broker, so a stage's
  output queued behind the table's changelog, a session snapshot or a stage lease waited for
  their acknowledgement first (~1 ms a query). The events agents act on go by a second aiokafka
  producer (``is_express``), on its own connection; the rest by Faust's. Every event an agent
  acts on takes the express lane, so their order per partition is kept; snapshots and the
  changelog have topics of their own; leases share the control topic, and nothing reads them in
  order with other events (the ledger ranks a lease against the session's progress, whatever
  order it reads them in). The producer's ``flush``, awaited by Faust before each commit,
  waits for both lanes.
- **Resumed partitions are read at once.** With every partition paused Faust's reader sleeps a
  second, and did not notice partitions resumed meanwhile (the changelog a restarted worker
  recovers from, then its streams): ``_Consumer`` wakes it when partitions are resumed.
- **Records queued for Faust's producer leave without its stampede guard.** The changelog of a
  table and the session snapshots are queued (``send_soon``) and sent by Faust's producer buffer,
  one record after another, each through ``App.maybe_start_producer``: a stampede guard that
  yields to the loop three times on every call. Under load, with every turn of the loop long,
  the buffer drained slower than sessions filled it ("producer buffer full"), and then Faust held
  every stream until a hundred records had left. Once the producer runs, it is returned at once.
- **The streams' committed offsets are asked for at once** after a table recovered (Faust's
  ``perform_seek``): aiokafka's ``seek_to_committed`` asks one partition after another.
- **The table manager** starts without Faust's fixed one-second sleep (a grace for tables
  declared late; ours are declared before the app starts). The consumer subscribes, and the
  group join starts, only after it: a restarted worker was ready a second later for nothing.
- **A recovering table reads from the record after the last one it applied**, not from that
  record again (Faust's "offset-1 discrepancy" seek; it skips the record it re-reads).
- **A fetch that asks for records known to be there waits up to ``CATCH_UP_FETCH_MAX_WAIT_MS``**:
  while a table recovers, and whenever a partition the fetch asks for is behind (the last answer's
  high watermark is past the consumer's position). Tansu gives a fetch about its wait to gather
  records: with the 5 ms of the streams, on a loaded machine, it often answered a fetch with
  nothing although the partition's high watermark was tens of records further on. Measured in a
  fault run (a tracer sending the same fetch on a fresh client at such a moment): the same
  request with a 500 ms wait brought both partitions' records (in 4-44 ms), with 5 ms mostly
  nothing or part of them. A restarted worker waited 2-4 s for its table that way; and a worker
  that took partitions over after a restart (behind on them by the rebalance) fetched them every
  few ms and got nothing for seconds on end: in a two-worker SIGTERM run, nudges on one control
  partition sat for 26 s under two holders in turn while the other partitions flowed. Tansu
  answers as soon as it has a record, so the long wait costs only a fetch that finds nothing.

The transport is registered as the ``ggkafka://`` broker scheme.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable, Iterable, Mapping, Set
from typing import Any, cast

from aiokafka import TopicPartition
from aiokafka.consumer.fetcher import Fetcher
from aiokafka.errors import KafkaError
from faust.exceptions import ProducerSendError
from faust.tables import TableManager as _FaustTableManager
from faust.tables.recovery import Recovery as _FaustRecovery
from faust.transport import drivers
from faust.transport.drivers import aiokafka as fk
from faust.types import TP

from app.kafka import topics
from app.kafka.offsets import log_ends, seek_to_committed

FETCH_MAX_WAIT_MS = 5
CATCH_UP_FETCH_MAX_WAIT_MS = 250  # while a table recovers or a partition is behind (the module's docstring)
FETCH_HOLD_MS = 5.0
FULL_FETCH_EVERY_MS = 20.0  # a fetch of one partition only this long after one of them all
PAUSED_WAIT_S = 1.0  # Faust's sleep when every partition is paused, now cut short by a resume
CHANGELOG_SUFFIX = "-changelog"  # Faust's name for a table's changelog topic
_LEASES = frozenset(t.encode() for t in topics.LEASES)
log = logging.getLogger(__name__)


class FetchGate:
    """When the worker's consumer may send its next fetch, and what it asks for. Written from the
    worker's loop (``acked``) and read from the consumer's thread (``fetched``, ``remaining``,
    ``aim``, ``idle``, ``asked``): each field is one float, tuple or frozenset, replaced whole (a
    race costs at most a fetch of every partition instead of fewer, or an event found by the
    next fetch of every partition instead of the next fetch)."""

    def __init__(self, hold_ms: float = FETCH_HOLD_MS, full_every_ms: float = FULL_FETCH_EVERY_MS) -> None:
        self.hold_s = hold_ms / 1000
        self.full_every_s = full_every_ms / 1000
        self.until = 0.0
        self.acked_at = float("-inf")
        self.asked_all_at = float("-inf")
        self.asked_at = float("-inf")
        """When the last fetch was built (any fetch: aimed, idle or of every partition)."""
        self.outside: frozenset[str] = frozenset()
        """The topics records come to from outside the workers (clients write them): with the
        changelogs, all an idle fetch asks for."""
        self.landed: tuple[str, int] | None = None
        """Where the event that opened the gate landed (topic, partition): the next fetch's aim."""
        self.topics: frozenset[str] = frozenset()
        """The topics the consumer reads (every topic its fetches asked for)."""
        self.wake: Any = None
        """Set by the gated fetcher: wakes its loop, from any thread."""
        self.handed: Callable[[str, int], bool] = lambda topic, partition: False
        """Whether an event landing on (topic, partition) is handed to the worker's agents at once
        (app.kafka.handover): then it does not open the gate (its copy comes with the next fetch
        of every partition, and the agents pass over it), unless an agent leaves it to the stream."""
        self.recovering = False
        """Set while a table of this worker recovers (``Recovery``): fetches wait longer."""

    def fetched(self, with_records: Iterable[str], sent_at: float, now: float) -> None:
        """A fetch sent at ``sent_at`` came back with records on the topics ``with_records``.
        Hold the next one if an agent is at work on them (not a table's changelog, read in bulk
        while a table recovers) and none of our sends landed since it was sent (one that did is
        fetched at once)."""
        if self.acked_at < sent_at and any(not t.endswith(CHANGELOG_SUFFIX) for t in with_records):
            self.until = now + self.hold_s

    def remaining(self, now: float) -> float:
        """Seconds the next fetch still waits (0: send it)."""
        return max(0.0, self.until - now)

    def acked(self, topic: str, now: float, partition: int | None = None) -> None:
        """One of our sends to ``topic`` (``partition``, if it was delivered) is on the broker: the
        consumer may fetch it now."""
        if topic not in self.topics:
            return
        self.acked_at = now
        if self.until:
            self.until = 0.0
            self.landed = None if partition is None else (topic, partition)
            if self.wake is not None:
                self.wake()

    def aim(self, now: float) -> tuple[str, int] | None:
        """The one partition the next fetch asks for (where the event that opened the gate
        landed), or None: not aimed (nothing opened it, or the last fetch of them all is
        ``full_every_ms`` old), so ``idle`` decides."""
        landed, self.landed = self.landed, None
        return landed if not self._every_partition_due(now) else None

    def idle(self, now: float) -> bool:
        """Whether the next fetch may ask only for the ``outside`` topics and the changelogs:
        none of our sends landed since the last fetch was built, and the last fetch of every
        partition is less than ``full_every_ms`` old."""
        return self.acked_at < self.asked_at and not self._every_partition_due(now)

    def _every_partition_due(self, now: float) -> bool:
        """The last fetch of every partition is ``full_every_ms`` old: the next one asks for all."""
        return now - self.asked_all_at >= self.full_every_s

    def max_wait_ms(self, behind: bool = False) -> int:
        """How long the next fetch lets the broker wait for records: long when some are known to be
        there (a table recovers, or a partition it asks for is ``behind``)."""
        return CATCH_UP_FETCH_MAX_WAIT_MS if self.recovering or behind else FETCH_MAX_WAIT_MS

    def read_when_idle(self, topic: str) -> bool:
        return topic in self.outside or topic.endswith(CHANGELOG_SUFFIX)

    def asked(self, now: float, every_partition: bool) -> None:
        """A fetch built at ``now`` went out (of every partition the consumer reads, or not)."""
        self.asked_at = now
        if every_partition:
            self.asked_all_at = now


def express_type(kind: bytes | None) -> bool:
    """Whether a record of this ``gg-type`` goes by the express lane (and, acknowledged, opens the
    fetch gate): a worker's event that is not a stage lease."""
    return kind is not None and kind not in _LEASES


def is_express(headers: Mapping[str, bytes] | Iterable[tuple[str, bytes]] | None) -> bool:
    """``express_type`` of a record's headers."""
    return express_type(topics.event_type_of(headers))


def _landed(gate: FetchGate, topic: str, fut: asyncio.Future[Any]) -> None:
    """An express-lane send came back: open the gate (aimed at its partition if delivered),
    unless the event is handed over."""
    delivered = not fut.cancelled() and fut.exception() is None
    partition = fut.result().partition if delivered else None
    if partition is None or not gate.handed(topic, partition):
        gate.acked(topic, time.monotonic(), partition)


def _report_failure(topic: str, kind: bytes, fut: asyncio.Future[Any]) -> None:
    """An event the producer took but could not deliver (Faust's ``Topic.send``, which the worker
    does not use for its events, would have logged it)."""
    if not fut.cancelled() and fut.exception() is not None:
        log.warning("%s not delivered to %s: %r", kind.decode(errors="replace"), topic, fut.exception())


class _Only:
    """An aiokafka assignment seen through some of its partitions."""

    def __init__(self, assignment: Any, tps: Iterable[TopicPartition]) -> None:
        self._assignment = assignment
        self.tps = set(tps) & set(assignment.tps)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._assignment, name)


class _GatedFetcher(Fetcher):  # type: ignore[misc]
    """aiokafka's fetcher, asking the gate before each fetch (only its class is swapped in)."""

    gate: FetchGate

    def _get_actions_per_node(self, assignment: Any) -> Any:
        now = time.monotonic()
        hold = self.gate.remaining(now)
        if hold > 0:  # no fetch, no offset reset yet: woken by the gate or after ``hold`` s
            return [], {}, hold, False, []
        aim = self.gate.aim(now)
        if aim is not None:
            one = self._actions(_Only(assignment, [TopicPartition(*aim)]))
            if one[0]:
                self.gate.asked(now, every_partition=False)
                return one
        if self.gate.idle(now):
            some = self._actions(_Only(assignment, (tp for tp in assignment.tps if self.gate.read_when_idle(tp.topic))))
            if some[0]:
                self.gate.asked(now, every_partition=False)
                return some
        actions = self._actions(assignment)
        if actions[0]:
            self.gate.asked(now, every_partition=True)
        return actions

    def _actions(self, assignment: Any) -> Any:
        """aiokafka's fetch of ``assignment``, waiting as long as the gate says for it."""
        self._fetch_max_wait_ms = self.gate.max_wait_ms(behind=behind(assignment, self._records))
        return super()._get_actions_per_node(assignment)

    async def _proc_fetch_request(self, assignment: Any, node_id: int, request: Any) -> bool:
        sent_at = time.monotonic()
        got = bool(await super()._proc_fetch_request(assignment, node_id, request))
        asked = {topic for topic, _ in request.topics}
        if not self.gate.topics.issuperset(asked):  # a new set only when a topic is new
            self.gate.topics = self.gate.topics.union(asked)
        if got:  # what this fetch brought (a partition still holding records was not asked)
            self.gate.fetched({tp.topic for tp in self._records if tp.topic in asked}, sent_at, time.monotonic())
        return got


def behind(assignment: Any, buffered: Mapping[TopicPartition, Any]) -> bool:
    """Whether a partition a fetch of ``assignment`` asks for (one with no records still
    ``buffered``, a valid position, not paused) is behind: the last answer's high watermark is past
    its position, so the broker has records for it now."""
    for tp in assignment.tps:
        if tp in buffered:
            continue
        state = assignment.state_value(tp)
        if state.paused or not state.has_valid_position:
            continue
        if state.highwater is not None and state.highwater > state.position:
            return True
    return False


def gate_fetches(consumer: Any, gate: FetchGate, loop: asyncio.AbstractEventLoop) -> None:
    """Put a started aiokafka consumer's fetches behind ``gate``. The fetcher's running loop
    looks both methods up on every turn, so it takes the gate at its next one."""
    fetcher = consumer._fetcher
    fetcher.__class__ = _GatedFetcher
    fetcher.gate = gate

    def wake() -> None:
        fetcher._notify(fetcher._wait_consume_future)

    def wake_from_any_thread() -> None:
        try:
            loop.call_soon_threadsafe(wake)
        except RuntimeError:  # the consumer's loop is closed: the worker is stopping
            pass

    gate.wake = wake_from_any_thread


class _ConsumerThread(fk.AIOKafkaConsumerThread):
    def _create_worker_consumer(self, transport: Any) -> Any:
        consumer = super()._create_worker_consumer(transport)
        consumer._fetch_max_wait_ms = FETCH_MAX_WAIT_MS
        return consumer

    async def on_start(self) -> None:
        await super().on_start()
        if self._consumer is not None and self._consumer._fetcher is not None:
            gate_fetches(self._consumer, cast(Transport, self.transport).fetch_gate, self.thread_loop)

    async def seek_to_committed(self) -> Mapping[TP, int]:
        """Where the streams read from once a table recovered: asked of the group for every
        partition at once (aiokafka asks one partition after another: 0.02-1.2 s of a restart)."""
        return cast(Mapping[TP, int], await self.call_thread(seek_to_committed, self._ensure_consumer()))

    async def _highwaters(self, partitions: list[TP]) -> Mapping[TP, int]:
        """Where each partition's log ends, read so that table recovery reads the whole tail of
        its changelog (Tansu's ListOffsets stops at the last batch's first record: app.kafka.offsets)."""
        listed = await super()._highwaters(partitions)
        if self.consumer.in_transaction:
            return listed
        transport = cast(Transport, self.transport)
        if transport.settings is None:
            return listed
        return await log_ends(transport.settings, fk.server_list(transport.url, transport.default_port), listed)


class _Consumer(fk.Consumer):
    _resumed: asyncio.Event | None = None

    def _new_consumer_thread(self) -> fk.AIOKafkaConsumerThread:
        return _ConsumerThread(self, loop=self.loop, beacon=self.beacon)

    def _resumed_event(self) -> asyncio.Event:
        if self._resumed is None:
            self._resumed = asyncio.Event()
        return self._resumed

    def resume_partitions(self, tps: Iterable[TP]) -> None:
        super().resume_partitions(tps)
        self._resumed_event().set()

    async def _wait_next_records(self, timeout: float) -> Any:  # noqa: ASYNC109 (Faust's signature)
        """Faust sleeps a whole second when every partition is paused (while a rebalance sets
        up, while a table recovers), and reads nothing it resumes meanwhile until that second
        is over: a restarted worker waited up to 1 s for the changelog records it recovers
        from, then up to 1 s more before its streams got their first records. Here the wait
        ends as soon as partitions are resumed (still at most a second, or the service stops)."""
        if self.flow_active and not self.app.client_only and not self._get_active_partitions():
            resumed = self._resumed_event()
            resumed.clear()
            woken = asyncio.ensure_future(resumed.wait())
            stopped = asyncio.ensure_future(self._stopped.wait())
            try:
                await asyncio.wait([woken, stopped], timeout=PAUSED_WAIT_S, return_when=asyncio.FIRST_COMPLETED)
            finally:
                woken.cancel()
                stopped.cancel()
            if not self._get_active_partitions():
                return {}, self._get_active_partitions()
        return await super()._wait_next_records(timeout)


class _Producer(fk.Producer):
    """Faust's producer with the express lane beside it (see the module's docstring)."""

    _express: Any = None

    async def on_start(self) -> None:
        await super().on_start()
        self._express = self._new_producer()
        await self._express.start()

    async def on_stop(self) -> None:
        if self._express is not None:
            await self._express.stop()  # sends its queued records first
        await super().on_stop()

    async def flush(self) -> None:
        await super().flush()
        if self._express is not None:
            await self._express.flush()

    async def send(self, topic: str, key: bytes | None, value: bytes | None, partition: int | None,
                   timestamp: float | None, headers: Any, *, transactional_id: str | None = None) -> Any:
        kind = topics.event_type_of(headers)
        if not express_type(kind):
            fut = cast("asyncio.Future[Any]", await super().send(
                topic, key, value, partition, timestamp, headers, transactional_id=transactional_id))
        else:  # never by the other lane: the order of a partition's events is the express lane's
            if self._express is None:
                raise ProducerSendError("the express lane is not running")
            pairs = list(headers.items()) if isinstance(headers, Mapping) else headers
            try:
                fut = await self._express.send(topic, value, key=key, partition=partition,
                                               timestamp_ms=int(timestamp * 1000) if timestamp else None,
                                               headers=pairs)
            except KafkaError as exc:
                raise ProducerSendError(f"Error while sending: {exc!r}") from exc
            fut.add_done_callback(functools.partial(_landed, cast(Transport, self.transport).fetch_gate, topic))
        if kind is not None:
            fut.add_done_callback(functools.partial(_report_failure, topic, kind))
        return fut


class Transport(fk.Transport):
    Consumer = _Consumer
    Producer = _Producer

    settings: Any = None
    """The worker's settings (``app.kafka.tuning.tune_worker``): the security of the log-end fetch."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fetch_gate = FetchGate()


drivers.TRANSPORTS.aliases["ggkafka"] = f"{__name__}:Transport"


class Recovery(_FaustRecovery):
    def _set_recovery_started(self) -> None:
        super()._set_recovery_started()
        cast(Transport, self.app.transport).fetch_gate.recovering = True

    def _set_recovery_ended(self) -> None:
        super()._set_recovery_ended()
        cast(Transport, self.app.transport).fetch_gate.recovering = False

    async def _seek_offsets(self, consumer: Any, tps: Set[TP], offsets: Mapping[TP, int], title: str) -> None:
        await consumer.seek_wait(next_to_read(offsets, tps))


def next_to_read(applied: Mapping[TP, int], tps: Iterable[TP]) -> dict[TP, int]:
    """Where a recovering table reads each changelog partition from: the record after the last
    one it applied (Faust's offsets: -1 for none)."""
    return {tp: max(applied.get(tp, -1), -1) + 1 for tp in tps}


class TableManager(_FaustTableManager):
    async def on_start(self) -> None:
        if not self.should_stop:
            await self._update_channels()
            await self.recovery.start()

    @property
    def recovery(self) -> Recovery:
        if self._recovery is None:
            self._recovery = Recovery(self.app, self, beacon=self.beacon, loop=self.loop)
        return cast(Recovery, self._recovery)


def producer_without_stampede(app: Any) -> None:
    """``app.maybe_start_producer`` without its stampede guard once the producer runs (see the
    module's docstring); before that, through the guard."""
    guarded = app.maybe_start_producer

    async def maybe_start_producer() -> Any:
        producer = app.producer
        if producer.started and not app.in_transaction:
            return producer
        return await guarded()

    app.maybe_start_producer = maybe_start_producer


def member_id(app: Any) -> str | None:
    """The member id Faust's consumer holds in the app's group (None before it joined)."""
    try:
        return str(app.consumer._thread._ensure_consumer()._coordinator.member_id) or None
    except Exception:  # not started, or a Faust that keeps it elsewhere: nothing to remember
        return None
