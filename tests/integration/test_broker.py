"""What the embedded broker (Tansu) does that the code around it has to know."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka.structs import TopicPartition

from app.audit.sink import AuditSink, Health
from app.kafka import clients as kafka_clients
from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.kafka.log_reader import READ_BACK_WAIT_MS, LogReader
from app.kafka.offsets import log_ends, seek_to_committed
from app.settings import Settings
from events.models import LogRef
from tests.integration.harness import listed_ends, send_batch

pytestmark = pytest.mark.brokers("tansu")  # Tansu's ListOffsets and the tuned readers that correct it


def test_tansu_reports_the_last_batchs_base_offset_as_the_end_of_a_partition(broker: EmbeddedBroker) -> None:
    """Why every reader that must reach the end of a partition asks ``app.kafka.offsets.log_ends``
    (Faust's table recovery, the ledger's catch-up) and why the worker turns off Faust's recovery
    consistency check. If this fails, Tansu reports the true end."""

    async def go() -> tuple[int, int]:
        tp = TopicPartition("quirk.end-offset", 0)
        await ensure_topics(Settings(), broker.bootstrap, [tp.topic], partitions=1)
        last = await send_batch(broker.bootstrap, tp, [(None, b"r%d" % i) for i in range(3)])
        return last, (await listed_ends(broker.bootstrap, [tp]))[tp]

    last, end = asyncio.run(go())
    assert last == 2, "the three records went out as one batch"
    assert end == 1, f"the end of the partition is reported as {end}; the log holds offsets 0..{last}"


def test_log_ends_reads_the_end_of_a_partition_past_the_last_batchs_first_record(broker: EmbeddedBroker) -> None:
    """A batch of four after a single record: ListOffsets stops inside the batch, ``log_ends``
    reports the offset after its last record; an empty partition stays at 0."""

    async def go() -> tuple[int, dict[TopicPartition, int], dict[TopicPartition, int]]:
        p0, p1 = TopicPartition("quirk.log-ends", 0), TopicPartition("quirk.log-ends", 1)
        await ensure_topics(Settings(), broker.bootstrap, [p0.topic], partitions=2)
        await send_batch(broker.bootstrap, p0, [(None, b"alone")])
        last = await send_batch(broker.bootstrap, p0, [(None, b"r%d" % i) for i in range(4)])
        listed = await listed_ends(broker.bootstrap, [p0, p1])
        return last, listed, await log_ends(Settings(), broker.bootstrap, listed)

    last, listed, ends = asyncio.run(go())
    p0, p1 = TopicPartition("quirk.log-ends", 0), TopicPartition("quirk.log-ends", 1)
    assert last == 4 and listed[p0] < last + 1, f"ListOffsets said {listed[p0]} for offsets 0..{last}"
    assert ends == {p0: last + 1, p1: 0}


def test_the_audit_writers_lag_counts_the_tail_of_the_last_batch(broker: EmbeddedBroker) -> None:
    """Four records read in one batch and not written yet are a lag of four, not of what
    ListOffsets says (one): the writer takes the end from its own fetch's high watermark too."""

    async def go() -> int:
        tp = TopicPartition("quirk.audit-lag", 0)
        await ensure_topics(Settings(), broker.bootstrap, [tp.topic], partitions=1)
        await send_batch(broker.bootstrap, tp, [(None, b"r%d" % i) for i in range(4)])
        sink = AuditSink(Settings(), broker.bootstrap, lambda: pytest.fail("no store in this test"), Health(name="t"))
        sink.consumer = consumer = kafka_clients.reader(Settings(), broker.bootstrap)
        await consumer.start()
        try:
            consumer.assign([tp])
            consumer.seek(tp, 0)
            got = await consumer.getmany(tp, timeout_ms=5000)
            assert [r.offset for r in got[tp]] == [0, 1, 2, 3]
            sink.pending = {tp: 0}  # read, not written yet
            await sink._measure_lag()
            return sink.health.lag
        finally:
            await consumer.stop()

    assert asyncio.run(go()) == 4


