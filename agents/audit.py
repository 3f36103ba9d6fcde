"""audit: every event and session snapshot to ClickHouse, in batches, off the answer path.

A batch is written (with retries) before the stream moves on, so offsets pass a message only
once its row is stored; redelivered rows replace themselves (ReplacingMergeTree by id).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from app import topics
from app.runtime import Runtime, edge_defaults
from app.store import AuditStore
from events import DecodeError, decode, to_dict

log = logging.getLogger(__name__)
BATCH = 500
WITHIN_S = 0.5


def _parse(topic_name: str, message: Any, value: bytes) -> tuple[str, dict[str, Any]] | None:
    """Session snapshots as they are; events through the codec (defaults and derived ids filled)."""
    if topic_name == topics.SESSION_STATE:
        try:
            data = json.loads(value)
        except (ValueError, TypeError):
            return None
        return (topic_name, data) if isinstance(data, dict) else None
    try:
        ev = decode(value, *edge_defaults(message))
    except DecodeError:
        return None  # the session agent dead-letters it; the DeadLettered event is audited
    return topic_name, to_dict(ev)


def register(rt: Runtime, store: AuditStore) -> Any:
    names = {rt.settings.topic(t): t for t in topics.ALL}

    async def write(values: list[Any]) -> None:
        events, snaps = [], []
        for ev in values:
            parsed = _parse(names.get(ev.message.topic, ev.message.topic), ev.message, ev.value)
            if parsed is None:
                continue
            name, data = parsed
            if name == topics.SESSION_STATE and "session_id" in data:
                snaps.append(data)
            elif "event_id" in data and "event_type" in data and "session_id" in data:
                events.append((name, data))
        delay = 0.5
        while True:
            try:
                await asyncio.to_thread(store.write, events, snaps)
                return
            except Exception as exc:
                log.warning("audit write of %d events, %d snapshots failed, retrying in %.1fs: %s",
                            len(events), len(snaps), delay, exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)

    async def audit(stream: Any) -> None:
        async for batch in stream.take_events(BATCH, within=WITHIN_S):
            await write(batch)

    source = rt.app.topic(*(rt.settings.topic(t) for t in topics.ALL), key_type=bytes, value_type=bytes,
                          key_serializer="raw", value_serializer="raw")
    return rt.app.agent(source, name="audit")(audit)
