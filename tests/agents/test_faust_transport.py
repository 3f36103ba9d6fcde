"""The Faust defaults the worker replaces (``app/kafka/faust_transport.py``): the table manager
starts without Faust's fixed one-second sleep (the consumer subscribes, and the group join
starts, only after it, so the sleep made every restart a second slower); the worker's consumer
waits at most ``FETCH_MAX_WAIT_MS`` for a fetch, not Faust's 1.5 s; and its fetches pass the
``FetchGate`` (here its rules; on the real broker in tests/integration/test_fetch_gate.py); the
events agents act on take the express lane (on the real broker: test_express_lane.py)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from aiokafka.errors import KafkaError
from aiokafka.structs import RecordMetadata, TopicPartition
from faust.types import TP

from app.kafka import faust_transport
from app.kafka.runtime import PRODUCER_BATCH_BYTES, build_runtime, create_app
from app.settings import Settings
from tests.agents.runtimes import offline_runtime
from tests.unit.factories import offline_roles


def test_the_table_manager_registers_the_tables_without_sleeping(tmp_path: Any) -> None:
    rt = offline_runtime(tmp_path, "tm-test")
    rt.app.finalize()
    manager = rt.app.tables
    assert isinstance(manager, faust_transport.TableManager)
    calls: list[str] = []

    async def sleep(seconds: float, *args: Any, **kwargs: Any) -> None:
        calls.append(f"sleep {seconds:g}")

    async def update_channels() -> None:
        calls.append("tables registered")

    async def start_recovery() -> None:
        calls.append("recovery started")

    manager.sleep = sleep  # type: ignore[method-assign]
    manager._update_channels = update_channels  # type: ignore[method-assign]
    manager.recovery.start = start_recovery  # type: ignore[method-assign]
    asyncio.run(manager.on_start())
    assert calls == ["tables registered", "recovery started"]


def test_a_recovering_table_reads_from_the_record_after_the_last_it_applied(tmp_path: Any) -> None:
    """Not from that record again (Faust's seek): Tansu could leave a fetch there unanswered for
    seconds while the next record was there to read."""
    rt = offline_runtime(tmp_path, "rec-test")
    rt.app.finalize()
    recovery = rt.app.tables.recovery
    assert isinstance(recovery, faust_transport.Recovery)
    fresh, applied, skipped = TP("cl", 0), TP("cl", 1), TP("cl", 2)
    sought: list[dict[TP, int]] = []

    class Consumer:
        async def seek_wait(self, offsets: dict[TP, int]) -> None:
            sought.append(offsets)

    asyncio.run(recovery._seek_offsets(Consumer(), {fresh, applied, skipped}, {fresh: -1, applied: 7040}, "active"))
    assert sought == [{fresh: 0, applied: 7041, skipped: 0}]


def test_the_worker_s_fetches_wait_long_only_while_one_of_its_tables_recovers(tmp_path: Any) -> None:
    """Faust's recovery sets the flag of the worker's fetch gate, whose next fetch then gives the
    broker ``CATCH_UP_FETCH_MAX_WAIT_MS`` (on the real broker: tests/integration/test_fetch_gate.py)."""
    rt = offline_runtime(tmp_path, "rw-test")
    rt.app.finalize()
    recovery = rt.app.tables.recovery
    gate = rt.app.transport.fetch_gate
    assert gate.max_wait_ms() == faust_transport.FETCH_MAX_WAIT_MS
    recovery._set_recovery_started()
    assert gate.recovering and gate.max_wait_ms() == faust_transport.CATCH_UP_FETCH_MAX_WAIT_MS
    recovery._set_recovery_ended()
    assert not gate.recovering and gate.max_wait_ms() == faust_transport.FETCH_MAX_WAIT_MS


def test_the_worker_s_streams_ask_for_their_committed_offsets_with_the_one_round_seek(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Faust's ``perform_seek`` after a recovery goes through ``offsets.seek_to_committed`` (every
    partition asked for at once: tests/integration/test_broker.py), on the consumer's thread."""
    rt = offline_runtime(tmp_path, "sc-test")
    rt.app.finalize()
    thread = rt.app.consumer._new_consumer_thread()
    consumer = object()
    seen: list[object] = []

    async def seek(c: object) -> dict[TopicPartition, int | None]:
        seen.append(c)
        return {TopicPartition("t.query", 0): 3}

    async def on_thread(fun: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append("on the consumer's thread")
        return await fun(*args, **kwargs)

    monkeypatch.setattr(faust_transport, "seek_to_committed", seek)
    monkeypatch.setattr(thread, "_ensure_consumer", lambda: consumer)
    monkeypatch.setattr(thread, "call_thread", on_thread)
    assert asyncio.run(thread.seek_to_committed()) == {TopicPartition("t.query", 0): 3}
    assert seen == ["on the consumer's thread", consumer]


def test_the_worker_consumer_waits_at_most_the_short_fetch_wait(tmp_path: Any) -> None:
    """Faust hard-codes a 1.5 s fetch wait, and Tansu answers a waiting fetch only when it ends:
    the worker's consumer is built with ``FETCH_MAX_WAIT_MS`` instead."""
    rt = offline_runtime(tmp_path, "fw-test")
    rt.app.finalize()

    async def build() -> Any:
        thread = rt.app.consumer._new_consumer_thread()
        return thread._create_worker_consumer(rt.app.transport)

    consumer = asyncio.run(build())
    assert consumer._fetch_max_wait_ms == faust_transport.FETCH_MAX_WAIT_MS
    assert faust_transport.FETCH_MAX_WAIT_MS <= 10


def test_the_gate_holds_a_fetch_after_records_until_a_send_to_a_read_topic_lands() -> None:
    woken: list[int] = []
    gate = faust_transport.FetchGate(hold_ms=50)
    gate.wake = lambda: woken.append(1)
    gate.topics = frozenset({"p.verdict", "p.compose"})
    gate.fetched({"p.verdict"}, sent_at=10.0, now=10.002)
    assert gate.remaining(10.012) == pytest.approx(0.040)
    gate.acked("p.composed-answer", now=10.013)  # a topic the consumer does not read: still held
    assert gate.remaining(10.013) > 0 and not woken
    gate.acked("p.verdict", now=10.014)
    assert gate.remaining(10.014) == 0 and woken == [1]


def test_the_gate_holds_no_fetch_that_came_back_empty_or_after_one_of_our_sends_landed() -> None:
    gate = faust_transport.FetchGate(hold_ms=50)
    gate.topics = frozenset({"p.verdict"})
    gate.fetched(set(), sent_at=10.0, now=10.005)
    assert gate.remaining(10.005) == 0
    gate.acked("p.verdict", now=20.001)  # landed while the next fetch was out: it may have missed it
    gate.fetched({"p.verdict"}, sent_at=20.0, now=20.003)
    assert gate.remaining(20.003) == 0


def test_the_gate_opens_by_itself_after_the_hold() -> None:
    gate = faust_transport.FetchGate(hold_ms=5)
    gate.fetched({"p.query"}, sent_at=1.0, now=1.001)
    assert gate.remaining(1.003) > 0
    assert gate.remaining(1.0061) == 0


def test_a_tables_changelog_read_in_bulk_while_it_recovers_is_never_held() -> None:
    gate = faust_transport.FetchGate(hold_ms=50)
    gate.fetched({"gg-diagnosis_session-changelog"}, sent_at=1.0, now=1.001)
    assert gate.remaining(1.002) == 0
    gate.fetched({"gg-diagnosis_session-changelog", "p.query"}, sent_at=2.0, now=2.001)
    assert gate.remaining(2.002) > 0


def test_the_fetch_after_an_open_gate_asks_only_for_the_partition_the_event_landed_on() -> None:
    gate = faust_transport.FetchGate(hold_ms=50, full_every_ms=20)
    gate.topics = frozenset({"p.verdict", "p.compose"})
    gate.asked(10.0, every_partition=True)
    gate.fetched({"p.verdict"}, sent_at=10.0, now=10.001)
    gate.acked("p.compose", now=10.003, partition=2)
    assert gate.aim(10.004) == ("p.compose", 2)
    assert gate.aim(10.005) is None  # that one fetch only; the next asks for every partition


def test_every_partition_is_asked_for_at_least_every_full_fetch_period() -> None:
    gate = faust_transport.FetchGate(hold_ms=50, full_every_ms=20)
    gate.topics = frozenset({"p.verdict"})
    gate.asked(10.0, every_partition=True)
    gate.fetched({"p.verdict"}, sent_at=10.015, now=10.016)
    gate.acked("p.verdict", now=10.021, partition=1)
    assert gate.remaining(10.021) == 0
    assert gate.aim(10.021) is None  # the last fetch of them all is 21 ms old


def test_only_an_event_that_opened_the_gate_aims_the_next_fetch() -> None:
    gate = faust_transport.FetchGate(hold_ms=50, full_every_ms=20)
    gate.topics = frozenset({"p.verdict"})
    gate.asked(10.0, every_partition=True)
    gate.acked("p.verdict", now=10.001, partition=1)  # no fetch was held
    assert gate.aim(10.002) is None
    gate.fetched({"p.verdict"}, sent_at=10.002, now=10.003)
    gate.acked("p.verdict", now=10.004)  # not delivered: opens the gate, aims at nothing
    assert gate.remaining(10.004) == 0 and gate.aim(10.004) is None


def test_an_express_send_that_failed_opens_the_gate_without_an_aim() -> None:
    async def main() -> tuple[float, tuple[str, int] | None, tuple[str, int] | None]:
        gate = faust_transport.FetchGate(hold_ms=60_000, full_every_ms=60_000)
        gate.topics = frozenset({"p.verdict"})
        gate.asked(time.monotonic(), every_partition=True)
        loop = asyncio.get_running_loop()
        gate.fetched({"p.verdict"}, sent_at=time.monotonic(), now=time.monotonic())
        failed: asyncio.Future[Any] = loop.create_future()
        failed.set_exception(KafkaError("refused"))
        faust_transport._landed(gate, "p.verdict", failed)
        after_failure = gate.aim(time.monotonic())
        gate.fetched({"p.verdict"}, sent_at=time.monotonic(), now=time.monotonic())
        delivered: asyncio.Future[Any] = loop.create_future()
        delivered.set_result(RecordMetadata("p.verdict", 3, TopicPartition("p.verdict", 3), 7, None, 0, None))
        faust_transport._landed(gate, "p.verdict", delivered)
        return gate.remaining(time.monotonic()), after_failure, gate.aim(time.monotonic())

    remaining, after_failure, after_delivery = asyncio.run(main())
    assert remaining == 0 and after_failure is None
    assert after_delivery == ("p.verdict", 3)


def test_the_events_agents_act_on_take_the_express_lane_and_open_the_gate_and_nothing_else_does() -> None:
    assert faust_transport.is_express([("gg-type", b"VerdictReached"), ("gg-round", b"1")])
    assert faust_transport.is_express({"gg-type": b"ComposeRequested"})
    assert not faust_transport.is_express([("gg-type", b"StageStarted")])  # a lease
    assert not faust_transport.is_express(None)  # a snapshot, a table's changelog record
    assert not faust_transport.is_express([("other", b"x")])


def test_a_reader_with_every_partition_paused_reads_as_soon_as_partitions_are_resumed(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Faust's reader sleeps a second when every partition is paused and fetches nothing it
    resumes meanwhile (a restarted worker waited for its changelog, then for its streams). The
    pause here would last an hour: only the wake-up on resume lets the reader fetch."""
    monkeypatch.setattr(faust_transport, "PAUSED_WAIT_S", 3600.0)
    tp = TP("t.query", 0)
    fetched: list[set[TP]] = []

    async def getmany(active_partitions: set[TP], timeout: float) -> dict[TP, list[Any]]:  # noqa: ASYNC109
        fetched.append(set(active_partitions))
        return {}

    async def go() -> Any:
        # built on the loop it runs on: the service's events belong to it
        rt = offline_runtime(tmp_path, "pw-test")
        rt.app.finalize()
        consumer = rt.app.consumer
        assert isinstance(consumer, faust_transport._Consumer)
        consumer._getmany = getmany  # type: ignore[method-assign]
        consumer._set_active_tps(set())
        consumer.pause_partitions([tp])
        reading = asyncio.ensure_future(consumer._wait_next_records(1.0))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not reading.done() and not fetched, "the reader did not wait while every partition was paused"
        consumer.resume_partitions([tp])
        return await asyncio.wait_for(reading, 60)

    asyncio.run(go())
    assert fetched == [{tp}]


def test_an_idle_fetch_asks_for_the_client_topics_until_one_of_every_partition_is_due() -> None:
    gate = faust_transport.FetchGate(hold_ms=50, full_every_ms=20)
    gate.outside = frozenset({"p.query", "p.executor-result"})
    assert not gate.idle(10.0)  # nothing asked yet: every partition first
    gate.asked(10.0, every_partition=True)
    assert gate.idle(10.006)
    gate.asked(10.006, every_partition=False)
    assert gate.idle(10.012)
    assert not gate.idle(10.021)  # the last fetch of every partition is 21 ms old
    assert gate.read_when_idle("p.query") and gate.read_when_idle("p.executor-result")
    assert gate.read_when_idle("gg-diagnosis_session-changelog")  # a table recovering is read at once
    assert not gate.read_when_idle("p.verdict") and not gate.read_when_idle("p.control")


def test_the_fetch_after_one_of_our_sends_landed_asks_for_every_partition() -> None:
    gate = faust_transport.FetchGate(hold_ms=50, full_every_ms=20)
    gate.topics = frozenset({"p.verdict"})
    gate.asked(10.0, every_partition=True)
    gate.acked("p.composed-answer", now=10.001)  # a topic the consumer does not read
    assert gate.idle(10.002)
    gate.acked("p.verdict", now=10.003)  # no fetch held, so no aim: it may be on any partition
    assert gate.aim(10.004) is None and not gate.idle(10.004)
    gate.asked(10.004, every_partition=True)
    assert gate.idle(10.005)


def test_the_worker_s_idle_fetches_ask_for_the_topics_clients_write(tmp_path: Any) -> None:
    rt = offline_runtime(tmp_path, "idle-test")
    rt.app.finalize()
    gate = rt.app.transport.fetch_gate
    assert gate.outside == {"t.query", "t.executor-result"}
    assert gate is rt.app.producer.transport.fetch_gate  # the express lane's acks reach this gate


def test_an_event_handed_over_does_not_open_the_gate_and_one_an_agent_leaves_to_the_stream_does() -> None:
    async def main() -> tuple[float, float, tuple[str, int] | None]:
        gate = faust_transport.FetchGate(hold_ms=60_000, full_every_ms=60_000)
        gate.topics = frozenset({"p.verdict"})
        gate.handed = lambda topic, partition: partition == 3
        gate.asked(time.monotonic(), every_partition=True)
        gate.fetched({"p.verdict"}, sent_at=time.monotonic(), now=time.monotonic())
        handed: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        handed.set_result(RecordMetadata("p.verdict", 3, TopicPartition("p.verdict", 3), 7, None, 0, None))
        faust_transport._landed(gate, "p.verdict", handed)
        held = gate.remaining(time.monotonic())  # its copy comes with the next fetch of every partition
        left: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        left.set_result(RecordMetadata("p.verdict", 1, TopicPartition("p.verdict", 1), 8, None, 0, None))
        faust_transport._landed(gate, "p.verdict", left)
        return held, gate.remaining(time.monotonic()), gate.aim(time.monotonic())

    held, after, aim = asyncio.run(main())
    assert held > 0
    assert after == 0 and aim == ("p.verdict", 1)


def test_the_worker_s_gate_asks_its_hand_over_and_an_agent_leaving_a_record_opens_the_gate(tmp_path: Any) -> None:
    rt = offline_runtime(tmp_path, "handover-test")
    rt.app.finalize()
    gate = rt.app.transport.fetch_gate
    assert gate.handed == rt.handover.hands
    gate.full_every_s = 60.0
    gate.topics = frozenset({"t.verdict"})
    gate.asked(time.monotonic(), every_partition=True)
    gate.fetched({"t.verdict"}, sent_at=time.monotonic(), now=time.monotonic())
    rt.handover.left("t.verdict", 2)
    assert gate.remaining(time.monotonic()) == 0 and gate.aim(time.monotonic()) == ("t.verdict", 2)


def _loop_turns(call: Any, times: int = 20) -> float:
    """Turns of the event loop per awaited ``call()``."""
    async def main() -> float:
        turns, stop = 0, False

        async def ticker() -> None:
            nonlocal turns
            while not stop:
                turns += 1
                await asyncio.sleep(0)

        task = asyncio.ensure_future(ticker())
        await asyncio.sleep(0)
        start = turns
        for _ in range(times):
            await call()
        stop = True
        await task
        return (turns - start) / times

    return asyncio.run(main())


def test_a_record_queued_for_faust_s_producer_leaves_without_yielding_to_the_loop(tmp_path: Any) -> None:
    settings = Settings(topic_prefix="t.", app_id="stampede-test", partitions=4, data_dir=tmp_path)
    rt = build_runtime(settings, "127.0.0.1:1", offline_roles())
    faust_app = create_app(settings.model_copy(update={"app_id": "stampede-test-2"}), "127.0.0.1:1")
    for app in (rt.app, faust_app):
        app.finalize()
        app.producer._started.set()  # as once the worker runs
    assert _loop_turns(rt.app.maybe_start_producer) == 0
    assert _loop_turns(faust_app.maybe_start_producer) >= 3, "Faust's guard yields on every call"


def test_the_worker_s_producers_batch_more_than_a_few_session_snapshots_per_partition(tmp_path: Any) -> None:
    rt = offline_runtime(tmp_path, "batch-test")
    rt.app.finalize()

    async def build() -> Any:
        return rt.app.producer._new_producer()  # Faust's lane and the express lane alike

    producer = asyncio.run(build())
    assert producer._message_accumulator._batch_size == PRODUCER_BATCH_BYTES >= 256 * 1024
