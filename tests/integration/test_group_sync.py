"""A group follower syncs once its leader has, on the real broker (``app.kafka.group_sync``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer
from aiokafka.consumer.group_coordinator import CoordinatorGroupRebalance

from app.kafka import group_sync
from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.settings import Settings
from tests.integration.harness import unique

pytestmark = pytest.mark.brokers("tansu")  # the group-protocol patch for Tansu's SyncGroup hold


async def until(condition: Callable[[], bool], timeout_s: float = 15.0, poll_s: float = 0.01) -> None:
    for _ in range(int(timeout_s / poll_s)):
        if condition():
            return
        await asyncio.sleep(poll_s)
    raise TimeoutError(f"not within {timeout_s} s")


def test_a_new_member_sends_its_sync_after_the_leaders_and_only_once(
        broker: EmbeddedBroker, monkeypatch: pytest.MonkeyPatch) -> None:
    """The leader is slowed down (its assignment takes 0.3 s), so a follower that synced as soon
    as its JoinGroup was answered would be early, be held, and not be answered before Tansu's
    next look; here it sends one SyncGroup, after the leader's, and gets its partitions."""
    group_sync.install()
    topic, group = unique("gsync"), unique("gsync")
    syncs: list[tuple[str, int]] = []
    send_sync = CoordinatorGroupRebalance._send_sync_group_request
    lead = CoordinatorGroupRebalance._on_join_leader

    async def recorded(self: CoordinatorGroupRebalance, request: Any) -> Any:
        syncs.append((self._coordinator._client._client_id, self._coordinator.generation))
        return await send_sync(self, request)

    async def slow_leader(self: CoordinatorGroupRebalance, response: Any) -> Any:
        if self._coordinator._client._client_id == "leader":
            await asyncio.sleep(0.3)
        return await lead(self, response)

    monkeypatch.setattr(CoordinatorGroupRebalance, "_send_sync_group_request", recorded)
    monkeypatch.setattr(CoordinatorGroupRebalance, "_on_join_leader", slow_leader)

    def member(role: str) -> AIOKafkaConsumer:
        return AIOKafkaConsumer(topic, client_id=role, bootstrap_servers=broker.bootstrap, group_id=group,
                                session_timeout_ms=2000, heartbeat_interval_ms=500)

    async def go() -> tuple[set[int], set[int]]:
        await ensure_topics(Settings(), broker.bootstrap, [topic], partitions=4)
        leader, follower = member("leader"), member("follower")
        await leader.start()
        try:
            await until(lambda: bool(leader.assignment()))
            syncs.clear()
            await follower.start()
            try:
                await until(lambda: bool(follower.assignment()))
                await until(lambda: not leader.assignment() & follower.assignment()
                            and len(leader.assignment() | follower.assignment()) == 4)
                return ({tp.partition for tp in leader.assignment()},
                        {tp.partition for tp in follower.assignment()})
            finally:
                await follower.stop()
        finally:
            await leader.stop()

    mine, theirs = asyncio.run(go())
    assert mine and theirs and mine | theirs == {0, 1, 2, 3}
    follower_syncs = [s for s in syncs if s[0] == "follower"]
    assert len(follower_syncs) == 1, syncs
    generation = follower_syncs[0][1]
    assert ("leader", generation) in syncs[:syncs.index(follower_syncs[0])], syncs
