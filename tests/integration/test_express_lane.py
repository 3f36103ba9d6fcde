"""The worker's producer on the real broker (``app/kafka/faust_transport.py``, the express lane;
``app/kafka/express.py`` without the tuning): an event an agent acts on is not held behind a stage
lease whose produce request is still out,
the producer's flush, which Faust awaits before it commits, waits for both lanes, and the events
of one stage's output leave in one produce request (``Runtime.emit`` does not yield between them).

A lane is held by delaying its produce requests in the client (no timing is asserted: the checks
are on which acknowledgement came first and what a flush waited for)."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import pytest
from aiokafka.errors import KafkaError
from aiokafka.protocol.produce import ProduceRequest

from app.kafka import clients as kafka_clients
from app.kafka import topics
from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.kafka.brokers import LocalBroker
from app.kafka.runtime import Runtime, build_runtime
from app.settings import Settings
from events.codec import encode
from events.models import RuleEvaluationRecorded, StageStarted, VerdictReached
from tests.integration.harness import unique
from tests.unit.factories import offline_roles, run_session

pytestmark = pytest.mark.brokers("tansu")  # the tuned transport's express lane

HOLD_S = 1.0


def hold_produce_requests(aiokafka_producer: Any, held: list[str], name: str,
                          until: asyncio.Event | None = None) -> None:
    """Delay every produce request ``aiokafka_producer`` sends until ``until`` is set (by
    default for HOLD_S)."""
    client = aiokafka_producer.client
    send = client.send

    async def slow_send(node_id: int, request: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(request, ProduceRequest):
            held.append(name)
            await (until.wait() if until is not None else asyncio.sleep(HOLD_S))
        return await send(node_id, request, *args, **kwargs)

    client.send = slow_send


async def with_worker_producer(bootstrap: str, tmp: Path, body: Any, **options: Any) -> Any:
    """``body(runtime, producer)`` with the worker's producer started (``options``: more settings)."""
    prefix = f"{unique('lane')}."
    settings = Settings(topic_prefix=prefix, app_id=unique("lane"), partitions=4, data_dir=tmp, **options)
    await ensure_topics(Settings(), bootstrap, [settings.topic(t) for t in topics.ALL], 4)
    rt = build_runtime(settings, bootstrap, offline_roles())
    rt.app.finalize()
    producer = rt.app.producer
    await producer.start()
    try:
        return await body(rt, producer)
    finally:
        if rt.express is not None:
            await rt.express.close()
        await producer.stop()


def lease_and_verdict() -> tuple[StageStarted, VerdictReached]:
    events, _, _ = run_session("Why does payments-api return 502 since the deploy?")
    verdict = next(e for e in events if isinstance(e, VerdictReached))
    lease = StageStarted(session_id=verdict.session_id, round=1, stage="verify", worker_id="w",
                         incarnation="i", lease_until=verdict.occurred_at)
    return lease, verdict


def send(producer: Any, rt: Runtime, event: Any) -> Any:
    return producer.send(rt.settings.topic(topics.TOPIC_OF[event.event_type]), event.session_id.encode(),
                         encode(event), None, None, topics.headers(event))


def verdict_and_lease_acknowledged(bootstrap: str, tmp: Path, main: str, **options: Any) -> tuple[list[str], bool, bool]:
    """Faust's producer (the lane named ``main``) held, a lease and then a verdict emitted: what was
    held, and whether the verdict and the lease were acknowledged before it was let go."""
    lease, verdict = lease_and_verdict()
    held: list[str] = []

    async def body(rt: Runtime, producer: Any) -> tuple[bool, bool]:
        release = asyncio.Event()  # Faust's producer is held until the verdict was acknowledged
        hold_produce_requests(producer._producer, held, main, until=release)
        lease_acked = await rt._emit(lease, topics.headers(lease))
        verdict_acked = await rt._emit(verdict, topics.headers(verdict))
        try:
            await asyncio.wait_for(asyncio.shield(verdict_acked), 10)
        except TimeoutError:
            pass  # queued behind the held lease: the check below fails
        first = (verdict_acked.done(), lease_acked.done())
        release.set()
        await asyncio.wait_for(asyncio.gather(lease_acked, verdict_acked), 30)
        return first

    verdict_done, lease_done = asyncio.run(with_worker_producer(bootstrap, tmp, body, **options))
    return held, verdict_done, lease_done


def test_an_event_is_acknowledged_while_a_lease_sent_before_it_is_still_held(
        broker: EmbeddedBroker, tmp_path: Path) -> None:
    held, verdict_done, lease_done = verdict_and_lease_acknowledged(broker.bootstrap, tmp_path, "main lane")
    assert held == ["main lane"]  # the lease went by the main lane, and the verdict did not
    assert verdict_done and not lease_done


@pytest.mark.brokers("tansu", "kafka")
def test_without_the_tuning_an_event_is_acknowledged_while_a_lease_sent_before_it_is_still_held(
        broker: LocalBroker, tmp_path: Path) -> None:
    """Faust's published transport (``GROUNDGATE_BROKER_TUNING=off``): the lease goes by Faust's
    producer, the verdict by the runtime's own lane (``app/kafka/express.py``), public aiokafka calls."""
    held, verdict_done, lease_done = verdict_and_lease_acknowledged(broker.bootstrap, tmp_path, "Faust's producer",
                                                                    broker_tuning="off")
    # the lease went by Faust's producer (again if a fresh topic's leader was not known yet), the verdict did not
    assert set(held) == {"Faust's producer"}
    assert verdict_done and not lease_done


