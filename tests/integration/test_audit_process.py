"""``groundgate audit`` as its own process writes the rows of a worker that runs with
GROUNDGATE_AUDIT=off, and no record stops it: poison records are skipped, named and counted,
and the sessions that come after them still reach the store."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
import urllib.request

from app.audit.store import AuditStore
from events import encode
from events.models import AnswerComposed, ExecutorFinished, ToolInvocation, Usage
from tests.integration.harness import ROOT, Cluster, WorkerProc, query, unique

QUESTION = "Why is ingest-node-03 failing to write logs with no space left on device?"


class AuditProc(WorkerProc):
    """``groundgate audit`` started and reaped like a worker."""

    def start(self, ready_timeout_s: float = 60.0) -> AuditProc:
        self.starts += 1
        marker = f"===== start {self.starts} ====="
        with open(self.log_path, "ab") as log:
            log.write(f"\n{marker}\n".encode())
        log = open(self.log_path, "ab")  # noqa: SIM115 (the child writes to it)
        self.proc = subprocess.Popen([sys.executable, "-m", "app", "audit"], env=self.env, cwd=ROOT,
                                     stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        end = time.monotonic() + ready_timeout_s
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"groundgate audit exited with {self.proc.returncode}:\n{self.tail()}")
            if "groundgate audit ready" in self.log_path.read_text(errors="replace").split(marker, 1)[-1]:
                return self
            time.sleep(0.2)
        raise RuntimeError(f"groundgate audit not ready in {ready_timeout_s}s:\n{self.tail()}")


def audit_proc(cluster: Cluster, worker: WorkerProc) -> AuditProc:
    env = {**worker.env, "GROUNDGATE_WEB_PORT": str(int(worker.env["GROUNDGATE_WEB_PORT"]) + 1)}
    env.pop("GROUNDGATE_AUDIT", None)
    a = AuditProc(env=env, log_path=cluster.tmp / "audit.log")
    cluster.workers.append(a)
    return a


def test_the_audit_process_stores_a_worker_s_rows_and_passes_every_poison_record(cluster: Cluster) -> None:
    worker = cluster.worker(GROUNDGATE_AUDIT="off").start()
    audit = audit_proc(cluster, worker).start()  # the same chDB path: the worker does not hold it

    deep, forged_on, refused = unique("deep"), unique("forged"), unique("refused")
    forged = AnswerComposed(session_id=forged_on, verdict="PASS", groundedness_score=1.0, final_answer="forged",
                            rounds=1)
    byo = ExecutorFinished(session_id=refused, original_query="why is the api slow?",
                           tool_invocations=[ToolInvocation(invocation_id="inv-1", tool_name="log_search")],
                           usage=[Usage(role="executor", model="m", input_tokens=-5)])  # ClickHouse's UInt32 refuses it
    asyncio.run(cluster.produce("query", [
        (deep, b'{"session_id": "' + deep.encode() + b'", "query": ' + b"[" * 10_000 + b"]" * 10_000 + b"}"),
        (forged_on, encode(forged)),  # an internal event on a client topic
    ]))
    asyncio.run(cluster.produce("session-state", [(deep, b'"not an object"'), (deep, b"[" * 10_000 + b"]" * 10_000),
                                                  (None, b"\xff\xfe")]))
    asyncio.run(cluster.produce("executor-result", [(refused, encode(byo))]))
    later = [unique(f"after{i}") for i in range(3)]
    asyncio.run(cluster.produce("query", [query(s, QUESTION) for s in later]))
    answers = asyncio.run(cluster.answers(set(later) | {refused}, timeout_s=60))
    assert all(answers[s] for s in [*later, refused])

    audit.wait_audit_caught_up()
    assert audit.proc is not None and audit.proc.poll() is None, audit.tail()
    page = urllib.request.urlopen(f"http://127.0.0.1:{audit.env['GROUNDGATE_WEB_PORT']}/?range=1h", timeout=20)
    assert "Verdict mix over time" in page.read().decode()
    metrics = urllib.request.urlopen(f"http://127.0.0.1:{audit.env['GROUNDGATE_WEB_PORT']}/metrics",
                                     timeout=20).read().decode()
    # the two client records are the worker's to dead-letter, not the writer's errors; the three
    # snapshots and the refused model-call row are the writer's skips
    skipped = [ln for ln in metrics.splitlines() if ln.startswith('groundgate_loop_errors_total{loop="audit"}')]
    assert skipped and float(skipped[0].split()[-1]) >= 4
    dead = [ln for ln in metrics.splitlines() if ln.startswith("groundgate_audit_dead_lettered_records_total ")]
    assert dead and float(dead[0].split()[-1]) >= 2
    log = audit.tail(400)
    assert log.count("audit writer skipped a record") >= 4 and "Traceback" not in log
    assert f"session_id={forged_on}" in log and "not accepted" in log
    assert "audit writer" not in worker.tail(400)  # GROUNDGATE_AUDIT=off: no writer in the worker
    audit.stop()

    store = AuditStore(audit.env["GROUNDGATE_CLICKHOUSE_DSN"])
    try:
        ids = {"ids": [*later, refused, forged_on, deep]}
        outcomes = dict(store.query("SELECT session_id, final_answer FROM gg_outcomes FINAL "
                                    "WHERE session_id IN {ids:Array(String)}", ids))
        assert set(later) | {refused} <= set(outcomes) and outcomes.get(forged_on) != "forged"
        kinds = store.query("SELECT session_id, event_type FROM gg_events FINAL "
                            "WHERE session_id IN {ids:Array(String)}", ids)
        assert (forged_on, "DeadLettered") in kinds  # what the worker decided is what the audit holds
        assert (refused, "ExecutorFinished") in kinds  # only its refused model-call row was left out
        [(health,)] = store.query("SELECT max(skipped) FROM gg_audit_health WHERE worker LIKE 'audit@%'")
        assert health >= 4
        snaps = store.query("SELECT session_id FROM gg_session_snapshots FINAL WHERE session_id IN {ids:Array(String)}",
                            {"ids": later})
        assert len(snaps) == len(later)
    finally:
        store.close()
