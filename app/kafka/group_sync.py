"""A group follower's SyncGroup, sent once the group's leader has sent its own.

Tansu, the embedded broker, holds every JoinGroup for a second; after that, a follower's SyncGroup
that arrives before the leader's is held for another whole second (the coordinator looks at the
group again after a fixed pause), while one that arrives after the leader's is answered at once.
The leader learns of the new member only from its next heartbeat and its own JoinGroup is held the
same second, so a worker that starts beside a running one always sent its SyncGroup too early:
2.0 s from its first JoinGroup to its partitions, in both of its groups (Faust's and the
ledger's), on every start or restart beside another worker.

Here a follower first asks the coordinator how the group stands (DescribeGroups, a read) every
``POLL_S``, and sends its SyncGroup as soon as the group is ``Stable`` (the leader's assignment is
in), or after ``WAIT_S`` whatever it says: 1.1-1.4 s instead of 2.0 s on Tansu. Against a Kafka
broker, which answers a follower's SyncGroup the moment the leader's arrives, the wait ends at the
same moment and costs a few reads. aiokafka has no hook for this; ``install`` wraps its follower
step (``CoordinatorGroupRebalance._on_join_follower``, aiokafka pinned in pyproject.toml).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from aiokafka.consumer.group_coordinator import CoordinatorGroupRebalance
from aiokafka.protocol.admin import DescribeGroupsRequest

log = logging.getLogger(__name__)

POLL_S = 0.02
WAIT_S = 1.0
STABLE = "Stable"

_follower_sync = CoordinatorGroupRebalance._on_join_follower


async def group_state(rebalance: Any) -> str | None:
    """The group's state as its coordinator reports it, or None if it could not be asked."""
    try:
        response = await rebalance._coordinator._client.send(
            rebalance.coordinator_id, DescribeGroupsRequest([rebalance.group_id]))
        error_code, _group, state = response.groups[0][:3]
    except Exception as exc:  # any failure: the SyncGroup goes now, as aiokafka would send it
        log.debug("group %s: state not read (%s)", rebalance.group_id, exc)
        return None
    return str(state) if error_code == 0 else None


async def until_stable(rebalance: Any, wait_s: float = WAIT_S, poll_s: float = POLL_S) -> bool:
    """Wait until the group is stable (True) or ``wait_s`` has passed or it cannot be asked."""
    give_up = time.monotonic() + wait_s
    while True:
        state = await group_state(rebalance)
        if state is None:
            return False
        if state == STABLE:
            return True
        if time.monotonic() + poll_s > give_up:
            return False
        await asyncio.sleep(poll_s)


async def _on_join_follower(self: CoordinatorGroupRebalance) -> Any:
    await until_stable(self)
    return await _follower_sync(self)


def install() -> None:
    """Make every aiokafka consumer in this process (Faust's included) sync as a follower only
    once its group's leader has. Idempotent."""
    CoordinatorGroupRebalance._on_join_follower = _on_join_follower  # type: ignore[method-assign]
