"""Each process exports only what it does (a worker with the audit off has no audit lag, the audit
process no open sessions), every process exports its runtime, build and its groups' consumer lag,
and readiness follows the broker: a worker's and the audit process's /readyz turn 503 while the
broker is frozen (SIGSTOP, longer than the check interval) and 200 again once it runs (SIGCONT)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.kafka import topics
from app.kafka.broker import EmbeddedBroker
from app.lag import CHECK_S, STALE_S
from tests.integration.conftest import create_topics
from tests.integration.harness import Cluster, group_of, query, unique, wait_ready
from tests.integration.test_audit_process import audit_proc
from tests.integration.test_operable import DISK, _get

PROCESS = ("process_cpu_seconds_total", "process_resident_memory_bytes", "python_info", "groundgate_build_info",
           "groundgate_consumer_lag_messages", "groundgate_broker_reachable")
WORKER = ("groundgate_sessions_open", "groundgate_verdicts_total", "groundgate_stage_seconds")
AUDIT = ("groundgate_audit_lag_messages", "groundgate_audit_rows_total")


def families(text: str) -> set[str]:
    return set(re.findall(r"^# TYPE (\S+)", text, re.M))


def series(text: str, name: str) -> dict[str, float]:
    return {m[1]: float(m[2]) for m in re.finditer(rf"^{name}\{{([^}}]*)\}} (\S+)$", text, re.M)}


def until(check, timeout_s: float, every_s: float = 0.2):  # noqa: ANN001, ANN201
    end = time.monotonic() + timeout_s
    while True:
        got = check()
        if got or time.monotonic() > end:
            return got
        time.sleep(every_s)


@pytest.fixture
def own_broker(tmp_path: Path) -> Iterator[EmbeddedBroker]:
    """A broker of this test's own: it is frozen, and no other test may feel it."""
    with EmbeddedBroker(log_path=tmp_path / "tansu.log") as b:
        yield b


def test_each_process_exports_only_what_it_does(cluster: Cluster) -> None:
    worker = cluster.worker(GROUNDGATE_AUDIT="off").start()
    audit = audit_proc(cluster, worker).start()
    sid = unique("m")
    asyncio.run(cluster.produce(topics.QUERY, [query(sid, DISK)]))
    asyncio.run(cluster.answers({sid}, timeout_s=60))
    app_id = group_of(worker.env)  # the worker's group: <prefix><app id>

    def scraped(proc, group: str) -> str:  # noqa: ANN001
        def lagged() -> str:
            text = _get(proc.env["GROUNDGATE_WEB_PORT"], "/metrics")[1]
            return text if any(f'group="{group}"' in k for k in series(text, "groundgate_consumer_lag_messages")) \
                else ""
        return until(lagged, 20)

    w = scraped(worker, app_id)
    assert w, "the worker exports its groups' lag"
    assert set(PROCESS) | set(WORKER) <= families(w)
    assert not families(w) & set(AUDIT), "a worker with the audit off has no audit metrics"
    groups = {re.search(r'group="([^"]+)"', k)[1] for k in series(w, "groundgate_consumer_lag_messages")}
    assert groups == {app_id, f"{app_id}-ledger"}
    assert series(w, "groundgate_build_info") and 'version="' in w

    a = scraped(audit, f"{app_id}-audit")
    assert a, "the audit process exports its group's lag"
    assert set(PROCESS) | set(AUDIT) <= families(a)
    assert not families(a) & set(WORKER), "the audit process has no sessions or stages"
    assert {re.search(r'group="([^"]+)"', k)[1] for k in series(a, "groundgate_consumer_lag_messages")} == {
        f"{app_id}-audit"}
    assert _get(audit.env["GROUNDGATE_WEB_PORT"], "/healthz")[0] == 200
    assert until(lambda: _get(audit.env["GROUNDGATE_WEB_PORT"], "/readyz")[0] == 200, 20)


def test_readiness_follows_the_broker(own_broker: EmbeddedBroker, tmp_path: Path) -> None:
    cluster = Cluster(bootstrap=own_broker.bootstrap, prefix=f"{unique('frz')}.", tmp=tmp_path)
    create_topics(own_broker.bootstrap, cluster)
    try:
        worker = cluster.worker(GROUNDGATE_AUDIT="off").start()
        audit = audit_proc(cluster, worker).start()
        ports = [worker.env["GROUNDGATE_WEB_PORT"], audit.env["GROUNDGATE_WEB_PORT"]]
        wait_ready(worker)
        assert until(lambda: all(_get(p, "/readyz")[0] == 200 for p in ports), 30), "ready before the freeze"
        assert own_broker.proc is not None
        os.kill(own_broker.proc.pid, signal.SIGSTOP)
        try:
            frozen = time.monotonic()
            not_ready = until(lambda: all(_get(p, "/readyz")[0] == 503 for p in ports), STALE_S + 4 * CHECK_S + 5)
            noticed = time.monotonic() - frozen
            assert not_ready, "a frozen broker left a process ready"
            assert all(_get(p, "/healthz")[0] == 200 for p in ports), "alive all the same"
            time.sleep(max(0.0, 2 * (STALE_S + CHECK_S) - noticed))  # it stays not ready while frozen
            assert all(_get(p, "/readyz")[0] == 503 for p in ports)
        finally:
            os.kill(own_broker.proc.pid, signal.SIGCONT)
        assert until(lambda: all(_get(p, "/readyz")[0] == 200 for p in ports), 90), \
            f"not ready again after the broker came back:\n{worker.tail()}"
    finally:
        for w in cluster.workers:
            w.stop()
