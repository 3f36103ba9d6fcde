"""What a process does on the broker before it starts: its topics exist, with the partition
count every session's events share.

Light on imports: ``groundgate worker`` runs this in a thread while it imports and builds the
rest of the app, so these round trips (up to half a second on a loaded broker, on the way to
"worker ready") overlap that work instead of adding to it.
"""

from __future__ import annotations

from app.kafka import topics
from app.kafka.broker import ensure_topics
from app.settings import Settings


async def prepare(settings: Settings, bootstrap: str) -> None:
    await ensure_topics(bootstrap, [settings.topic(t) for t in topics.ALL], settings.partitions,
                        max_message_bytes=topics.MAX_REQUEST_BYTES)
