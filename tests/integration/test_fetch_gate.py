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

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.protocol.fetch import FetchRequest

from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.kafka.faust_transport import FetchGate, gate_fetches
from tests.integration.harness import unique

WAIT_MS = 1500


@dataclass
class Clients:
    topic: str
    producer: AIOKafkaProducer
    consumer: AIOKafkaConsumer
    fetches: list[tuple[float, set[int]]]
    """Every fetch the consumer sent: when, and the partitions it asked for."""


@contextlib.asynccontextmanager
async def clients(bootstrap: str, tag: str) -> AsyncIterator[Clients]:
    """A new four-partition topic, a producer and a started consumer (fetch wait ``WAIT_MS``,
    nothing assigned yet) whose fetches are recorded."""
    topic = unique(tag)
    await ensure_topics(bootstrap, [topic], 4)
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0)
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False,
                                auto_offset_reset="earliest", fetch_max_wait_ms=WAIT_MS)
    await producer.start()
    await consumer.start()
    fetches: list[tuple[float, set[int]]] = []
    client_send = consumer._client.send

    async def send(node_id: int, request: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(request, FetchRequest):
            fetches.append((time.monotonic(), {p for _, parts in request.topics for p, *_ in parts}))
        return await client_send(node_id, request, *args, **kwargs)

    consumer._client.send = send
    try:
        yield Clients(topic, producer, consumer, fetches)
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
