"""A real broker (Tansu or Apache Kafka) and real ``groundgate worker`` processes, started and reaped by tests."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from app.kafka.broker import free_port
from app.kafka.clients import partitions, security
from app.kafka.offsets import log_ends
from app.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class WorkerProc:
    env: dict[str, str]
    log_path: Path
    proc: subprocess.Popen[bytes] | None = None
    starts: int = 0

    def spawn(self) -> WorkerProc:
        """Start the process and return at once (``start`` waits until it is ready)."""
        self.starts += 1
        log = open(self.log_path, "ab")  # noqa: SIM115
        log.write(f"\n===== start {self.starts} =====\n".encode())
        log.flush()
        self.proc = subprocess.Popen([sys.executable, "-m", "app", "worker"], env=self.env, cwd=ROOT,
                                     stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def start(self, ready_timeout_s: float = 60.0) -> WorkerProc:
        self.spawn()
        assert self.proc is not None
        marker = f"===== start {self.starts} ====="
        end = time.monotonic() + ready_timeout_s
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited with {self.proc.returncode}:\n{self.tail()}")
            text = self.log_path.read_text(errors="replace")
            if "groundgate worker ready" in text.split(marker, 1)[-1]:
                return self
            time.sleep(0.2)
        raise RuntimeError(f"worker not ready in {ready_timeout_s}s:\n{self.tail()}")

    def tail(self, n: int = 60) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])

    def signal(self, sig: int, wait_s: float = 30.0) -> int | None:
        if self.proc is None or self.proc.poll() is not None:
            return None
        os.killpg(self.proc.pid, sig)
        try:
            return self.proc.wait(wait_s)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            return self.proc.wait(10)

    def stop(self) -> None:
        self.signal(signal.SIGTERM, wait_s=20)

    def wait_audit_caught_up(self, timeout_s: float = 60.0) -> None:
        """Until the audit writer's group has committed every record the audited topics hold now:
        it commits a batch only once ClickHouse has its rows (or it has skipped a bad record)."""
        asyncio.run(audit_caught_up(self.env["KAFKA_BOOTSTRAP_SERVERS"], self.env["GROUNDGATE_TOPIC_PREFIX"],
                                    group_of(self.env), timeout_s, self.tail, settings_of(self.env)))


def settings_of(env: dict[str, str]) -> Settings:
    """The settings a worker started with ``env`` reads (those the harness's own clients need)."""
    names = ("topic_prefix", "app_id", "kafka_security_protocol", "kafka_sasl_mechanism", "kafka_sasl_username",
             "kafka_sasl_password", "kafka_ssl_cafile")
    given = {n: env[f"GROUNDGATE_{n.upper()}"] for n in names if f"GROUNDGATE_{n.upper()}" in env}
    return Settings(**given)


def group_of(env: dict[str, str]) -> str:
    """The Faust app's group of a worker started with ``env`` (Settings.group_id)."""
    return settings_of(env).group_id


async def audit_caught_up(bootstrap: str, prefix: str, group: str, timeout_s: float,
                          tail: Any = lambda: "", settings: Settings | None = None) -> None:
    from app.audit.sink import AUDITED

    # the writer's group, read without joining it (no subscription: no rebalance of the writer)
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=f"{group}-audit", enable_auto_commit=False,
                         **security(settings or Settings()))
    await c.start()
    try:
        tps = [TopicPartition(f"{prefix}{t}", p) for t in AUDITED for p in await partitions(c, f"{prefix}{t}")]
        ends = await log_ends(settings or Settings(), bootstrap, await c.end_offsets(tps))
        end = time.monotonic() + timeout_s
        while True:
            behind = {str(tp): n for tp, n in ends.items() if n and (await c.committed(tp) or 0) < n}
            if not behind:
                return
            if time.monotonic() > end:
                raise AssertionError(f"audit writer did not catch up in {timeout_s}s ({behind}):\n{tail()}")
            await asyncio.sleep(0.25)
    finally:
        await c.stop()


async def send_batch(bootstrap: str, tp: TopicPartition, records: list[tuple[bytes | None, bytes]]) -> int:
    """Send ``records`` (key, value) to ``tp`` as one batch (the producer lingers); the offset of
    the last one."""
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=50)
    await p.start()
    try:
        sent = [await p.send(tp.topic, v, key=k, partition=tp.partition) for k, v in records]
        return max([(await f).offset for f in sent])
    finally:
        await p.stop()


async def listed_ends(bootstrap: str, tps: list[TopicPartition]) -> dict[TopicPartition, int]:
    """What the broker's ListOffsets (latest) says each partition's end is."""
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap)
    await c.start()
    try:
        return dict(await c.end_offsets(tps))
    finally:
        await c.stop()


