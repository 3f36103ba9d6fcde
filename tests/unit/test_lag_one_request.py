"""The lag monitor asks for a group's committed offsets in one request, whatever the number of its
partitions, and reads a partition the group never committed as having none."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from aiokafka import TopicPartition
from aiokafka.structs import OffsetAndMetadata

from app import lag
from app.settings import Settings


class FakeAdmin:
    def __init__(self, offsets: dict[TopicPartition, int]) -> None:
        self.offsets = offsets
        self.asked: list[tuple[str, list[TopicPartition]]] = []

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def list_consumer_group_offsets(self, group: str, partitions: list[TopicPartition]) -> Any:
        self.asked.append((group, list(partitions)))
        return {tp: OffsetAndMetadata(off, "") for tp, off in self.offsets.items() if tp in partitions}


def test_a_group_s_commits_are_one_request_and_uncommitted_partitions_have_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    tps = [TopicPartition(t, p) for t in ("a", "b") for p in range(4)]
    admin = FakeAdmin({tps[0]: 12, tps[1]: -1, tps[5]: 0})  # -1: the broker's "no offset"
    monkeypatch.setattr(lag.kafka_clients, "admin", lambda *a, **k: admin)
    monitor = lag.LagMonitor(Settings(), "127.0.0.1:1", {"g": ["a", "b"]})
    got = asyncio.run(monitor.committed("g", tps))
    assert admin.asked == [("g", tps)]
    assert got[tps[0]] == 12 and got[tps[5]] == 0
    assert got[tps[1]] is None and got[tps[7]] is None  # answered -1, or not answered at all
