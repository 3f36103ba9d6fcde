"""The fetch gate on the real broker (``app/kafka/faust_transport.py``): after a fetch brought a
record, a gated consumer sends no fetch until the stage's output is acknowledged, so the record
it produces is fetched by a fetch sent after it landed. An ungated consumer has a fetch out at
Tansu before the output exists; Tansu looks once and sleeps the whole wait, so that output waits.

The fetch the gate lets out asks only for the partition the output landed on; the others are
asked for by the fetch after it.

The checks are on the order of requests (fetches sent, the ack), never on durations: the hold and
the fetch wait are long enough that only the gate can explain the order."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.protocol.fetch import FetchRequest

from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.kafka.faust_transport import CATCH_UP_FETCH_MAX_WAIT_MS, FETCH_MAX_WAIT_MS, FetchGate, gate_fetches
from app.settings import Settings
from tests.integration.harness import unique

pytestmark = pytest.mark.brokers("tansu")  # the tuned transport's fetch gate, for Tansu's fetch waits

WAIT_MS = 1500


@dataclass
class Clients:
    topic: str
    producer: AIOKafkaProducer
    consumer: AIOKafkaConsumer
    fetches: list[tuple[float, set[int]]]
    """Every fetch the consumer sent: when, and the partitions it asked for (of any topic)."""
    waits: list[int]
    """The wait each of those fetches gave the broker (ms)."""
    named: list[tuple[float, set[tuple[str, int]]]]
    """The same fetches with each partition's topic."""
    other: str = ""
    """A second four-partition topic (``topics=2``)."""


