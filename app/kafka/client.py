"""A client's side of the topics, with no worker in the process: the topics checked before use
(a client never creates one: only a worker knows their partition count) and whether any worker is
alive to answer (``groundgate produce`` is ``app/produce.py``, ``groundgate tail`` ``app/tail.py``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from datetime import UTC, datetime

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.errors import KafkaError
from pydantic import ValidationError

from app.errors import UsageError
from app.kafka import access, topics
from app.kafka import clients as kafka_clients
from app.kafka.access import BrokerError
from app.settings import Settings
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
