"""What the embedded broker (Tansu) does that the code around it has to know."""

from __future__ import annotations

import asyncio

from aiokafka.structs import TopicPartition

from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.kafka.offsets import log_ends
from tests.integration.harness import listed_ends, send_batch


def test_tansu_reports_the_last_batchs_base_offset_as_the_end_of_a_partition(broker: EmbeddedBroker) -> None:
    """Why every reader that must reach the end of a partition asks ``app.kafka.offsets.log_ends``
    (Faust's table recovery, the ledger's catch-up) and why the worker turns off Faust's recovery
    consistency check. If this fails, Tansu reports the true end."""

    async def go() -> tuple[int, int]:
        tp = TopicPartition("quirk.end-offset", 0)
        await ensure_topics(broker.bootstrap, [tp.topic], partitions=1)
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
        await ensure_topics(broker.bootstrap, [p0.topic], partitions=2)
        await send_batch(broker.bootstrap, p0, [(None, b"alone")])
        last = await send_batch(broker.bootstrap, p0, [(None, b"r%d" % i) for i in range(4)])
        listed = await listed_ends(broker.bootstrap, [p0, p1])
        return last, listed, await log_ends(broker.bootstrap, listed)

    last, listed, ends = asyncio.run(go())
    p0, p1 = TopicPartition("quirk.log-ends", 0), TopicPartition("quirk.log-ends", 1)
    assert last == 4 and listed[p0] < last + 1, f"ListOffsets said {listed[p0]} for offsets 0..{last}"
    assert ends == {p0: last + 1, p1: 0}