@contextlib.asynccontextmanager
async def clients(bootstrap: str, tag: str, topics: int = 1, wait_ms: int = WAIT_MS) -> AsyncIterator[Clients]:
    """A new four-partition topic (two with ``topics=2``), a producer and a started consumer
    (fetch wait ``wait_ms``, nothing assigned yet) whose fetches are recorded."""
    names = [unique(f"{tag}{i}") for i in range(topics)]
    await ensure_topics(Settings(), bootstrap, names, 4)
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0)
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False,
                                auto_offset_reset="earliest", fetch_max_wait_ms=wait_ms)
    await producer.start()
    await consumer.start()
    fetches: list[tuple[float, set[int]]] = []
    waits: list[int] = []
    named: list[tuple[float, set[tuple[str, int]]]] = []
    client_send = consumer._client.send

    async def send(node_id: int, request: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(request, FetchRequest):
            asked = {(topic, p) for topic, parts in request.topics for p, *_ in parts}
            fetches.append((time.monotonic(), {p for _, p in asked}))
            named.append((fetches[-1][0], asked))
            waits.append(request._max_wait_ms)
        return await client_send(node_id, request, *args, **kwargs)

    consumer._client.send = send
    try:
        yield Clients(names[0], producer, consumer, fetches, waits, named, *names[1:])
    finally:
        await consumer.stop()
        await producer.stop()


async def hop(bootstrap: str, gated: bool) -> dict[str, Any]:
    """Record A is fetched; then the 'stage' produces B. Returns when the fetches were sent."""
    gate = FetchGate(hold_ms=60_000)
    async with clients(bootstrap, "gate") as c:
        c.consumer.assign([TopicPartition(c.topic, p) for p in range(4)])
        if gated:
            gate_fetches(c.consumer, gate, asyncio.get_running_loop())
        await c.producer.send_and_wait(c.topic, b"A", key=b"s-1")
        assert (await asyncio.wait_for(c.consumer.getone(), 30)).value == b"A"
        got_a = time.monotonic()
        await asyncio.sleep(0.3)  # the stage's work
        await c.producer.send_and_wait(c.topic, b"B", key=b"s-1")
        acked_b = time.monotonic()
        gate.acked(c.topic, acked_b)
        assert (await asyncio.wait_for(c.consumer.getone(), 30)).value == b"B"
        return {"between": [t for t, _ in c.fetches if got_a < t < acked_b],
                "after": [t for t, _ in c.fetches if t >= acked_b]}


def test_a_gated_consumer_fetches_the_stage_output_with_the_first_fetch_after_it_landed(
        broker: EmbeddedBroker) -> None:
    gated = asyncio.run(hop(broker.bootstrap, gated=True))
    assert gated["between"] == []  # held while the stage worked
    assert len(gated["after"]) == 1  # and the one fetch after the ack brought B


def test_an_ungated_consumer_has_a_fetch_out_before_the_stage_output_exists(broker: EmbeddedBroker) -> None:
    ungated = asyncio.run(hop(broker.bootstrap, gated=False))
    assert ungated["between"]  # sent as soon as A was handed over, before B existed


async def aimed_hop(bootstrap: str) -> dict[str, Any]:
    """As ``hop``, gated, with the partition B landed on given to the gate; then C, on another
    partition, is read by a later fetch."""
    gate = FetchGate(hold_ms=300, full_every_ms=60_000)
    async with clients(bootstrap, "aim") as c:
        gate_fetches(c.consumer, gate, asyncio.get_running_loop())  # before the first fetch is built
        c.consumer.assign([TopicPartition(c.topic, p) for p in range(4)])
        await c.producer.send_and_wait(c.topic, b"A", partition=1)
        assert (await asyncio.wait_for(c.consumer.getone(), 30)).value == b"A"
        await asyncio.sleep(0.1)  # the stage's work
        landed = await c.producer.send_and_wait(c.topic, b"B", partition=2)
        acked_b = time.monotonic()
        gate.acked(c.topic, acked_b, landed.partition)
        assert (await asyncio.wait_for(c.consumer.getone(), 30)).value == b"B"
        got_b = time.monotonic()
        await c.producer.send_and_wait(c.topic, b"C", partition=3)
        assert (await asyncio.wait_for(c.consumer.getone(), 30)).value == b"C"
        return {"after_ack": [parts for t, parts in c.fetches if acked_b <= t < got_b],
                "after_b": [parts for t, parts in c.fetches if t >= got_b]}


def test_the_fetch_the_gate_lets_out_asks_for_the_output_s_partition_and_the_next_for_all(
        broker: EmbeddedBroker) -> None:
    fetches = asyncio.run(aimed_hop(broker.bootstrap))
    assert fetches["after_ack"] == [{2}]  # one fetch, of the partition B landed on
    assert fetches["after_b"] and fetches["after_b"][0] == {0, 1, 2, 3}  # then every partition again


async def starved_partition(bootstrap: str) -> dict[str, Any]:
    """Events keep opening the gate on partition 2 (each fetch it lets out asks for that
    partition alone) while C waits on partition 3: C comes with the first fetch of every
    partition once the last one is ``full_every_ms`` old."""
    gate = FetchGate(hold_ms=60_000, full_every_ms=400)
    got: list[bytes] = []
    async with clients(bootstrap, "starve") as c:
        await c.producer.send_and_wait(c.topic, b"A", partition=1)  # there before the first fetch: found at once
        gate_fetches(c.consumer, gate, asyncio.get_running_loop())  # before the first fetch is built
        c.consumer.assign([TopicPartition(c.topic, p) for p in range(4)])
        got.append((await asyncio.wait_for(c.consumer.getone(), 30)).value)
        await c.producer.send_and_wait(c.topic, b"C", partition=3)  # nobody's event: it opens nothing
        for i in range(60):
            if b"C" in got:
                break
            await asyncio.sleep(0.05)
            landed = await c.producer.send_and_wait(c.topic, b"B%d" % i, partition=2)
            gate.acked(c.topic, time.monotonic(), landed.partition)
            while (b"B%d" % i) not in got:
                got.append((await asyncio.wait_for(c.consumer.getone(), 30)).value)
        return {"got": got, "asked": [parts for _, parts in c.fetches]}


def test_partitions_no_event_opens_the_gate_for_are_still_read(broker: EmbeddedBroker) -> None:
    seen = asyncio.run(starved_partition(broker.bootstrap))
    assert b"C" in seen["got"]  # only a fetch of every partition asks for partition 3
    first_aimed = seen["asked"].index({2})
    assert seen["asked"][first_aimed:first_aimed + 2] == [{2}, {2}]  # the events' fetches asked for their own
    assert {0, 1, 2, 3} in seen["asked"][first_aimed:]  # ... until one of every partition was due


async def idle_fetches(bootstrap: str) -> dict[str, Any]:
    """A gated consumer of a client topic and a workers' topic, idle: it asks for the client
    topic's partitions only, and for every partition when that is ``full_every_ms`` old or when
    one of our events landed since its last fetch. Each record is produced just after an idle
    fetch went out, the one of every partition before it a moment earlier: the next one of every
    partition is not due before several idle fetches."""
    gate = FetchGate(hold_ms=50, full_every_ms=1_000)
    got: list[bytes] = []
    async with clients(bootstrap, "idle", topics=2, wait_ms=100) as c:
        client, internal = c.topic, c.other
        gate.outside = frozenset({client})
        gate_fetches(c.consumer, gate, asyncio.get_running_loop())  # before the first fetch is built
        c.consumer.assign([TopicPartition(t, p) for t in (client, internal) for p in range(4)])
        every = {(t, p) for t in (client, internal) for p in range(4)}
        only_client = {(client, p) for p in range(4)}

        async def read() -> None:  # as Faust's reader does: a fetch's records are drained at once
            while True:
                for records in (await c.consumer.getmany(timeout_ms=50)).values():
                    got.extend(r.value for r in records)

        async def after_an_idle_fetch() -> float:
            """When the first idle fetch after a fetch of every partition went out."""
            seen, end = len(c.named), time.monotonic() + 30
            while True:
                asked = [parts for _, parts in c.named[seen:]]
                if every in asked and only_client in asked[asked.index(every):]:
                    return time.monotonic()
                assert time.monotonic() < end, "no fetch of every partition and idle one after it in 30 s"
                await asyncio.sleep(0.001)

        async def fetches_until(value: bytes, since: float) -> list[set[tuple[str, int]]]:
            """The fetches sent from the one out at ``since`` until ``value`` was read."""
            end = time.monotonic() + 30
            while value not in got:
                assert time.monotonic() < end, f"{value!r} not read in 30 s"
                await asyncio.sleep(0.001)
            until = time.monotonic()
            out = [t for t, _ in c.named if t <= since][-1:]
            return [parts for t, parts in c.named if (out and t >= out[0]) and t <= until]

        reader = asyncio.ensure_future(read())
        try:
            since = await after_an_idle_fetch()
            await c.producer.send_and_wait(internal, b"W", partition=1)  # the ledger's, another worker's
            waited = await fetches_until(b"W", since)
            since = await after_an_idle_fetch()
            await c.producer.send_and_wait(client, b"Q", partition=2)  # a client's query
            picked = await fetches_until(b"Q", since)
            since = await after_an_idle_fetch()
            landed = await c.producer.send_and_wait(internal, b"E", partition=3)  # our express event
            acked_at = time.monotonic()
            gate.acked(internal, acked_at, landed.partition)  # no fetch held: no aim
            await fetches_until(b"E", since)
            # On a loaded machine more idle fetches may go out while the send waits for its ack.
            out_at = [t for t, _ in c.named if t <= since][-1]  # the idle fetch out at ``since``
            before = [parts for t, parts in c.named if out_at <= t < acked_at]
            after = [parts for t, parts in c.named if t >= acked_at]
        finally:
            reader.cancel()
        return {"waited": waited, "picked": picked, "before_ack": before, "after_ack": after,
                "client": only_client, "every": every}


def test_an_idle_consumer_asks_for_the_client_topics_and_for_every_partition_when_due_or_ours_landed(
        broker: EmbeddedBroker) -> None:
    f = asyncio.run(idle_fetches(broker.bootstrap))
    # A record on a workers' topic that no event of ours announced: the idle fetches (of the
    # client topic only) pass it by; the next fetch of every partition, when due, brings it.
    assert len(f["waited"]) >= 3 and all(parts == f["client"] for parts in f["waited"][:-1])
    assert f["waited"][-1] == f["every"]
    # A client's record: an idle fetch brings it.
    assert f["picked"] and all(parts == f["client"] for parts in f["picked"])
    # One of our events landed (acknowledged): the next fetch asks for every partition, long
    # before one is due (the ones before it were idle).
    assert f["before_ack"] and all(parts == f["client"] for parts in f["before_ack"])
    # (The first or, when an idle fetch built as the ack came in went out after it on a loaded
    # machine, the second: without the rule, only idle fetches until one is due.)
    assert f["every"] in f["after_ack"][:2]


async def waits_while_recovering(bootstrap: str) -> dict[str, list[int]]:
    """The waits of a gated consumer's fetches: before, while and after its worker's table
    recovers (the gate's flag, set by ``faust_transport.Recovery``)."""
    gate = FetchGate()
    out: dict[str, list[int]] = {}
    async with clients(bootstrap, "wait", wait_ms=FETCH_MAX_WAIT_MS) as c:
        c.consumer.assign([TopicPartition(c.topic, p) for p in range(4)])
        gate_fetches(c.consumer, gate, asyncio.get_running_loop())
        for phase, recovering in (("before", False), ("recovering", True), ("after", False)):
            gate.recovering = recovering
            await c.consumer.getmany(timeout_ms=50)  # lets a fetch built under this flag go out
            start = len(c.waits)
            await c.consumer.getmany(timeout_ms=600)
            out[phase] = c.waits[start:]
    return out


def test_a_consumer_whose_table_recovers_gives_the_broker_the_long_wait_and_the_streams_the_short(
        broker: EmbeddedBroker) -> None:
    """Tansu gives a fetch about its wait to gather records: with the streams' few ms, a loaded
    broker answered a recovering table's changelog fetches with nothing for seconds."""
    w = asyncio.run(waits_while_recovering(broker.bootstrap))
    assert w["before"] and set(w["before"]) == {FETCH_MAX_WAIT_MS}
    assert w["recovering"] and set(w["recovering"]) == {CATCH_UP_FETCH_MAX_WAIT_MS}
    assert w["after"] and set(w["after"]) == {FETCH_MAX_WAIT_MS}
    assert CATCH_UP_FETCH_MAX_WAIT_MS >= 50 * FETCH_MAX_WAIT_MS


async def waits_while_behind(bootstrap: str, records: int = 40) -> dict[str, list[int]]:
    """The waits of a gated consumer's fetches once it knows a partition's high watermark and has
    been put back to its start (records it has not fetched: behind), and after it read them again."""
    gate = FetchGate()
    async with clients(bootstrap, "behind", wait_ms=FETCH_MAX_WAIT_MS) as c:
        for _ in range(records):
            await c.producer.send_and_wait(c.topic, b"x" * 200, partition=0)
        c.consumer.assign([TopicPartition(c.topic, p) for p in range(4)])
        gate_fetches(c.consumer, gate, asyncio.get_running_loop())

        async def read_all() -> None:
            read = 0
            end = time.monotonic() + 30
            while read < records:
                assert time.monotonic() < end, f"{read} of {records} records read in 30 s"
                got = await c.consumer.getmany(timeout_ms=100)
                read += sum(len(batch) for batch in got.values())

        await read_all()  # the answers told it where the log ends
        c.consumer.seek(TopicPartition(c.topic, 0), 0)
        start = len(c.waits)
        await read_all()
        during = c.waits[start:]
        start = len(c.waits)
        await c.consumer.getmany(timeout_ms=300)
        return {"during": during, "after": c.waits[start:]}


def test_a_consumer_behind_on_a_partition_gives_the_broker_the_long_wait_until_it_caught_up(
        broker: EmbeddedBroker) -> None:
    """Tansu gives a fetch about its wait to gather records: with the streams' few ms, a loaded
    broker answered fetches of a partition tens of records behind with nothing, for seconds (a
    worker that took partitions over after a restart). A fetch that asks for records the last
    answer said are there gets the long wait; one that can only find new records, the short."""
    w = asyncio.run(waits_while_behind(broker.bootstrap))
    assert CATCH_UP_FETCH_MAX_WAIT_MS in w["during"]
    assert w["after"] and set(w["after"]) == {FETCH_MAX_WAIT_MS}
