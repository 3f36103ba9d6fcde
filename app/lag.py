"""Consumer lag of the groups a process belongs to, and whether the broker answers it.

Every ``CHECK_S`` the monitor asks the broker for each group's committed offsets (one OffsetFetch
for all of a group's partitions, by the admin client: a consumer asks one partition at a time,
which made ~30 requests a second of a worker's idle loop) and for the end of every partition of
the group's topics, and exports ``groundgate_consumer_lag_messages{group,
topic}``: records on the log that the group has not committed yet (a partition the group never
committed counts from the log's start, where its readers begin). Each member of a group exports
the whole group's figure (take ``max by (group, topic)``): a group's lag must show even when the
member holding a partition has died.

The same round trip is the process's view of the broker: ``reachable()`` is false once no check
has been answered for ``STALE_S``, which ``/readyz`` follows (a frozen or lost broker turns a
ready worker to 503 within seconds) and ``groundgate_broker_reachable`` exports.

On Tansu the end of a partition comes from ListOffsets, which stops at the first record of the
last batch (``app.kafka.offsets``): the figure can be a few records low there, never high.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping, Sequence

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from mode import Service

from app import metrics
from app.kafka import clients as kafka_clients
from app.kafka.client import stop_consumer
from app.settings import Settings

log = logging.getLogger(__name__)
CHECK_S = 2.0
STALE_S = 5.0
"""No answer from the broker for this long: not ready. Two checks and most of a third."""


class LagMonitor(Service):
    """``groups``: group id → the topics it reads (full names)."""

    def __init__(self, settings: Settings, bootstrap: str, groups: Mapping[str, Sequence[str]],
                 check_s: float = CHECK_S) -> None:
        super().__init__()
        self.settings, self.bootstrap, self.groups, self.check_s = settings, bootstrap, dict(groups), check_s
        self.answered_at: float | None = None
        self._task: asyncio.Future[None] | None = None
        self._readers: dict[str | None, AIOKafkaConsumer] = {}
        self._admin: AIOKafkaAdminClient | None = None

    def reachable(self) -> bool:
        return self.answered_at is not None and time.monotonic() - self.answered_at < STALE_S

    async def _reader(self, group: str | None) -> AIOKafkaConsumer:
        """A consumer that never joins: with a group id it reads that group's commits."""
        if group not in self._readers:
            reader = kafka_clients.reader(self.settings, self.bootstrap, group_id=group,
                                          request_timeout_ms=int(self.check_s * 4000))
            await reader.start()
            self._readers[group] = reader
        return self._readers[group]

    async def committed(self, group: str, tps: list[TopicPartition]) -> dict[TopicPartition, int | None]:
        """Each partition's committed offset in ``group`` (None: none), in one request."""
        if self._admin is None:
            admin = kafka_clients.admin(self.settings, self.bootstrap, timeout_s=self.check_s * 4)
            await admin.start()
            self._admin = admin
        got = await self._admin.list_consumer_group_offsets(group, partitions=tps)
        return {tp: got[tp].offset if tp in got and got[tp].offset >= 0 else None for tp in tps}

    async def measure(self) -> dict[tuple[str, str], int]:
        """(group, topic) → messages not committed; the broker answered when this returns."""
        meta = await self._reader(None)
        out: dict[tuple[str, str], int] = {}
        for group, names in self.groups.items():
            tps = [TopicPartition(t, p) for t in names for p in sorted(await kafka_clients.partitions(meta, t))]
            if not tps:
                continue
            starts, ends = await meta.beginning_offsets(tps), await meta.end_offsets(tps)
            committed = await self.committed(group, tps)
            for tp in tps:
                done = committed[tp] if committed[tp] is not None else starts[tp]
                out[(group, tp.topic)] = out.get((group, tp.topic), 0) + max(0, ends[tp] - done)
        return out

    async def _check_forever(self) -> None:
        while True:
            try:
                lags = await asyncio.wait_for(self.measure(), self.check_s * 2)
            except Exception as exc:  # the broker did not answer in time, or refused: not fatal
                log.debug("consumer lag not measured: %s: %s", type(exc).__name__, exc)
            else:
                self.answered_at = time.monotonic()
                for (group, topic), lag in lags.items():
                    metrics.CONSUMER_LAG.labels(group=group, topic=topic).set(lag)
            metrics.BROKER_REACHABLE.set(1 if self.reachable() else 0)
            await asyncio.sleep(self.check_s)

    async def on_start(self) -> None:
        self._task = asyncio.ensure_future(self._check_forever())

    async def on_stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for reader in self._readers.values():
            with contextlib.suppress(Exception):
                await stop_consumer(reader)
        if self._admin is not None:
            with contextlib.suppress(Exception):
                await self._admin.close()
