"""Whether this worker holds a session's control partition now, and the stage leases it began
there that the broker has not acknowledged yet: a lease is written only while its writer holds
the partition.

The worker a control partition moves to reads back the leases the partition held up to where its
log ended when it came (``app.kafka.lease_log``) and leaves the stages they announce to their
runs (``app.kafka.leases``). A lease that lands past that end is not read back: the new holder,
its group offset behind, reads the stage's input again and runs the stage a second time. aiokafka's
rebalance is eager: a member runs its revoke callback before it rejoins the group, and the
partition's next holder is assigned it, and takes where its log ends, only once the members have
rejoined. So, on a revoke (``lost``, synchronously), no lease begins on the revoked partitions, and
the revoke callback returns only once every lease begun before it was acknowledged (``landed``,
bounded by ``WAIT_S``): every lease of the old holder lies before the new holder's end.

A lease begins (``begin``) only where the partition was not revoked here since the stage's input
was read (``tenure``, taken then), and not between its revoke and the assignment that brings it
back; a stage refused so is the partition's holder's (``Runtime._stage`` hands its input back).
A worker evicted from its group without a revoke (it missed its session timeout) is the one case
left: it learns of it at its next revoke.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

log = logging.getLogger(__name__)
WAIT_S = 5.0
"""At most this long a revoke waits for the leases begun before it: a broker away holds no rebalance
for longer. Far below the group's rebalance timeout (Faust's ``broker_rebalance_timeout``, 60 s),
past which the group would evict the member and assign its partitions without waiting for it."""


class Tenure:
    def __init__(self, topic: str) -> None:
        self.topic = topic
        """The control topic (full name): where the leases go, and what the next holder reads back."""
        self.revoked: dict[int, int] = {}
        """Per partition: how many times it was revoked here."""
        self.away: set[int] = set()
        """Partitions revoked here and not assigned here since."""
        self.unacked: set[asyncio.Future[None]] = set()
        """Leases handed to the producer whose acknowledgement has not come back."""
        self.held: frozenset[tuple[str, int]] = frozenset()
        """Every topic-partition (of every topic) of the last assignment here, less what was revoked
        since: what this worker's own callbacks were told, no client's internals."""
        self.ready = False
        """Whether the tables recovered since the last assignment here (``recovered`` was called
        after ``came``): until then a partition held is not read yet, its table still replaying."""

    def of(self, partition: int) -> int:
        """The partition's tenure now: taken when a stage's input is read."""
        return self.revoked.get(partition, 0)

    def holds(self, partition: int, tenure: int) -> bool:
        """Whether ``partition`` is held here and was not revoked since its tenure was ``tenure``."""
        return partition not in self.away and self.revoked.get(partition, 0) == tenure

    def begin(self, partition: int, tenure: int) -> asyncio.Future[None] | None:
        """A lease on ``partition`` may go out (its future: set it once the broker answered), or
        None when the partition is not held since ``tenure``. Synchronous, so no revoke falls
        between the answer and the lease's registration."""
        if not self.holds(partition, tenure):
            return None
        fence: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.unacked.add(fence)
        fence.add_done_callback(self.unacked.discard)
        return fence

    def reads(self, topic: str, partition: int) -> bool:
        """Whether ``topic``'s ``partition`` was assigned here and not revoked since."""
        return (topic, partition) in self.held

    def lost(self, tps: Iterable[tuple[str, int]]) -> None:
        """Partitions revoked: no lease begins there from now on."""
        tps = [(t, p) for t, p in tps]
        self.held = self.held.difference(tps)
        for partition in {p for t, p in tps if t == self.topic}:
            self.revoked[partition] = self.revoked.get(partition, 0) + 1
            self.away.add(partition)

    def came(self, tps: Iterable[tuple[str, int]]) -> None:
        """Partitions assigned here: the whole assignment (it replaces the one before), whose
        tables recover from now on."""
        tps = [(t, p) for t, p in tps]
        self.held = frozenset(tps)
        self.ready = False
        self.away.difference_update(p for t, p in tps if t == self.topic)

    def recovered(self) -> None:
        """The tables recovered (Faust's ``on_rebalance_complete``). One that a recovery begun before
        the last assignment sends came before ``came`` and is overridden by it."""
        self.ready = True

    async def landed(self, wait_s: float = WAIT_S) -> bool:
        """Wait until every lease begun so far was answered by the broker (True), or ``wait_s``
        passed (False)."""
        pending = list(self.unacked)
        if not pending:
            return True
        _, late = await asyncio.wait(pending, timeout=wait_s)
        if late:
            log.warning("%d stage lease(s) not acknowledged %.0f s after their partition was revoked",
                        len(late), wait_s)
        return not late


def settle(fence: asyncio.Future[None], sent: asyncio.Future[object] | None = None) -> None:
    """Set ``fence`` when ``sent`` (the lease's delivery) is done, or now when there is none."""
    def done(_: object = None) -> None:
        if not fence.done():
            fence.set_result(None)

    if sent is None or sent.done():
        done()
    else:
        sent.add_done_callback(done)
