"""One live run per worker id: a second worker started under an id that is live refuses to start
(one line, exit 2) and the live one goes on undisturbed; a restart in place, or on another host
after the first died, starts as before."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import urllib.request

from tests.integration.harness import Cluster, WorkerProc, query, unique, wait_ready

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"


def refused(w: WorkerProc, timeout_s: float = 30.0) -> tuple[int | None, list[str]]:
    """Start ``w`` and wait for it to exit: its exit code and the lines it wrote."""
    w.spawn()
    assert w.proc is not None
    try:
        rc = w.proc.wait(timeout_s)
    except subprocess.TimeoutExpired:
        w.signal(signal.SIGKILL)
        return None, w.tail(20).splitlines()
    return rc, w.log_path.read_text(errors="replace").split(f"===== start {w.starts} =====", 1)[-1].splitlines()


def elsewhere(cluster: Cluster, name: str) -> dict[str, str]:
    """Another host's data directory (and store)."""
    data = cluster.tmp / name
    return {"GROUNDGATE_DATA_DIR": str(data), "GROUNDGATE_CLICKHOUSE_DSN": f"chdb://{data / 'chdb'}"}


def still_serving(cluster: Cluster, w: WorkerProc) -> None:
    """The live worker holds its partitions and answers."""
    wait_ready(w, timeout_s=10)
    sid = unique("after")
    asyncio.run(cluster.produce("query", [query(sid, DISK)]))
    assert asyncio.run(cluster.answers({sid}, timeout_s=30)).get(sid), f"no answer:\n{w.tail(30)}"
    with urllib.request.urlopen(f"http://127.0.0.1:{w.env['GROUNDGATE_WEB_PORT']}/metrics", timeout=5) as r:
        assert r.status == 200


def test_a_second_worker_with_a_live_worker_s_id_and_data_dir_refuses_to_start(cluster: Cluster) -> None:
    first = cluster.worker(GROUNDGATE_WORKER_ID="w-same").start()
    second = cluster.worker(GROUNDGATE_WORKER_ID="w-same")
    rc, lines = refused(second)
    assert rc == 2, lines
    [line] = [x for x in lines if x.strip()]
    assert line.startswith("groundgate: worker id w-same is running on this host"), line
    assert "GROUNDGATE_WORKER_ID" in line
    still_serving(cluster, first)
    assert "LeaveGroup" not in first.tail(200) + second.tail(20)


def test_a_second_worker_with_the_id_of_a_worker_live_on_another_host_refuses_to_start(cluster: Cluster) -> None:
    first = cluster.worker(GROUNDGATE_WORKER_ID="w-twin").start()
    second = cluster.worker(GROUNDGATE_WORKER_ID="w-twin", **elsewhere(cluster, "host-b"))
    rc, lines = refused(second)
    assert rc == 2, lines
    assert [x for x in lines if x.startswith("groundgate: ")] == [
        next(x for x in lines if x.startswith("groundgate: worker id w-twin is live elsewhere (run "))]
    still_serving(cluster, first)


def test_a_restart_in_place_right_after_a_kill_starts_without_waiting(cluster: Cluster) -> None:
    w = cluster.worker(GROUNDGATE_WORKER_ID="w-again").start()
    w.signal(signal.SIGKILL)
    w.start()
    assert "waiting for its next beat" not in w.tail(200), "the dead run named in the lock was waited for"
    still_serving(cluster, w)


def test_a_worker_whose_id_last_beat_on_another_host_that_died_starts_after_one_missed_beat(cluster: Cluster) -> None:
    # A liveness window wider than a loaded machine takes to start a worker: the killed run's last
    # beat is still recent when the new one looks (at the default 6 s it may not be, and is then
    # rightly taken for dead without a wait).
    window = {"GROUNDGATE_LIVENESS_S": "30"}
    gone = cluster.worker(GROUNDGATE_WORKER_ID="w-moved", **window).start()
    asyncio.run(cluster.read_all("workers", until=lambda beats: any(b.get("worker_id") == "w-moved" for b in beats),
                                 timeout_s=10))
    gone.signal(signal.SIGKILL)
    w = cluster.worker(GROUNDGATE_WORKER_ID="w-moved", **window, **elsewhere(cluster, "host-b")).start(ready_timeout_s=30)
    assert "waiting for its next beat" in w.tail(200)
    still_serving(cluster, w)
