"""A secured Apache Kafka: a SASL_SSL listener with SCRAM and PLAIN users and a broker certificate
signed by a CA made here. Every connection the product makes (the worker's Faust consumer and
producers, its ledger, heartbeat, read-back and audit writer; ``produce``, ``tail`` and ``ask``)
goes through it from the settings; credentials the cluster refuses or a certificate the client does
not trust end in one line on stderr and exit 2, at once, and no log line holds the password."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.kafka.apache import KafkaBroker, Listener
from app.kafka.broker import free_port
from app.kafka.brokers import LocalBroker, unavailable
from tests.integration.certs import PASSWORD, Certs, make_certs
from tests.integration.harness import ROOT, WorkerProc, unique

SCRAM_USER, SCRAM_PASSWORD = "gg-worker", "scram-pw-7f3a9c"
PLAIN_USER, PLAIN_PASSWORD = "gg-client", "plain-pw-41d2e8"
DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"


@dataclass
class Secured:
    bootstrap: str
    certs: Certs

    def env(self, tmp: Path, mechanism: str = "SCRAM-SHA-512", user: str = SCRAM_USER,
            password: str = SCRAM_PASSWORD, cafile: Path | None = None, **extra: str) -> dict[str, str]:
        base = {k: v for k, v in os.environ.items() if not k.startswith(("GROUNDGATE_", "KAFKA_", "OPENAI_"))}
        return {**base, "KAFKA_BOOTSTRAP_SERVERS": self.bootstrap, "GROUNDGATE_DATA_DIR": str(tmp),
                "GROUNDGATE_CLICKHOUSE_DSN": f"chdb://{tmp / 'chdb'}", "GROUNDGATE_WEB_PORT": str(free_port()),
                "GROUNDGATE_KAFKA_SECURITY_PROTOCOL": "SASL_SSL", "GROUNDGATE_KAFKA_SASL_MECHANISM": mechanism,
                "GROUNDGATE_KAFKA_SASL_USERNAME": user, "GROUNDGATE_KAFKA_SASL_PASSWORD": password,
                "GROUNDGATE_KAFKA_SSL_CAFILE": str(cafile or self.certs.ca), **extra}


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Secured]:
    if why := unavailable("kafka"):
        pytest.skip(f"Apache Kafka tests skipped: {why}")
    if shutil.which("openssl") is None:
        pytest.skip("openssl is absent: no certificate for the TLS listener")
    d = tmp_path_factory.mktemp("secured")
    certs = make_certs(d / "certs")
    listener = Listener("SASL_SSL", scram_users={SCRAM_USER: SCRAM_PASSWORD}, plain_users={PLAIN_USER: PLAIN_PASSWORD},
                        keystore=certs.keystore, keystore_password=PASSWORD)
    with KafkaBroker(log_path=d / "kafka.log", listener=listener) as broker:
        yield Secured(broker.bootstrap, certs)


@pytest.fixture
def broker_for_tls_mismatch(broker: LocalBroker) -> str:
    """A plaintext listener (the suite's Tansu broker; the Kafka one is the same listener to TLS)."""
    return broker.bootstrap


def gg(*args: str, env: dict[str, str], stdin: str | None = None, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env=env, input=stdin, capture_output=True,
                          text=True, timeout=timeout)


def tail_until(sid: str, env: dict[str, str], timeout_s: float = 90) -> str:
    """``groundgate tail`` of the answers, again until ``sid``'s answer is among them (or the timeout)."""
    end = time.monotonic() + timeout_s
    out = ""
    while time.monotonic() < end:
        done = gg("tail", "--topic", "composed-answer", "--follow", "3", env=env)
        out = done.stdout + done.stderr
        if sid in done.stdout:
            break
    return out


def one_line(out: subprocess.CompletedProcess[str]) -> str:
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
    return lines[0]


def test_a_worker_and_every_client_command_work_over_sasl_ssl_with_scram_and_plain(secured: Secured,
                                                                                    tmp_path: Path) -> None:
    prefix = f"{unique('sec')}."
    env = secured.env(tmp_path / "w", GROUNDGATE_TOPIC_PREFIX=prefix)
    w = WorkerProc(env=env, log_path=tmp_path / "worker.log")
    try:
        w.start()
        sid = unique("sec")
        client = secured.env(tmp_path / "c", mechanism="PLAIN", user=PLAIN_USER, password=PLAIN_PASSWORD,
                             GROUNDGATE_TOPIC_PREFIX=prefix)
        out = gg("produce", json.dumps({"session_id": sid, "query": DISK}), env=client)
        assert out.returncode == 0 and f"{prefix}query partition" in out.stdout, out.stdout + out.stderr
        asked = gg("ask", DISK, "--timeout", "60", env=secured.env(tmp_path / "a", GROUNDGATE_TOPIC_PREFIX=prefix))
        assert asked.returncode == 0 and "verdict=" in asked.stdout, asked.stdout + asked.stderr
        assert "no worker is running" not in asked.stderr, "ask read the worker's beats over SASL_SSL"
        tail = tail_until(sid, client)
        answers = [json.loads(line) for line in tail.splitlines() if line.startswith("{")]
        assert sid in {a["session_id"] for a in answers}, tail
        w.wait_audit_caught_up(60)
    finally:
        w.stop()
    log = w.log_path.read_text(errors="replace")
    assert SCRAM_PASSWORD not in log and PLAIN_PASSWORD not in log, w.tail()


@pytest.mark.parametrize(("what", "change"), [
    ("a wrong SCRAM password", {"password": "not-the-password"}),
    ("a wrong PLAIN password", {"mechanism": "PLAIN", "user": PLAIN_USER, "password": "not-the-password"}),
    ("an unknown user", {"user": "nobody"}),
])
@pytest.mark.parametrize("command", [("worker",), ("produce", '{"session_id": "s", "query": "q"}'),
                                     ("tail", "--follow", "1")], ids=["worker", "produce", "tail"])
def test_refused_credentials_are_one_line_and_exit_2_without_the_password(
        secured: Secured, tmp_path: Path, what: str, change: dict[str, str], command: tuple[str, ...]) -> None:
    out = gg(*command, env=secured.env(tmp_path, GROUNDGATE_TOPIC_PREFIX=f"{unique('ref')}.", **change), timeout=60)
    assert out.returncode == 2, out.stderr
    line = one_line(out)
    assert "refused the credentials" in line and "GROUNDGATE_KAFKA_SASL" in line, line
    assert "not-the-password" not in out.stderr + out.stdout and SCRAM_PASSWORD not in out.stderr


@pytest.mark.parametrize("command", [("worker",), ("tail", "--follow", "1")], ids=["worker", "tail"])
def test_an_untrusted_broker_certificate_is_one_line_and_exit_2(secured: Secured, tmp_path: Path,
                                                                command: tuple[str, ...]) -> None:
    out = gg(*command, env=secured.env(tmp_path, cafile=secured.certs.other_ca,
                                       GROUNDGATE_TOPIC_PREFIX=f"{unique('ca')}."), timeout=60)
    assert out.returncode == 2, out.stderr
    line = one_line(out)
    assert "certificate" in line and "not trusted" in line and "GROUNDGATE_KAFKA_SSL_CAFILE" in line, line


def test_plaintext_spoken_to_a_tls_listener_is_one_line_and_exit_2(secured: Secured, tmp_path: Path) -> None:
    env = secured.env(tmp_path, GROUNDGATE_KAFKA_SECURITY_PROTOCOL="SASL_PLAINTEXT",
                      GROUNDGATE_TOPIC_PREFIX=f"{unique('pt')}.")
    out = gg("tail", "--follow", "1", env=env, timeout=60)
    assert out.returncode == 2, out.stderr
    assert "SASL_PLAINTEXT handshake" in one_line(out) and "GROUNDGATE_KAFKA_SECURITY_PROTOCOL" in out.stderr


def test_tls_spoken_to_a_plaintext_listener_is_one_line_and_exit_2(broker_for_tls_mismatch: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GROUNDGATE_", "KAFKA_"))}
    out = gg("tail", "--follow", "1", env={**env, "KAFKA_BOOTSTRAP_SERVERS": broker_for_tls_mismatch,
                                           "GROUNDGATE_DATA_DIR": str(tmp_path),
                                           "GROUNDGATE_KAFKA_SECURITY_PROTOCOL": "SSL"}, timeout=60)
    assert out.returncode == 2, out.stderr
    assert "GROUNDGATE_KAFKA_SECURITY_PROTOCOL" in one_line(out)


def test_nothing_listening_is_still_unreachable_not_a_refusal(secured: Secured, tmp_path: Path) -> None:
    env = secured.env(tmp_path, GROUNDGATE_TOPIC_PREFIX=f"{unique('nl')}.")
    out = gg("tail", "--follow", "1", env={**env, "KAFKA_BOOTSTRAP_SERVERS": f"127.0.0.1:{free_port()}"}, timeout=60)
    assert out.returncode == 3, out.stderr
    assert "cannot reach Kafka" in one_line(out)


def test_an_ssl_listener_serves_a_client_that_trusts_its_ca(tmp_path: Path) -> None:
    """TLS without SASL (security protocol SSL): produce and tail through a broker of its own."""
    if why := unavailable("kafka"):
        pytest.skip(f"Apache Kafka tests skipped: {why}")
    if shutil.which("openssl") is None:
        pytest.skip("openssl is absent: no certificate for the TLS listener")
    certs = make_certs(tmp_path / "certs")
    with KafkaBroker(log_path=tmp_path / "kafka.log",
                     listener=Listener("SSL", keystore=certs.keystore, keystore_password=PASSWORD)) as broker:
        prefix = f"{unique('ssl')}."
        env = Secured(broker.bootstrap, certs).env(tmp_path / "w", GROUNDGATE_TOPIC_PREFIX=prefix,
                                                   GROUNDGATE_KAFKA_SECURITY_PROTOCOL="SSL")
        for key in ("GROUNDGATE_KAFKA_SASL_MECHANISM", "GROUNDGATE_KAFKA_SASL_USERNAME",
                    "GROUNDGATE_KAFKA_SASL_PASSWORD"):
            env.pop(key)
        w = WorkerProc(env=env, log_path=tmp_path / "worker.log")
        try:
            w.start()
            sid = unique("ssl")
            out = gg("produce", json.dumps({"session_id": sid, "query": DISK}), env=env)
            assert out.returncode == 0, out.stderr
            assert sid in tail_until(sid, env), w.tail()
        finally:
            w.stop()
