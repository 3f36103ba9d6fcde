"""Every CLI error is one clear line and an exit code, with what to do next — never a traceback;
``produce`` checks each message before anything is sent and says where each one went."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from app.kafka import topics
from app.kafka.broker import EmbeddedBroker, free_port
from app.kafka.clients import partitions
from events.models import WorkerBeat
from tests.integration.harness import ROOT, Cluster, unique


def env_for(tmp: Path, **extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GROUNDGATE_", "KAFKA_", "OPENAI_"))}
    return {**base, "GROUNDGATE_DATA_DIR": str(tmp), "GROUNDGATE_CLICKHOUSE_DSN": f"chdb://{tmp / 'chdb'}",
            "GROUNDGATE_WEB_PORT": str(free_port()), **extra}


def gg(*args: str, tmp: Path, stdin: str | None = None, timeout: float = 60,
       **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env=env_for(tmp, **extra), input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def one_line(out: subprocess.CompletedProcess[str]) -> str:
    """The error line, after asserting it is the only thing on stderr and no traceback."""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    assert lines[0].startswith("groundgate: ")
    return lines[0]


def on(cluster: Cluster, **extra: str) -> dict[str, str]:
    return {"KAFKA_BOOTSTRAP_SERVERS": cluster.bootstrap, "GROUNDGATE_TOPIC_PREFIX": cluster.prefix, **extra}


def records(cluster: Cluster, topic: str) -> list[tuple[int, int, bytes | None, bytes]]:
    """(partition, offset, key, value) of every record on the topic now."""
    async def read() -> list[tuple[int, int, bytes | None, bytes]]:
        c = AIOKafkaConsumer(bootstrap_servers=cluster.bootstrap, enable_auto_commit=False, fetch_max_wait_ms=10)
        await c.start()
        try:
            parts = [TopicPartition(cluster.topic(topic), p) for p in await partitions(c, cluster.topic(topic))]
            c.assign(parts)
            await c.seek_to_beginning(*parts)
            ends = await c.end_offsets(parts)
            out = []
            while any([await c.position(tp) < ends[tp] for tp in parts]):
                for tp, recs in (await c.getmany(timeout_ms=500)).items():
                    out += [(tp.partition, r.offset, r.key, r.value or b"") for r in recs]
            return out
        finally:
            await c.stop()
    return asyncio.run(read())


# ------------------------------------------------------------------ ask


def test_ask_on_a_broker_without_groundgate_topics_says_to_start_a_worker(broker: EmbeddedBroker,
                                                                          tmp_path: Path) -> None:
    out = gg("ask", "q?", tmp=tmp_path, KAFKA_BOOTSTRAP_SERVERS=broker.bootstrap,
             GROUNDGATE_TOPIC_PREFIX=f"{unique('none')}.")
    assert out.returncode == 3
    line = one_line(out)
    assert f"no groundgate topics on {broker.bootstrap}" in line and "groundgate worker" in line


def test_ask_with_no_worker_says_so_at_once_and_ends_with_a_clear_line(cluster: Cluster, tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "app", "ask", "why?", "--timeout", "6"], cwd=ROOT,
                            env=env_for(tmp_path, **on(cluster)), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stderr is not None
        hint = proc.stderr.readline()
        hinted = time.monotonic()
        rest = proc.stderr.read()
        assert proc.wait(30) == 1
        ended = time.monotonic()
    finally:
        proc.kill()
        proc.wait()
    assert hint.startswith(f"groundgate: no worker is running against {cluster.bootstrap}"), hint + rest
    assert ended - hinted > 4, "the hint comes at once, not at the timeout"
    assert len(rest.strip().splitlines()) == 1, rest
    assert "no answer" in rest and "within 6s" in rest and "start one (groundgate worker)" in rest


def test_ask_while_a_worker_beats_waits_without_the_no_worker_hint(cluster: Cluster, tmp_path: Path) -> None:
    async def beat() -> None:
        p = AIOKafkaProducer(bootstrap_servers=cluster.bootstrap)
        await p.start()
        try:
            await p.send_and_wait(cluster.topic(topics.WORKERS), WorkerBeat(
                worker_id="w-1", incarnation="i-1", at=datetime.now(UTC)).model_dump_json().encode(), key=b"w-1")
        finally:
            await p.stop()

    asyncio.run(beat())
    out = gg("ask", "why?", "--timeout", "2", tmp=tmp_path, **on(cluster))
    assert out.returncode == 1
    line = one_line(out)
    assert "no answer" in line and "workers are alive" in line


# ------------------------------------------------------------------ tail and dashboard


def test_tail_against_an_unreachable_broker_is_one_line(tmp_path: Path) -> None:
    out = gg("tail", tmp=tmp_path, KAFKA_BOOTSTRAP_SERVERS=f"127.0.0.1:{free_port()}")
    assert out.returncode == 3
    assert "cannot reach Kafka" in one_line(out) and "KAFKA_BOOTSTRAP_SERVERS" in out.stderr


def test_tail_of_a_prefix_with_no_topics_is_one_line(broker: EmbeddedBroker, tmp_path: Path) -> None:
    out = gg("tail", "--follow", "1", tmp=tmp_path, KAFKA_BOOTSTRAP_SERVERS=broker.bootstrap,
             GROUNDGATE_TOPIC_PREFIX=f"{unique('none')}.")
    assert out.returncode == 3 and "no groundgate topics" in one_line(out)


def test_dashboard_serve_on_a_busy_port_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        out = gg("dashboard", "--serve", "--port", str(port), tmp=tmp_path)
    assert out.returncode == 2
    line = one_line(out)
    assert f"cannot serve the dashboard on 127.0.0.1:{port}" in line and "--port" in line


# ------------------------------------------------------------------ configuration


def test_a_bad_setting_names_its_environment_variable(tmp_path: Path) -> None:
    out = gg("tail", tmp=tmp_path, GROUNDGATE_PARTITIONS="abc")
    assert out.returncode == 2
    assert one_line(out).startswith("groundgate: bad settings: GROUNDGATE_PARTITIONS: ")


def test_a_missing_prompt_file_is_one_line(cluster: Cluster, tmp_path: Path) -> None:
    empty = tmp_path / "prompts"
    empty.mkdir()
    out = gg("worker", tmp=tmp_path, **on(cluster, GROUNDGATE_PROMPT_DIR=str(empty),
                                           GROUNDGATE_VERIFIER_PROVIDER="openai"))
    assert out.returncode == 2
    assert f"no prompt file {empty}" in one_line(out)


def test_an_unexpected_error_is_one_line_and_debug_shows_its_traceback(cluster: Cluster, tmp_path: Path) -> None:
    (tmp_path / "boom_tools.py").write_text("def register(registry):\n    raise RuntimeError('boom')\n")
    extra = on(cluster, GROUNDGATE_TOOLS_MODULE="boom_tools", PYTHONPATH=str(tmp_path))
    out = gg("worker", tmp=tmp_path, **extra)
    assert out.returncode == 70
    assert "unexpected error" in one_line(out) and "RuntimeError: boom" in out.stderr and "--debug" in out.stderr
    debug = gg("worker", "--debug", tmp=tmp_path, **extra)
    assert debug.returncode == 70 and "Traceback" in debug.stderr and "RuntimeError: boom" in debug.stderr


# ------------------------------------------------------------------ produce


def test_produce_says_where_each_message_went(cluster: Cluster, tmp_path: Path) -> None:
    out = gg("produce", json.dumps({"session_id": "s-a", "query": "why?"}),
             json.dumps({"session_id": "s-b", "query": "why not?"}), tmp=tmp_path, **on(cluster))
    assert out.returncode == 0, out.stderr
    said = out.stdout.strip().splitlines()
    on_log = {(p, o): k for p, o, k, _ in records(cluster, topics.QUERY)}
    assert len(said) == 2
    for line, sid in zip(said, ("s-a", "s-b"), strict=True):
        topic, _, partition, _, offset = line.split(":")[0].split()
        assert topic == cluster.topic(topics.QUERY) and line.endswith(f"QueryReceived {sid}")
        assert on_log[(int(partition), int(offset))] == sid.encode(), "keyed by its session"


@pytest.mark.parametrize(("messages", "reason"), [
    (["not json"], "not JSON"),
    (["[" * 10_000 + "]" * 10_000], "nested deeper than"),
    (['{"session_id": "s-1"}'], "missing event_type"),
    (['{"event_type": "AnswerComposed", "session_id": "s-1"}'], "not accepted on"),
    (['{"session_id": "s-ok", "query": "fine"}', '{"session_id": "s-2", "query": ""}'], "message 2 of 2"),
], ids=["not-json", "nested-10000-deep", "no-type", "internal-event-on-the-query-topic", "one-bad-of-two"])
def test_produce_refuses_an_invalid_message_with_its_reason_and_sends_nothing(
        cluster: Cluster, tmp_path: Path, messages: list[str], reason: str) -> None:
    out = gg("produce", *messages, tmp=tmp_path, **on(cluster))
    assert out.returncode == 2
    line = one_line(out)
    assert reason in line and "nothing sent" in line
    assert records(cluster, topics.QUERY) == []


def test_produce_reads_stdin_as_bytes(cluster: Cluster, tmp_path: Path) -> None:
    out = gg("produce", tmp=tmp_path, stdin='{"session_id": "s-in", "query": "q"}\n\n', **on(cluster))
    assert out.returncode == 0 and out.stdout.strip().endswith("QueryReceived s-in"), out.stderr


def test_ask_against_a_running_worker_is_answered_with_no_hint(cluster: Cluster, tmp_path: Path) -> None:
    cluster.worker().start()
    out = gg("ask", "Why do payments-api pods keep restarting with exit code 137?", "--timeout", "30", tmp=tmp_path,
             **on(cluster))
    assert out.returncode == 0, out.stderr
    assert out.stderr == "" and "verdict=" in out.stdout
