"""A partition that moved to this worker: its stages wait until the session agent has read what
the log held there when it came.

After a rebalance the new holder of a partition reads its topics again from the group's committed
offsets, which may lie behind what the old holder had done: a ComposeRequested is read again while
the AnswerDrafted that the old holder's Composer wrote is on the log, not yet folded. A stage agent
decides whether a stage is done from the session state, and the session agent that folds that
draft reads another topic, in its own time: a stage agent that came first called the model again
(a fault run counted hundreds of such calls in 20 restarts). So when partitions come, this worker
takes where each of the session agent's topics ended there (``arrived``); a stage task for a
session on such a partition waits, before its lease and its model call, until the session agent
has read that far (``settled``), and then asks the session state again. A partition the session
agent has read that far on is forgotten: the wait costs nothing in the steady state.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from aiokafka import TopicPartition as KafkaTP

from app.kafka import clients as kafka_clients
from app.kafka.client import stop_consumer
from app.kafka.offsets import committed_offsets
from app.settings import Settings

log = logging.getLogger(__name__)
WAIT_S = 10.0
"""At most this long: a session agent that cannot read that far (a broker away) holds no stage
forever; the stage then runs, as before."""
POLL_S = 0.02

TopicPartition = tuple[str, int]


class MovedIn:
    def __init__(self, topics: Iterable[str]) -> None:
        self.topics = frozenset(topics)
        """The session agent's topics (full names)."""
        self.targets: dict[TopicPartition, int] = {}
        """Per moved-in topic-partition of those topics: the offset the session agent must read to."""
        self.read_to: dict[TopicPartition, int] = {}
        """Per topic-partition: the next offset the session agent will read."""
        self.tenure: dict[TopicPartition, int] = {}
        """Per topic-partition: how many times it was revoked here. Work beside the stream that
        holds its partition's tenure from when it began sends nothing once it changed
        (``still_held``): the partition's next holder decides then."""
        self.asking: dict[TopicPartition, int] = {}
        """Topic-partitions that came and whose span is being asked for (how many askings are under
        way for each): pending from the moment they come, since the table's recovery can resume
        their reading, and the stages', before the broker has answered."""

    async def arrived(self, tps: Iterable[tuple[str, int]],
                      spans_of: Callable[[list[TopicPartition]], Awaitable[Mapping[Any, tuple[int, int]]]]) -> None:
        """Partitions assigned to this worker (``spans_of``: for each, where the session agent starts
        reading it, the group's committed offset, and where its log ends now)."""
        mine = sorted({(t, p) for t, p in tps if t in self.topics})
        if not mine:
            return
        for tp in mine:
            self.asking[tp] = self.asking.get(tp, 0) + 1
        try:
            spans = await spans_of(mine)
        except Exception as exc:  # without them, the stages run as before
            log.warning("where moved-in partitions start and end is unknown (%s): stages do not wait", exc)
            return
        else:
            for tp, (start, end) in spans.items():
                if end > max(start, self.read_to.get((tp[0], tp[1]), 0)):
                    self.targets[(tp[0], tp[1])] = end
                self.read_to.setdefault((tp[0], tp[1]), start)  # where its stream is to begin
        finally:
            for tp in mine:
                if (n := self.asking.pop(tp, 0) - 1) > 0:
                    self.asking[tp] = n

    def left(self, tps: Iterable[tuple[str, int]]) -> None:
        """Partitions revoked: nothing to wait for there, and what was read is read again."""
        for tp in tps:
            key = (tp[0], tp[1])
            self.targets.pop(key, None)
            self.read_to.pop(key, None)
            self.tenure[key] = self.tenure.get(key, 0) + 1

    def still_held(self, topic: str, partition: int, tenure: int) -> bool:
        """Whether ``topic``'s ``partition`` was not revoked here since its tenure was ``tenure``
        (``self.tenure.get((topic, partition), 0)`` when the work began)."""
        return self.tenure.get((topic, partition), 0) == tenure

    def read(self, topic: str, partition: int, offset: int) -> None:
        """The session agent read this record. One past the next it was to read means records it
        was never handed (the session topics are neither compacted nor transactional): its stream
        skipped them, or began past the committed offset asked when the partition came. Logged, since
        only the log itself has them then (``app.kafka.lease_log``, the ledger's nudges)."""
        tp = (topic, partition)
        if offset > (expected := self.read_to.get(tp, offset)):
            log.info("%s[%d]: the session agent was not handed %d record(s) from offset %d", topic, partition,
                     offset - expected, expected)
        self.read_to[tp] = max(self.read_to.get(tp, 0), offset + 1)
        if tp in self.targets and self.read_to[tp] >= self.targets[tp]:
            del self.targets[tp]

    def pending(self, partition: int, topic: str | None = None) -> bool:
        """Whether the session agent has yet to read what the log held on ``partition`` (of
        ``topic`` only, when given) when it came."""
        return any(p == partition and topic in (None, t) for t, p in (*self.targets, *self.asking))

    async def settled(self, partition: int, wait_s: float = WAIT_S, topic: str | None = None) -> bool:
        """Wait until the session agent has read what the log held on ``partition`` (of ``topic``
        only, when given) when it came (True), or ``wait_s`` passed (False). Returns at once when
        nothing moved in there."""
        end = time.monotonic() + wait_s
        while self.pending(partition, topic):
            if time.monotonic() >= end:
                log.warning("partition %d: the session agent did not read what was there in %.0f s", partition, wait_s)
                return False
            await asyncio.sleep(POLL_S)
        return True


def group_spans(settings: Settings, bootstrap: str, group: str,
                highwaters: Callable[[list[TopicPartition]], Awaitable[Mapping[Any, int]]],
                ) -> Callable[[list[TopicPartition]], Awaitable[dict[TopicPartition, tuple[int, int]]]]:
    """``spans_of`` for ``MovedIn.arrived``: the committed offsets of ``group`` (asked by a consumer
    that does not join it) and the ends ``highwaters`` gives (the worker's consumer's)."""
    async def spans(tps: list[TopicPartition]) -> dict[TopicPartition, tuple[int, int]]:
        reader = kafka_clients.reader(settings, bootstrap, group_id=group)
        try:
            await reader.start()
            committed = await committed_offsets(reader, [KafkaTP(t, p) for t, p in tps])
        finally:
            await stop_consumer(reader)
        ends = await highwaters(tps)
        return {tp: (committed.get(KafkaTP(*tp)) or 0, ends[tp]) for tp in tps if tp in ends}

    return spans