@dataclass
class Cluster:
    bootstrap: str
    prefix: str
    tmp: Path
    kind: str = "tansu"
    tuning: str = "tansu"
    """GROUNDGATE_BROKER_TUNING for the workers (conftest: tansu on Tansu, off on Kafka, unless forced)."""
    workers: list[WorkerProc] = field(default_factory=list)

    def worker(self, **env: str) -> WorkerProc:
        data = self.tmp / "data"
        base = {k: v for k, v in os.environ.items() if not k.startswith("GROUNDGATE_")}
        full = {**base, "KAFKA_BOOTSTRAP_SERVERS": self.bootstrap, "GROUNDGATE_TOPIC_PREFIX": self.prefix,
                "GROUNDGATE_DATA_DIR": str(data),
                "GROUNDGATE_CLICKHOUSE_DSN": f"chdb://{data / 'chdb'}", "GROUNDGATE_STALL_S": "3",
                "GROUNDGATE_WEB_PORT": str(free_port()), "GROUNDGATE_LOG_LEVEL": "INFO",
                "GROUNDGATE_BROKER_TUNING": self.tuning,
                # Tansu holds a join beside a dead static member for a minute and more (conftest.py)
                **({"GROUNDGATE_STATIC_MEMBERSHIP": "false"} if self.kind == "tansu" else {}), **env}
        w = WorkerProc(env=full, log_path=self.tmp / f"worker{len(self.workers)}.log")
        self.workers.append(w)
        return w

    def topic(self, name: str) -> str:
        return f"{self.prefix}{name}"

    async def produce(self, topic: str, messages: list[tuple[str | None, bytes]]) -> None:
        p = AIOKafkaProducer(bootstrap_servers=self.bootstrap)
        await p.start()
        try:
            for key, value in messages:
                await p.send_and_wait(self.topic(topic), value, key=key.encode() if key else None)
        finally:
            await p.stop()

    async def read_all(self, topic: str, until: Any = None, timeout_s: float = 60.0) -> list[dict[str, Any]]:
        """Every JSON message on ``topic`` from the start, until ``until(messages)`` or the timeout."""
        c = AIOKafkaConsumer(bootstrap_servers=self.bootstrap, enable_auto_commit=False,
                             auto_offset_reset="earliest", fetch_max_wait_ms=50)
        await c.start()
        try:
            parts = await partitions(c, self.topic(topic))
            c.assign([TopicPartition(self.topic(topic), p) for p in parts])
            await c.seek_to_beginning()
            out: list[dict[str, Any]] = []
            end = time.monotonic() + timeout_s
            while time.monotonic() < end:
                for records in (await c.getmany(timeout_ms=200)).values():
                    for r in records:
                        try:
                            out.append(json.loads(r.value))
                        except ValueError:
                            out.append({"_raw": r.value})
                if until is not None and until(out):
                    break
            return out
        finally:
            await c.stop()

    async def answers(self, session_ids: set[str], timeout_s: float = 90.0,
                      settle_s: float = 0.0) -> dict[str, list[dict[str, Any]]]:
        def done(msgs: list[dict[str, Any]]) -> bool:
            return session_ids <= {m.get("session_id") for m in msgs}

        msgs = await self.read_all("composed-answer", until=done, timeout_s=timeout_s)
        if settle_s:
            await asyncio.sleep(settle_s)
            msgs = await self.read_all("composed-answer", until=lambda m: len(m) >= len(msgs), timeout_s=5)
        by: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for m in msgs:
            by[m.get("session_id", "")].append(m)
        return by


def wait_stages_started(cluster: Cluster, sids: set[str], at_least: int, timeout_s: float = 30.0) -> None:
    """Until ``at_least`` stage leases of these sessions are on the control topic: sessions are in
    flight (a stage took them up), which is when a test stops a worker."""
    def enough(msgs: list[dict[str, Any]]) -> bool:
        return sum(m.get("event_type") == "StageStarted" and m.get("session_id") in sids for m in msgs) >= at_least

    msgs = asyncio.run(cluster.read_all("control", until=enough, timeout_s=timeout_s))
    assert enough(msgs), f"fewer than {at_least} stages started in {timeout_s}s"


def wait_ready(*workers: WorkerProc, timeout_s: float = 30.0) -> None:
    """Until every worker's /readyz says 200: it holds its partitions and is not rebalancing."""
    import urllib.error
    import urllib.request

    end = time.monotonic() + timeout_s
    pending = list(workers)
    while pending and time.monotonic() < end:
        w = pending[0]
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{w.env['GROUNDGATE_WEB_PORT']}/readyz", timeout=2) as r:
                if r.status == 200:
                    pending.pop(0)
                    continue
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    assert not pending, f"{len(pending)} worker(s) not ready in {timeout_s}s"


def query(session_id: str, text: str, **extra: Any) -> tuple[str, bytes]:
    return session_id, json.dumps({"session_id": session_id, "query": text, **extra}).encode()


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"