@pytest.mark.brokers("tansu", "kafka")
def test_without_the_tuning_snapshots_leave_in_order_and_never_fill_fausts_producer_buffer(
        broker: LocalBroker, tmp_path: Path) -> None:
    """Faust holds every stream while its producer buffer holds more than 100 records, and drains it
    through the app's stampede guard: session snapshots go by ``Runtime.outbox`` instead."""
    records = 150

    async def body(rt: Runtime, producer: Any) -> tuple[int, list[bytes]]:
        for i in range(records):
            rt.send_soon(topics.SESSION_STATE, "s-1", b"%d" % i)
        in_fausts_buffer = producer.buffer.size
        if rt.outbox is not None:
            await rt.outbox.close()  # sends what it holds
        await producer.flush()
        reader = kafka_clients.reader(rt.settings, broker.bootstrap, rt.settings.topic(topics.SESSION_STATE))
        await reader.start()
        got: list[bytes] = []
        try:
            deadline = time.monotonic() + 30
            while len(got) < records and time.monotonic() < deadline:
                for batch in (await reader.getmany(timeout_ms=500)).values():
                    got += [r.value for r in batch]
        finally:
            await reader.stop()
        return in_fausts_buffer, got

    in_fausts_buffer, got = asyncio.run(with_worker_producer(broker.bootstrap, tmp_path, body, broker_tuning="off"))
    assert in_fausts_buffer == 0
    assert got == [b"%d" % i for i in range(records)]


def test_the_producers_flush_waits_for_the_express_lane(broker: EmbeddedBroker, tmp_path: Path) -> None:
    _, verdict = lease_and_verdict()
    held: list[str] = []

    async def body(rt: Runtime, producer: Any) -> bool:
        hold_produce_requests(producer._express, held, "express lane")
        acked = await send(producer, rt, verdict)
        await producer.flush()
        return bool(acked.done())

    assert asyncio.run(with_worker_producer(broker.bootstrap, tmp_path, body))
    assert held == ["express lane"]


def test_the_events_of_one_stage_output_leave_in_one_produce_request(
        broker: EmbeddedBroker, tmp_path: Path) -> None:
    events, _, _ = run_session("Why does payments-api return 502 since the deploy?")
    rule = next(e for e in events if isinstance(e, RuleEvaluationRecorded))
    verdict = next(e for e in events if isinstance(e, VerdictReached))
    held: list[str] = []

    async def body(rt: Runtime, producer: Any) -> None:
        hold_produce_requests(producer._express, held, "express lane")
        await rt.emit(rule)
        await rt.emit(verdict)
        await producer.flush()

    asyncio.run(with_worker_producer(broker.bootstrap, tmp_path, body))
    assert held == ["express lane"]  # one request: the verdict did not wait for the rule's ack


def test_only_an_acknowledged_event_of_the_express_lane_opens_the_fetch_gate(
        broker: EmbeddedBroker, tmp_path: Path) -> None:
    """The table's changelog record of a decision is acknowledged as often before the decision
    as after it: had it opened the gate, the fetch it let out would find nothing and sleep."""
    lease, verdict = lease_and_verdict()

    async def body(rt: Runtime, producer: Any) -> list[bool]:
        gate = producer.transport.fetch_gate
        changelog = f"{rt.settings.group_id}-diagnosis_session-changelog"
        await ensure_topics(Settings(), broker.bootstrap, [changelog], 4)
        gate.topics = frozenset({changelog, rt.settings.topic(topics.CONTROL), rt.settings.topic(topics.VERDICT)})
        held = []
        gate.hold_s = 3600.0  # held until an acknowledgement opens it
        gate.fetched({rt.settings.topic(topics.VERDICT)}, sent_at=time.monotonic(), now=time.monotonic())
        await (await producer.send(changelog, b"s-1", b"{}", None, None, None))
        held.append(gate.remaining(time.monotonic()) > 0)
        await (await send(producer, rt, lease))
        held.append(gate.remaining(time.monotonic()) > 0)
        await (await send(producer, rt, verdict))
        held.append(gate.remaining(time.monotonic()) > 0)
        return held

    assert asyncio.run(with_worker_producer(broker.bootstrap, tmp_path, body)) == [True, True, False]


def test_an_event_the_broker_refused_is_logged(broker: EmbeddedBroker, tmp_path: Path,
                                               caplog: pytest.LogCaptureFixture) -> None:
    """Faust's ``Topic.send`` logged a failed delivery; the worker's events bypass it, so its
    producer does."""
    _, verdict = lease_and_verdict()

    async def body(rt: Runtime, producer: Any) -> BaseException | None:
        client = producer._express.client

        async def refuse(node_id: int, request: Any, *args: Any, **kwargs: Any) -> Any:
            raise KafkaError("refused by the test")

        client.send = refuse
        acked = await send(producer, rt, verdict)
        await asyncio.wait([acked], timeout=30)
        return acked.exception()

    with caplog.at_level(logging.WARNING, logger="app.kafka.faust_transport"):
        failure = asyncio.run(with_worker_producer(broker.bootstrap, tmp_path, body))
    assert isinstance(failure, KafkaError)
    assert any("VerdictReached not delivered to" in r.getMessage() and "refused by the test" in r.getMessage()
               for r in caplog.records)
