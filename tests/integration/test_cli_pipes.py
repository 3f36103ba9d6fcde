"""``groundgate tail`` reads a topic as ``tail`` reads a file, and a reader that goes away
(``… | head -2``) ends a command quietly with exit 0."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

from aiokafka import AIOKafkaProducer

from app.kafka import topics
from tests.integration.harness import ROOT, Cluster
from tests.integration.test_cli_errors import env_for, gg, on


def _fill(cluster: Cluster, n: int, start: int = 0) -> None:
    """``n`` messages on the answer topic, spread over its partitions, one millisecond apart."""
    async def send() -> None:
        p = AIOKafkaProducer(bootstrap_servers=cluster.bootstrap)
        await p.start()
        try:
            base = int(time.time() * 1000)
            for i in range(start, start + n):
                await p.send_and_wait(cluster.topic(topics.ANSWER), json.dumps({"n": i}).encode(),
                                      key=f"s-{i:03d}".encode(), timestamp_ms=base + i - start)
        finally:
            await p.stop()

    asyncio.run(send())


def _numbers(stdout: str) -> list[int]:
    return [json.loads(line)["n"] for line in stdout.splitlines()]


def test_tail_prints_the_last_ten_messages_oldest_first_and_ends(cluster: Cluster, tmp_path: Path) -> None:
    _fill(cluster, 30)
    out = gg("tail", tmp=tmp_path, **on(cluster))
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert _numbers(out.stdout) == list(range(20, 30))
    three = gg("tail", "-n", "3", tmp=tmp_path, **on(cluster))
    assert _numbers(three.stdout) == [27, 28, 29]


def test_tail_from_the_beginning_prints_every_message(cluster: Cluster, tmp_path: Path) -> None:
    _fill(cluster, 30)
    out = gg("tail", "--from-beginning", tmp=tmp_path, **on(cluster))
    assert out.returncode == 0 and sorted(_numbers(out.stdout)) == list(range(30))
    capped = gg("tail", "--from-beginning", "--max-messages", "4", tmp=tmp_path, **on(cluster))
    assert capped.returncode == 0 and len(_numbers(capped.stdout)) == 4


def test_tail_follow_prints_what_arrives_until_its_timeout(cluster: Cluster, tmp_path: Path) -> None:
    _fill(cluster, 5)
    proc = subprocess.Popen([sys.executable, "-m", "app", "tail", "-n", "1", "--follow", "--timeout", "12"],
                            cwd=ROOT, env=env_for(tmp_path, **on(cluster)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # the last message already there: it is reading now
        threading.Thread(target=_fill, args=(cluster, 3, 100)).start()
        started = time.monotonic()
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0 and err == "", err
    assert _numbers(first) == [4]
    assert sorted(_numbers(out)) == [100, 101, 102], "followed (in order within a partition, as Kafka keeps it)"
    assert time.monotonic() - started > 5, "it followed until its timeout"


def _closed_reader(*args: str, tmp: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    """Run a command whose standard output nobody reads any more (as ``… | head -0`` leaves it)."""
    proc = subprocess.Popen([sys.executable, "-m", "app", *args], cwd=ROOT, env=env_for(tmp, **extra),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    try:
        err = proc.stderr.read().decode()
        code = proc.wait(120)
    finally:
        proc.kill()
    return subprocess.CompletedProcess(args, code, "", err)


def test_tail_into_a_closed_pipe_ends_quietly(cluster: Cluster, tmp_path: Path) -> None:
    _fill(cluster, 200)
    for _ in range(3):
        out = _closed_reader("tail", "--from-beginning", tmp=tmp_path, **on(cluster))
        assert (out.returncode, out.stderr) == (0, "")


def test_tail_piped_into_head_ends_quietly(cluster: Cluster, tmp_path: Path) -> None:
    _fill(cluster, 200)
    env = env_for(tmp_path, **on(cluster))
    shell = subprocess.run(f"'{sys.executable}' -m app tail --from-beginning | head -2; echo \"exit ${{PIPESTATUS[0]}}\"",
                           shell=True, executable="/bin/bash", cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=120)
    lines = shell.stdout.splitlines()
    assert len(lines) == 3 and lines[-1] == "exit 0", shell.stdout + shell.stderr
    assert shell.stderr == ""


def test_dashboard_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    from app.audit.store import AuditStore

    store = AuditStore(f"chdb://{tmp_path / 'chdb'}")
    store.migrate()
    store.close()
    out = _closed_reader("dashboard", tmp=tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
