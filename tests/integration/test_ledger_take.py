"""The ledger taking its partitions on the real broker: where it reads from, where it must reach."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from aiokafka import TopicPartition

from app.kafka import clients as kafka_clients
from app.kafka import topics
from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.kafka.brokers import LocalBroker
from app.kafka.ledger import WATCHED, Ledger
from app.settings import Settings
from tests.integration.harness import send_batch, unique


def test_the_ledger_reads_each_partition_from_its_commit_or_its_start_and_knows_where_it_ends(
        broker: EmbeddedBroker) -> None:
    """Committed partitions from the commit, the others from their first record (asked for in one
    seek, not one fetcher turn each); the ends include the tail of the last batch."""
    settings = Settings(topic_prefix=unique("take") + ".", app_id=unique("take"))
    names = [settings.topic(t) for t in WATCHED]
    query = settings.topic(topics.QUERY)
    sent = TopicPartition(query, 1)  # four records in one batch: the end is 4, ListOffsets says 1
    committed = {TopicPartition(query, 0): 2, sent: 3}

    async def go() -> tuple[dict[tuple[str, int], int], dict[TopicPartition, int], dict[tuple[str, int], int],
                            list[tuple[Any, ...]], bool]:
        await ensure_topics(Settings(), broker.bootstrap, names, partitions=settings.partitions)
        await send_batch(broker.bootstrap, TopicPartition(query, 0), [(None, b"r%d" % i) for i in range(3)])
        await send_batch(broker.bootstrap, sent, [(None, b"r%d" % i) for i in range(4)])
        ledger = Ledger(settings, broker.bootstrap)
        consumer = ledger.consumer
        await consumer.start()
        try:
            tps = {TopicPartition(n, p) for n in names for p in range(settings.partitions)}
            consumer.assign(list(tps))
            await consumer.commit(committed)
            seeks: list[tuple[Any, ...]] = []
            to_beginning = consumer.seek_to_beginning

            async def counted(*parts: TopicPartition) -> bool:
                seeks.append(parts)
                return await to_beginning(*parts)

            consumer.seek_to_beginning = counted  # type: ignore[method-assign]
            await ledger.take(tps)
            positions = {tp: await consumer.position(tp) for tp in tps}
            return dict(ledger.book.position), positions, dict(ledger.targets), seeks, ledger.ready.is_set()
        finally:
            await consumer.stop()

    book, positions, targets, seeks, ready = asyncio.run(go())
    everything = {TopicPartition(n, p) for n in names for p in range(settings.partitions)}
    assert ready
    assert book == {(tp.topic, tp.partition): committed.get(tp, 0) for tp in everything}
    assert positions == {tp: committed.get(tp, 0) for tp in everything}
    assert len(seeks) == 1 and set(seeks[0]) == everything - set(committed)
    assert targets[(query, 0)] == 3 and targets[(query, 1)] == 4
    assert {off for tp, off in targets.items() if tp not in {(query, 0), (query, 1)}} == {0}


def test_the_ledger_reads_a_session_s_events_in_batches_not_one_fetch_each(broker: LocalBroker) -> None:
    """Records landing one at a time, as one session's events do, reach the ledger in a few
    fetches: the broker holds its fetch for a batch or a while (``app.kafka.clients.BATCH_FETCH_*``),
    instead of answering it at each record on the loop the agents share. At most one answer per
    wait (plus the first and the last), whatever pace the loaded machine gives the sends."""
    settings = Settings(topic_prefix=unique("batch") + ".", app_id=unique("batch"))
    control = TopicPartition(settings.topic(topics.CONTROL), 0)
    records, spacing_s = 20, 0.005

    async def go() -> tuple[list[int], float]:
        await ensure_topics(Settings(), broker.bootstrap, [control.topic], partitions=settings.partitions)
        ledger = Ledger(settings, broker.bootstrap)
        consumer, producer = ledger.consumer, kafka_clients.producer(settings, broker.bootstrap)
        await asyncio.gather(consumer.start(), producer.start())
        try:
            consumer.assign([control])
            await consumer.seek_to_end(control)
            await consumer.getmany(timeout_ms=200)  # the first fetch is out, at the log's end
            await producer.send_and_wait(control.topic, b"warm-up", partition=0)
            while not await consumer.getmany(timeout_ms=5000):
                pass

            async def trickle() -> None:
                for i in range(records):
                    await producer.send_and_wait(control.topic, b"r%d" % i, partition=0)
                    await asyncio.sleep(spacing_s)

            started = time.monotonic()
            sending = asyncio.ensure_future(trickle())
            batches: list[int] = []
            while sum(batches) < records:
                got = await consumer.getmany(timeout_ms=5000)
                assert got, "the ledger read nothing for 5 s"
                batches.append(sum(len(r) for r in got.values()))
            await sending
            return batches, time.monotonic() - started
        finally:
            await asyncio.gather(consumer.stop(), producer.stop())

    batches, elapsed_s = asyncio.run(go())
    assert sum(batches) == records
    assert len(batches) < records, batches  # one fetch per record: 20
    assert len(batches) <= elapsed_s / (kafka_clients.BATCH_FETCH_MAX_WAIT_MS / 1000) + 2, (batches, elapsed_s)
