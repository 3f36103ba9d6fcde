"""``groundgate produce``: each message checked as its readers will read it before anything is
sent (the wire codec with the event types its topic accepts; a beat or a session snapshot as the
ledger and the audit read them), then sent keyed as a worker would key it."""

from __future__ import annotations

import sys
from datetime import UTC, datetime

from pydantic import ValidationError

from app.audit.rows import new_rows, snapshot_rows
from app.errors import UsageError
from app.kafka import topics
from app.kafka.broker import started_producer
from app.kafka.client import kafka_of, require_topics
from app.settings import Settings
from events import DecodeError, decode, message_id
from events.models import WorkerBeat


def checked_message(settings: Settings, topic: str, raw: bytes) -> tuple[bytes, str]:
    """The record key of a message for ``topic`` and what it is, read as its readers read it (the
    wire codec with the event types the topic accepts; a beat or a snapshot as the ledger and the
    audit read them); a DecodeError with the reason otherwise."""
    name = settings.topic(topic)
    if topic in topics.ACCEPTS:
        ev = decode(raw, message_id(name, -1, -1), datetime.now(UTC), accept=topics.ACCEPTS[topic], topic=name)
        return ev.session_id.encode(), f"{ev.event_type} {ev.session_id}"
    if topic == topics.WORKERS:
        try:
            beat = WorkerBeat.model_validate_json(raw)
        except ValidationError as exc:
            raise DecodeError(f"not a WorkerBeat: {exc.errors(include_url=False)[0]['msg']}") from None
        return beat.worker_id.encode(), f"WorkerBeat {beat.worker_id}"
    try:
        session_id = snapshot_rows(raw, new_rows())
    except Exception as exc:  # whatever the audit would skip
        raise DecodeError(f"not a session snapshot: {exc}") from None
    return session_id.encode(), f"snapshot {session_id}"


async def produce(settings: Settings, topic: str, messages: list[bytes]) -> int:
    """Every message is checked before any is sent: with one invalid message, none is. Prints
    where each went."""
    bootstrap = kafka_of(settings, "produce")
    if not messages:
        raise UsageError("no message to produce", hint="give JSON messages as arguments or one per line on stdin")
    checked = []
    for n, raw in enumerate(messages, 1):
        try:
            checked.append((raw, *checked_message(settings, topic, raw)))
        except DecodeError as exc:
            example = '{"session_id": "s-1", "query": "why …?"}'
            raise UsageError(f"message {n} of {len(messages)} refused, nothing sent: {exc.reason}",
                             hint=f"a query is one JSON object such as {example}" if topic == topics.QUERY
                             else None) from None
    if topic not in topics.CLIENT_WRITES:
        print(f"groundgate: note: {settings.topic(topic)} is an internal topic (workers write it and trust what "
              "is on it)", file=sys.stderr)
    await require_topics(settings, bootstrap, [topic])
    producer = await started_producer(settings, bootstrap)
    try:
        for raw, key, what in checked:
            md = await producer.send_and_wait(settings.topic(topic), raw, key=key)
            print(f"{md.topic} partition {md.partition} offset {md.offset}: {what}", flush=True)
    finally:
        await producer.stop()
    return 0
