"""The project's Kafka clients, built in one place with the settings every one of them needs:
no auto-commit (every reader commits only what it has finished with, or nothing), messages up
to the wire contract's limit, Tansu-friendly fetch waits, group timeouts from the settings."""

from __future__ import annotations

from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

from app.kafka import group_sync
from app.kafka.topics import MAX_FETCH_BYTES, MAX_REQUEST_BYTES
from app.settings import Settings


def group_consumer(settings: Settings, bootstrap: str, group: str, **overrides: Any) -> AIOKafkaConsumer:
    """A consumer in the group ``<app_id>-<group>`` (the ledger's, the audit writer's)."""
    group_sync.install()
    timeout_ms = int(settings.session_timeout_s * 1000)
    options: dict[str, Any] = dict(
        bootstrap_servers=bootstrap, group_id=f"{settings.app_id}-{group}", enable_auto_commit=False,
        auto_offset_reset="earliest", session_timeout_ms=timeout_ms,
        heartbeat_interval_ms=int(settings.heartbeat_interval_s * 1000),
        fetch_max_wait_ms=50, max_partition_fetch_bytes=MAX_FETCH_BYTES)
    return AIOKafkaConsumer(**{**options, **overrides})


def reader(bootstrap: str | list[str], *topics: str, **overrides: Any) -> AIOKafkaConsumer:
    """A consumer with no group, from the earliest record unless told otherwise (tail, ask, the
    workers' beats, reading a record back by its place)."""
    options: dict[str, Any] = dict(bootstrap_servers=bootstrap, enable_auto_commit=False,
                                   auto_offset_reset="earliest", fetch_max_wait_ms=10,
                                   max_partition_fetch_bytes=MAX_FETCH_BYTES)
    return AIOKafkaConsumer(*topics, **{**options, **overrides})


def producer(bootstrap: str, **overrides: Any) -> AIOKafkaProducer:
    """A producer with no batching delay that takes any message the contract allows."""
    options: dict[str, Any] = dict(bootstrap_servers=bootstrap, linger_ms=0, max_request_size=MAX_REQUEST_BYTES)
    return AIOKafkaProducer(**{**options, **overrides})
