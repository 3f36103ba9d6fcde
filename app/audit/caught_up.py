"""Whether the audit writer has stored everything the audited topics hold now: its group commits
a batch only once ClickHouse has the batch's rows (or it skipped a record it cannot audit), so
its committed offsets reaching the topics' ends means the store holds every record up to here.

Read without joining the writer's group (no subscription: the writer is not rebalanced), from any
process that reaches the broker: ``groundgate ask`` and ``run`` before they stop the embedded
broker (whose log is in memory), and the tests.
"""

from __future__ import annotations

import asyncio
import time

from aiokafka import TopicPartition

from app.audit.sink import AUDITED
from app.kafka import clients as kafka_clients
from app.kafka.offsets import log_ends
from app.settings import Settings


async def audit_behind(settings: Settings, bootstrap: str, timeout_s: float) -> dict[str, int]:
    """Waits until the audit writer's group has committed the end of every audited partition as it
    is now, or ``timeout_s``; returns the partitions still behind and by how many records (empty:
    everything is stored)."""
    prefix = settings.topic_prefix
    c = kafka_clients.reader(settings, bootstrap, group_id=f"{settings.group_id}-audit")
    await c.start()
    try:
        tps = [TopicPartition(f"{prefix}{t}", p) for t in AUDITED
               for p in await kafka_clients.partitions(c, f"{prefix}{t}")]
        ends = await log_ends(settings, bootstrap, await c.end_offsets(tps))
        end = time.monotonic() + timeout_s
        while True:
            behind = {f"{tp.topic}[{tp.partition}]": n - (await c.committed(tp) or 0)
                      for tp, n in ends.items() if n and (await c.committed(tp) or 0) < n}
            if not behind or time.monotonic() > end:
                return behind
            await asyncio.sleep(0.25)
    finally:
        await c.stop()
