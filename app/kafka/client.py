"""A client's side of the topics, with no worker in the process: the topics checked before use
(a client never creates one: only a worker knows their partition count), whether any worker is
alive to answer, and ``groundgate produce`` / ``tail``, which check each message as its readers
will before anything is sent."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Iterable
from datetime import UTC, datetime

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.errors import KafkaError
from pydantic import ValidationError

from app.audit.rows import new_rows, snapshot_rows
from app.errors import UsageError
from app.kafka import access, topics
from app.kafka import clients as kafka_clients
from app.kafka.access import BrokerError
from app.kafka.broker import started_producer
from app.settings import Settings
from events import DecodeError, decode, message_id
from events.models import WorkerBeat

START_HINT = "start a worker (groundgate worker) first, or check GROUNDGATE_TOPIC_PREFIX"


def kafka_of(settings: Settings, command: str) -> str:
    if not settings.bootstrap_servers:
        raise UsageError(f"groundgate {command} needs a Kafka", hint="set KAFKA_BOOTSTRAP_SERVERS (host:port)")
    return settings.bootstrap_servers


async def topics_on(settings: Settings, bootstrap: str, timeout_s: float = 15.0) -> set[str]:
    """The names of the topics the broker has, or a BrokerError when it cannot be reached."""
    admin = kafka_clients.admin(settings, bootstrap, timeout_s)
    await access.start(settings, bootstrap, admin, timeout_s)
    try:
        return set(await admin.list_topics())
    except (KafkaError, OSError, TimeoutError) as exc:
        raise await access.unreachable(settings, bootstrap, exc) from exc
    finally:
        await admin.close()


async def require_topics(settings: Settings, bootstrap: str, names: Iterable[str]) -> None:
    """A BrokerError that says what to do when the topics ``names`` are not on the broker."""
    present = await topics_on(settings, bootstrap)
    if not present & {settings.topic(t) for t in topics.ALL}:
        raise BrokerError(f"no groundgate topics on {bootstrap} (prefix {settings.topic_prefix!r})", hint=START_HINT)
    missing = sorted(settings.topic(n) for n in names if settings.topic(n) not in present)
    if missing:
        raise BrokerError(f"no topic {', '.join(missing)} on {bootstrap}",
                          hint="start a worker of this version (groundgate worker): it creates every topic")


async def stop_consumer(consumer: AIOKafkaConsumer) -> None:
    """Stop a consumer without a group that may never have fetched: aiokafka cancels a routine of
    its coordinator that has not started yet and then awaits it (a CancelledError out of ``stop``);
    one turn of the loop lets it start."""
    await asyncio.sleep(0)
    await consumer.stop()


async def live_workers(settings: Settings, bootstrap: str, within_s: float, last: int = 20) -> set[str]:
    """The workers whose newest beat on the workers topic (among each partition's ``last`` records)
    is ``alive`` and at most ``within_s`` old."""
    name = settings.topic(topics.WORKERS)
    beats = kafka_clients.reader(settings, bootstrap)
    await access.start(settings, bootstrap, beats)
    newest: dict[str, WorkerBeat] = {}
    try:
        parts = [TopicPartition(name, p) for p in await kafka_clients.partitions(beats, name)]
        if parts:
            beats.assign(parts)
            starts, ends = await beats.beginning_offsets(parts), await beats.end_offsets(parts)
            for tp in parts:
                beats.seek(tp, max(starts[tp], ends[tp] - last))
            give_up = time.monotonic() + 5
            while time.monotonic() < give_up and any([await beats.position(tp) < ends[tp] for tp in parts]):
                for records in (await beats.getmany(timeout_ms=200)).values():
                    for r in records:
                        try:
                            beat = WorkerBeat.model_validate_json(r.value or b"")
                        except ValidationError:
                            continue
                        newest[beat.worker_id] = beat  # a worker's beats share its key: read in order
    finally:
        await stop_consumer(beats)
    now = datetime.now(UTC)
    return {w for w, b in newest.items() if b.state == "alive" and (now - b.at).total_seconds() <= within_s}


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


async def tail(settings: Settings, topic: str, follow_s: float) -> int:
    bootstrap = kafka_of(settings, "tail")
    await require_topics(settings, bootstrap, [topic])
    consumer = kafka_clients.reader(settings, bootstrap, settings.topic(topic))
    await access.start(settings, bootstrap, consumer)
    try:
        end = time.monotonic() + follow_s
        while time.monotonic() < end:
            for records in (await consumer.getmany(timeout_ms=500)).values():
                for r in records:
                    print((r.value or b"").decode("utf-8", "replace"), flush=True)
    finally:
        await stop_consumer(consumer)
    return 0
