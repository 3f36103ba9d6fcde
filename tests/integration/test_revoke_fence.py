"""What the lease rule (``app.kafka.tenure``) rests on, on the real broker: aiokafka's eager
rebalance runs a member's revoke callback before the member rejoins, so a lease its holder began
before the revoke, and the revoke waited for, lies before the end the partition's next holder
takes when it is assigned the partition (where its read-back of leases ends)."""

from __future__ import annotations

import asyncio
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.abc import ConsumerRebalanceListener

from app.kafka import clients as kafka_clients
from app.kafka import topics
from app.kafka.broker import ensure_topics
from app.kafka.brokers import LocalBroker
from app.kafka.tenure import Tenure, settle
from app.settings import Settings
from tests.integration.harness import unique

LATE_S = 8.0
"""How long after the revoke began the broker gets the leases (a loaded worker's producer): longer
than either broker takes to assign the partitions once the first member's revoke returned, so a
revoke that did not wait is seen."""
REBALANCE_TIMEOUT_MS = 60_000
"""Faust's ``broker_rebalance_timeout`` (aiokafka's own default is the session timeout): how long the
group waits for a member's revoke before it evicts the member."""


class Holder(ConsumerRebalanceListener):  # type: ignore[misc]  # aiokafka ships no types
    """The worker's revoke and assignment, as ``SessionAgent.left`` and ``arrived`` do them."""

    def __init__(self, tenure: Tenure, revoked: asyncio.Event) -> None:
        self.tenure, self.revoked = tenure, revoked

    async def on_partitions_revoked(self, revoked: Any) -> None:
        self.tenure.lost((tp.topic, tp.partition) for tp in revoked)
        self.revoked.set()
        await self.tenure.landed(wait_s=3 * LATE_S)

    async def on_partitions_assigned(self, assigned: Any) -> None:
        self.tenure.came((tp.topic, tp.partition) for tp in assigned)


class NextHolder(ConsumerRebalanceListener):  # type: ignore[misc]
    """Takes where the log of each partition it is assigned ends then."""

    def __init__(self) -> None:
        self.consumer: AIOKafkaConsumer | None = None
        self.ends: dict[TopicPartition, int] = {}
        self.assigned = asyncio.Event()

    async def on_partitions_revoked(self, revoked: Any) -> None:
        return None

    async def on_partitions_assigned(self, assigned: Any) -> None:
        if assigned and self.consumer is not None:
            self.ends.update(await self.consumer.end_offsets(list(assigned)))
            self.assigned.set()


def test_leases_begun_before_a_revoke_lie_before_the_end_the_next_holder_takes(broker: LocalBroker,
                                                                               broker_kind: str) -> None:
    settings = Settings(topic_prefix=unique("fence") + ".", app_id=unique("fence"))
    control, group = settings.topic(topics.CONTROL), unique("fence-group")
    partitions = 2

    def member(listener: ConsumerRebalanceListener) -> AIOKafkaConsumer:
        c = kafka_clients.reader(settings, broker.bootstrap, group_id=group, session_timeout_ms=6000,
                                 heartbeat_interval_ms=500, rebalance_timeout_ms=REBALANCE_TIMEOUT_MS)
        c.subscribe([control], listener=listener)
        return c

    async def go() -> tuple[dict[TopicPartition, int], dict[TopicPartition, int]]:
        await ensure_topics(Settings(), broker.bootstrap, [control], partitions=partitions)
        producer = kafka_clients.producer(settings, broker.bootstrap)
        tenure, revoked, nxt = Tenure(control), asyncio.Event(), NextHolder()
        first, second = member(Holder(tenure, revoked)), member(nxt)
        nxt.consumer = second
        await producer.start()
        await first.start()
        try:
            while len(first.assignment()) < partitions:
                await first.getmany(timeout_ms=100)
            fences = {p: tenure.begin(p, tenure.of(p)) for p in range(partitions)}

            async def lease(partition: int) -> int:
                await revoked.wait()
                await asyncio.sleep(LATE_S)
                sent = await producer.send(control, b"lease", key=b"s", partition=partition)
                fence = fences[partition]
                assert fence is not None
                settle(fence, sent)
                return int((await sent).offset)

            leases = asyncio.gather(*(lease(p) for p in range(partitions)))
            await second.start()
            polling = asyncio.ensure_future(_poll(first))
            try:
                await asyncio.wait_for(nxt.assigned.wait(), 60)
            finally:
                polling.cancel()
            offsets = await asyncio.wait_for(leases, 30)
            return nxt.ends, {TopicPartition(control, p): o for p, o in enumerate(offsets)}
        finally:
            await second.stop()
            await first.stop()
            await producer.stop()

    ends, leased = asyncio.run(go())
    assert ends, f"{broker_kind}: the second member was assigned a partition"
    for tp, end in ends.items():
        assert leased[tp] < end, f"{broker_kind}: the lease at {tp.partition}@{leased[tp]} lies past the end {end}"


async def _poll(consumer: AIOKafkaConsumer) -> None:
    while True:
        await consumer.getmany(timeout_ms=100)
