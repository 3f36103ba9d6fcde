"""What a process does on the broker before it joins its groups: its topics exist and, for a
worker, what an earlier run of it that died left in its groups is gone (a join would otherwise
wait for that member's session to run out).

Light on imports: ``groundgate worker`` runs this in a thread while it imports and builds the
rest of the app, so these round trips (a few hundred milliseconds each on a loaded broker, on the
way to "worker ready") overlap that work instead of adding to it.
"""

from __future__ import annotations

from app.kafka import members, topics
from app.kafka.broker import ensure_topics
from app.settings import Settings


async def prepare(settings: Settings, bootstrap: str) -> None:
    await ensure_topics(bootstrap, [settings.topic(t) for t in topics.ALL], settings.partitions,
                        max_message_bytes=topics.MAX_REQUEST_BYTES)


async def prepare_worker(settings: Settings, bootstrap: str) -> None:
    await prepare(settings, bootstrap)
    await members.leave_stale(settings, bootstrap, members.worker_id_of(settings))
