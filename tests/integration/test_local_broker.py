"""``groundgate broker``: a local broker of either kind for worker, produce, tail and audit, without
Docker; it says where it is on its first line, serves a client, and ends cleanly on Ctrl-C."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient, NewTopic

from app.kafka.brokers import KINDS, unavailable
from tests.integration.harness import ROOT


async def round_trip(bootstrap: str) -> bytes:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic("local-broker", 1, 1)])
    finally:
        await admin.close()
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap)
    await producer.start()
    try:
        await producer.send_and_wait("local-broker", b"hello")
    finally:
        await producer.stop()
    consumer = AIOKafkaConsumer("local-broker", bootstrap_servers=bootstrap, auto_offset_reset="earliest")
    await consumer.start()
    try:
        return (await asyncio.wait_for(consumer.getone(), 30)).value or b""
    finally:
        await consumer.stop()


@pytest.mark.parametrize("kind", KINDS)
def test_groundgate_broker_prints_its_bootstrap_serves_clients_and_stops_on_ctrl_c(kind: str, tmp_path: Path) -> None:
    if why := unavailable(kind):  # type: ignore[arg-type]
        pytest.skip(why)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GROUNDGATE_", "KAFKA_"))}
    proc = subprocess.Popen([sys.executable, "-m", "app", "broker", "--kind", kind], cwd=ROOT,
                            env={**env, "GROUNDGATE_DATA_DIR": str(tmp_path)}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline().strip()
        assert first.startswith("KAFKA_BOOTSTRAP_SERVERS=127.0.0.1:"), first + (proc.stderr.read() if proc.stderr else "")
        if kind == "tansu":  # and how a worker pointed at it runs as the embedded stack's does
            assert proc.stdout.readline().strip() == "GROUNDGATE_BROKER_TUNING=tansu"
        assert asyncio.run(round_trip(first.split("=", 1)[1])) == b"hello"
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0
        assert "Ctrl-C to stop" in (proc.stderr.read() if proc.stderr else "")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
