"""What the embedded broker (Tansu) does that the code around it has to know."""

from __future__ import annotations

import asyncio

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.structs import TopicPartition

from app.kafka.broker import EmbeddedBroker, ensure_topics


def test_tansu_reports_the_last_batchs_base_offset_as_the_end_of_a_partition(broker: EmbeddedBroker) -> None:
    """Why the worker turns off Faust's recovery consistency check (app/kafka/runtime.py): a
    table that wrote the last record of a multi-record batch looks ahead of its changelog. If
    this fails, Tansu reports the true end and the check can be turned back on."""

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