async def seek_to_committed_on(bootstrap: str) -> dict[str, object]:
    """A group consumer with offsets committed on three of four partitions: what
    ``offsets.seek_to_committed`` returns, where the consumer then reads, and the order of the
    OffsetFetch requests and their answers."""
    from aiokafka.protocol.commit import OffsetFetchRequest

    topic = f"seek-{id(object())}"
    await ensure_topics(Settings(), bootstrap, [topic], 4)
    tps = [TopicPartition(topic, p) for p in range(4)]
    for tp in tps:
        await send_batch(bootstrap, tp, [(None, b"x")] * 6)
    group = f"g-{topic}"
    first = kafka_clients.reader(Settings(), bootstrap, group_id=group)
    await first.start()
    try:
        first.assign(tps)
        await first.commit({tps[0]: 2, tps[1]: 5, tps[3]: 1})
    finally:
        await first.stop()
    consumer = kafka_clients.reader(Settings(), bootstrap, group_id=group)
    await consumer.start()
    events: list[str] = []
    send = consumer._client.send

    async def traced(node_id: int, request: object, *args: object, **kwargs: object) -> object:
        if isinstance(request, OffsetFetchRequest):
            events.append("ask")
            try:
                return await send(node_id, request, *args, **kwargs)
            finally:
                events.append("answer")
        return await send(node_id, request, *args, **kwargs)

    consumer._client.send = traced  # type: ignore[method-assign]
    try:
        consumer.assign(tps)
        committed = await seek_to_committed(consumer)
        asked = list(events)
        positions = {tp.partition: await consumer.position(tp) for tp in tps}
    finally:
        await consumer.stop()
    return {"committed": {tp.partition: off for tp, off in committed.items()}, "positions": positions,
            "events": asked}


def test_seek_to_committed_reads_from_each_committed_offset_and_asks_for_them_all_at_once(
        broker: EmbeddedBroker) -> None:
    """aiokafka's ``seek_to_committed`` asks one partition after another (a round trip each: up to
    1.2 s of a restart under load); Faust's consumer uses ``offsets.seek_to_committed``."""
    r = asyncio.run(seek_to_committed_on(broker.bootstrap))
    assert r["committed"] == {0: 2, 1: 5, 2: None, 3: 1}
    assert r["positions"] == {0: 2, 1: 5, 2: 0, 3: 1}  # no commit: from the start (auto reset)
    events = r["events"]
    assert isinstance(events, list) and events.count("ask") == 4
    assert events[:4] == ["ask"] * 4, f"an answer came before every partition was asked for: {events}"


def test_a_read_back_lets_the_broker_wait_long_enough_to_gather_the_record(broker: EmbeddedBroker) -> None:
    """A read-back (a nudge's missed event, a pending Executor result) holds up the session agent
    that asked for it; its fetches give Tansu READ_BACK_WAIT_MS, not the few milliseconds with
    which a loaded Tansu answered nothing for seconds."""
    from aiokafka.client import AIOKafkaClient
    from aiokafka.protocol.fetch import FetchRequest

    waits: list[int] = []
    real_send = AIOKafkaClient.send

    async def send(self: AIOKafkaClient, node_id: int, request: object, *a: object, **k: object) -> object:
        if isinstance(request, FetchRequest):
            waits.append(request._max_wait_ms)
        return await real_send(self, node_id, request, *a, **k)

    async def go() -> tuple[bytes | None, bytes | None] | None:
        tp = TopicPartition("readback.wait", 0)
        await ensure_topics(Settings(), broker.bootstrap, [tp.topic], partitions=1)
        last = await send_batch(broker.bootstrap, tp, [(b"k", b"r%d" % i) for i in range(3)])
        reader = LogReader(Settings(), broker.bootstrap)
        AIOKafkaClient.send = send  # type: ignore[method-assign]
        try:
            return await reader.read(LogRef(topic=tp.topic, partition=0, offset=last))
        finally:
            AIOKafkaClient.send = real_send  # type: ignore[method-assign]
            await reader.close()

    assert asyncio.run(go()) == (b"k", b"r2")
    assert waits and set(waits) == {READ_BACK_WAIT_MS}, waits
