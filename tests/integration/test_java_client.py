"""A client in another language: a question sent and its answer read with Apache Kafka's own Java
client (kafka-clients from Maven Central, the jars the test broker runs from), default settings,
against a worker on Apache Kafka."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from app.kafka import apache, topics
from tests.integration.harness import Cluster, unique

PROGRAM = Path(__file__).parent / "java" / "GroundgateJavaClient.java"
QUESTION = "Why is ingest-node-03 failing to write logs with no space left on device?"


def java_source_launch_missing() -> str | None:
    """Why ``java File.java`` cannot run here (it compiles in memory: it needs a JDK, not a JRE)."""
    if why := apache.java_missing():
        return why
    if shutil.which("javac") is None:
        return "no javac on PATH: a JDK (not only a JRE) runs a Java source file"
    return None


@pytest.mark.brokers("kafka")
def test_a_java_client_with_default_settings_asks_and_reads_the_answer(cluster: Cluster) -> None:
    if why := java_source_launch_missing():
        pytest.skip(f"Java client test skipped: {why}")
    w = cluster.worker().start()
    sid = unique("java")
    run = subprocess.run(["java", "-cp", apache.classpath(), str(PROGRAM), cluster.bootstrap, cluster.prefix, sid,
                          QUESTION], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, f"{run.stderr[-2000:]}\n{w.tail(30)}"
    got = json.loads(run.stdout.strip().splitlines()[-1])
    answer = got["answer"]
    assert answer["event_type"] == "AnswerComposed" and answer["session_id"] == sid
    assert answer["verdict"] == "PASS" and "no space left on device" in answer["final_answer"].lower()
    assert got["partition"] == topics.partition_of(sid.encode(), 4), "Java's default partitioner is the worker's"
    assert "re-routed" not in w.tail(200)
    # How long the group with default settings took to hold its partitions, and the answer to come
    # (figures, not targets: the tests assert no timing; docs/clients.md says what they were).
    print(f"java client: group assigned after {got['assigned_s']} s, answer {got['answered_s']} s after the question")
