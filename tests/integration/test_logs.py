"""One log format for every process: a worker and ``groundgate audit`` write the same text lines,
and with GROUNDGATE_LOG_FORMAT=json every line either writes is one JSON object."""

from __future__ import annotations

import asyncio
import json
import re

from tests.integration.harness import Cluster, WorkerProc, query, unique
from tests.integration.test_audit_process import audit_proc
from tests.integration.test_operable import DISK

TEXT_LINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO|WARNING|ERROR|CRITICAL) [\w.]+: ")


def lines_of(proc: WorkerProc) -> list[str]:
    text = proc.log_path.read_text(errors="replace")
    return [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("=====")]


def run_both(cluster: Cluster, **env: str) -> tuple[WorkerProc, WorkerProc]:
    worker = cluster.worker(GROUNDGATE_AUDIT="off", **env).start()
    audit = audit_proc(cluster, worker).start()
    sid = unique("log")
    asyncio.run(cluster.produce("query", [query(sid, DISK)]))
    asyncio.run(cluster.answers({sid}, timeout_s=60))
    audit.wait_audit_caught_up()
    worker.stop()
    audit.stop()
    return worker, audit


def test_worker_and_audit_write_one_text_format(cluster: Cluster) -> None:
    for proc in run_both(cluster):
        lines = lines_of(proc)
        assert lines, proc.tail()
        heads = [ln for ln in lines if not ln.startswith(" ")]  # a record's further lines are indented
        assert all(TEXT_LINE.match(ln) for ln in heads), [ln for ln in heads if not TEXT_LINE.match(ln)][:5]


def test_with_the_json_option_every_line_is_one_json_object(cluster: Cluster) -> None:
    worker, audit = run_both(cluster, GROUNDGATE_LOG_FORMAT="json")
    for proc, name in ((worker, "worker"), (audit, "audit")):
        records = [json.loads(ln) for ln in lines_of(proc)]  # a line that is not JSON fails here
        assert records and all({"time", "level", "logger", "message", "process", "pid"} <= set(r) for r in records)
        assert {r["process"] for r in records} == {name}
        assert any(f"groundgate {name} ready" in r["message"] for r in records)
