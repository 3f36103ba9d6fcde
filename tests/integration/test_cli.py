"""The CLI as a user runs it: the embedded demo, one question, and clear errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from app.audit.store import AuditStore
from app.kafka.broker import free_port

ROOT = Path(__file__).resolve().parents[2]


def gg(*args: str, tmp: Path, timeout: float = 240, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GROUNDGATE_", "KAFKA_"))}
    full = {**base, "GROUNDGATE_DATA_DIR": str(tmp), "GROUNDGATE_CLICKHOUSE_DSN": f"chdb://{tmp / 'chdb'}",
            "GROUNDGATE_WEB_PORT": str(free_port()), **env}
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env=full, capture_output=True,
                          text=True, timeout=timeout)


def test_run_answers_every_demo_question_and_clickhouse_holds_a_snapshot_each(tmp_path: Path) -> None:
    from app.cli import demo_questions

    out = gg("run", tmp=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    n = len(demo_questions())
    assert f"{n}/{n} answered" in out.stdout
    assert f"ClickHouse: {n} answered session snapshot(s)" in out.stdout and "did not take" not in out.stderr
    for verdict in ("PASS", "LOW_CONFID", "REJECT"):
        assert f"verdict={verdict}" in out.stdout
    assert "rounds=2" in out.stdout and "结论" in out.stdout
    store = AuditStore(f"chdb://{tmp_path / 'chdb'}")
    try:
        [(snapshots,)] = store.query("SELECT count() FROM gg_session_snapshots FINAL WHERE stage = 'answered'")
        assert snapshots == n
    finally:
        store.close()


def test_ask_answers_one_question_on_the_embedded_stack(tmp_path: Path) -> None:
    out = gg("ask", "Why do payments-api pods keep restarting with exit code 137?", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "verdict=PASS" in out.stdout and "OOMKilled" in out.stdout


def test_ask_exits_only_once_its_whole_session_is_stored(tmp_path: Path) -> None:
    """The embedded broker keeps its log in memory: every round's verdict, the draft and the answer
    must be in the store before ``ask`` stops it."""
    import re

    out = gg("ask", "Why is the nightly backup job slow?", tmp=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "did not take" not in out.stderr
    sid, rounds = re.search(r"Q \[(ask-[0-9a-f]+)\]", out.stdout), re.search(r"rounds=(\d)", out.stdout)
    assert sid and rounds
    store = AuditStore(f"chdb://{tmp_path / 'chdb'}")
    try:
        stored = store.query("SELECT event_type, round FROM gg_events FINAL WHERE session_id = {s:String}",
                             {"s": sid.group(1)})
        [(stage,)] = store.query("SELECT stage FROM gg_session_snapshots FINAL WHERE session_id = {s:String}",
                                 {"s": sid.group(1)})
    finally:
        store.close()
    n = int(rounds.group(1))
    assert {("VerdictReached", r) for r in range(1, n + 1)} | {("AnswerDrafted", n), ("AnswerComposed", n)} \
        <= set(stored), stored
    assert stage == "answered"


def test_ask_fails_when_the_store_does_not_take_its_session(tmp_path: Path) -> None:
    """The answer is printed all the same; exit 1 tells a script the audit lacks the session. With
    no audit writer in the stack it is said at once, not after the store timeout."""
    out = gg("ask", "Why do payments-api pods keep restarting with exit code 137?", "--store-timeout", "60",
             tmp=tmp_path, timeout=50, GROUNDGATE_AUDIT="off")  # no audit writer: nothing reaches the store
    assert out.returncode == 1 and "verdict=" in out.stdout, out.stderr
    assert "GROUNDGATE_AUDIT=off: the embedded stack writes no audit, so the session is not in the audit store" \
        in out.stderr
    assert "Traceback" not in out.stderr


def test_ask_on_the_embedded_stack_without_an_answer_says_what_is_true(tmp_path: Path) -> None:
    """No worker log exists beside ``ask``: its embedded worker runs in the same process."""
    from tests.integration.fake_openai import FakeOpenAI

    with FakeOpenAI(hang_roles=("Verifier",)) as server:
        out = gg("ask", "Why do payments-api pods keep restarting with exit code 137?", "--timeout", "3",
                 tmp=tmp_path, GROUNDGATE_VERIFIER_PROVIDER="openai", GROUNDGATE_VERIFIER_BASE_URL=server.base_url,
                 GROUNDGATE_VERIFIER_API_KEY="sk-test", GROUNDGATE_VERIFIER_MODEL="fake-model")
    assert out.returncode == 1, out.stderr
    line = out.stderr.strip().splitlines()[-1]
    assert line.startswith("groundgate: no answer to ask-") and "within 3s" in line, out.stderr
    assert "the embedded worker in this process gave none" in line and "see their log" not in line


def test_an_unreachable_broker_is_a_clear_error(tmp_path: Path) -> None:
    out = gg("ask", "q?", tmp=tmp_path, timeout=60, KAFKA_BOOTSTRAP_SERVERS=f"127.0.0.1:{free_port()}")
    assert out.returncode == 3
    assert "cannot reach Kafka" in out.stderr and "Traceback" not in out.stderr


def test_an_unreachable_store_is_a_clear_error(tmp_path: Path) -> None:
    out = gg("ask", "q?", tmp=tmp_path, timeout=120, GROUNDGATE_CLICKHOUSE_DSN=f"http://127.0.0.1:{free_port()}")
    assert out.returncode == 3
    assert "cannot open ClickHouse store" in out.stderr and "Traceback" not in out.stderr


def test_bad_settings_are_a_clear_error_that_names_the_variable(tmp_path: Path) -> None:
    out = gg("run", tmp=tmp_path, timeout=30, GROUNDGATE_PARTITIONS="zero")
    assert out.returncode == 2
    assert out.stderr.startswith("groundgate: bad settings: GROUNDGATE_PARTITIONS: ") and "(got 'zero')" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_second_run_in_the_same_data_directory_starts_afresh(tmp_path: Path) -> None:
    """The embedded broker starts empty every time; the session table the first run left on disk
    must not be taken for this broker's (Faust would refuse to start: its offsets are ahead)."""
    from app.cli import demo_questions

    n, port = len(demo_questions()), str(free_port())  # one port: one worker id, one table directory
    for attempt in (1, 2):
        out = gg("run", tmp=tmp_path, GROUNDGATE_WEB_PORT=port)
        assert out.returncode == 0, f"attempt {attempt}: {out.stderr[-2000:]}"
        assert f"{n}/{n} answered" in out.stdout
