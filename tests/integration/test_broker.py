"""What the embedded broker (Tansu) does that the code around it has to know."""

from __future__ import annotations

import asyncio

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.structs import TopicPartition

from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.kafka.offsets import log_ends


def test_tansu_reports_the_last_batchs_base_offset_as_the_end_of_a_partition(broker: EmbeddedBroker) -> None:
    """Why every reader that must reach the end of a partition asks ``app.kafka.offsets.log_ends``
    (Faust's table recovery, the ledger's catch-up) and why the worker turns off Faust's recovery
    consistency check. If this fails, Tansu reports the true end."""

    async def go() -> tuple[int, int]:
        topic = "quirk.end-offset"
        await ensure_topics(broker.bootstrap, [topic], partitions=1)
        producer = AIOKafkaProducer(bootstrap_servers=broker.bootstrap, linger_ms=50)
        await producer.start()
        try:
            sent = [await producer.send(topic, b"r%d" % i, partition=0) for i in range(3)]
            last = max([(await f).offset for f in sent])
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(bootstrap_servers=broker.bootstrap)
        await consumer.start()
        try:
            tp = TopicPartition(topic, 0)
            end = (await consumer.end_offsets([tp]))[tp]
        finally:
            await consumer.stop()
        return last, end

    last, end = asyncio.run(go())
    assert last == 2, "the three records went out as one batch"
    assert end == 1, f"the end of the partition is reported as {end}; the log holds offsets 0..{last}"


def test_log_ends_reads_the_end_of_a_partition_past_the_last_batchs_first_record(broker: EmbeddedBroker) -> None:
    """A batch of four after a single record: ListOffsets stops inside the batch, ``log_ends``
    reports the offset after its last record; an empty partition stays at 0."""

    async def go() -> tuple[int, dict[TopicPartition, int], dict[TopicPartition, int]]:
        topic = "quirk.log-ends"
        await ensure_topics(broker.bootstrap, [topic], partitions=2)
        producer = AIOKafkaProducer(bootstrap_servers=broker.bootstrap, linger_ms=50)
        await producer.start()
        try:
            await producer.send_and_wait(topic, b"alone", partition=0)
            sent = [await producer.send(topic, b"r%d" % i, partition=0) for i in range(4)]
            last = max([(await f).offset for f in sent])
        finally:
            await producer.stop()
        consumer = AIOKafkaConsumer(bootstrap_servers=broker.bootstrap)
        await consumer.start()
        try:
            tps = [TopicPartition(topic, 0), TopicPartition(topic, 1)]
            listed = await consumer.end_offsets(tps)
        finally:
            await consumer.stop()
        return last, listed, await log_ends(broker.bootstrap, listed)

    last, listed, ends = asyncio.run(go())
    p0, p1 = TopicPartition("quirk.log-ends", 0), TopicPartition("quirk.log-ends", 1)
    assert last == 4 and listed[p0] < last + 1, f"ListOffsets said {listed[p0]} for offsets 0..{last}"
    assert ends == {p0: last + 1, p1: 0}
