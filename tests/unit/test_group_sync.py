"""How long a follower waits before its SyncGroup (``app.kafka.group_sync.until_stable``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

from app.kafka import group_sync


class Coordinator:
    """Answers DescribeGroups from a script: a state, an error code or an exception per read."""

    def __init__(self, answers: list[Any]) -> None:
        self.answers: Iterator[Any] = iter(answers)
        self.reads = 0

    async def send(self, node_id: int, request: Any) -> Any:
        self.reads += 1
        answer = next(self.answers)
        if isinstance(answer, Exception):
            raise answer
        error_code, state = answer
        return SimpleNamespace(groups=[(error_code, "g", state, "consumer", "", [])])


def rebalance(answers: list[Any]) -> tuple[Any, Coordinator]:
    client = Coordinator(answers)
    return SimpleNamespace(_coordinator=SimpleNamespace(_client=client), coordinator_id=0, group_id="g"), client


def test_the_follower_syncs_as_soon_as_the_group_is_stable() -> None:
    r, client = rebalance([(0, "Unknown"), (0, "CompletingRebalance"), (0, "Stable"), (0, "Stable")])
    assert asyncio.run(group_sync.until_stable(r, wait_s=5, poll_s=0.001)) is True
    assert client.reads == 3


def test_a_group_that_does_not_settle_in_time_is_synced_with_anyway() -> None:
    r, client = rebalance([(0, "Unknown")] * 1000)
    assert asyncio.run(group_sync.until_stable(r, wait_s=0.05, poll_s=0.01)) is False
    assert 2 <= client.reads <= 7


def test_a_coordinator_that_cannot_say_sends_the_sync_at_once() -> None:
    for answer in (ConnectionError("gone"), (16, ""), (15, "")):
        r, client = rebalance([answer, (0, "Stable")])
        assert asyncio.run(group_sync.until_stable(r, wait_s=5, poll_s=0.001)) is False
        assert client.reads == 1
