"""Operable like a stream processor: a model call slower than the stall time is never re-driven
(one model call per stage), /readyz is 503 until the worker holds its partitions, and the
metrics move when sessions flow."""

from __future__ import annotations

import asyncio
import re
import time
import urllib.error
import urllib.request

from tests.integration.harness import Cluster, query, unique

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"


def _get(port: str, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()
    except OSError:
        return 0, ""  # not listening yet


def _metric(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name) or line.startswith("#"):
            continue
        if all(f'{k}="{v}"' in line for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_a_model_call_longer_than_the_stall_time_is_not_re_driven(cluster: Cluster) -> None:
    # Each model call takes 2.5 s; a session with no progress would be re-driven after 1 s.
    w = cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS="2500", GROUNDGATE_STALL_S="1").start()
    sid = unique("slow")
    asyncio.run(cluster.produce("query", [query(sid, DISK, deadline_s=120)]))
    [answer] = asyncio.run(cluster.answers({sid}, timeout_s=90, settle_s=2))[sid]
    assert answer["degraded_reason"] == "" and answer["rounds"] == 1

    control = [m for m in asyncio.run(cluster.read_all("control", timeout_s=3)) if m.get("session_id") == sid]
    assert not [m for m in control if m.get("event_type") == "WatchdogFired"], "a running model call was re-driven"
    starts = sorted((m["stage"], m["round"]) for m in control if m.get("event_type") == "StageStarted")
    assert starts == [("compose", 1), ("investigate", 1), ("verify", 1)], starts
    calls: list[str] = []
    for topic in ("executor-result", "verdict", "answer-draft"):
        for m in asyncio.run(cluster.read_all(topic, timeout_s=3)):
            if m.get("session_id") == sid:
                calls += [u["role"] for u in m.get("usage", [])]
    assert sorted(calls) == ["composer", "executor", "planner", "verifier"], "one model call per stage"
    assert "watchdog" not in w.tail(400)


def test_readyz_is_503_until_the_worker_holds_its_partitions_and_metrics_move(cluster: Cluster) -> None:
    w = cluster.worker().spawn()
    port = w.env["GROUNDGATE_WEB_PORT"]
    seen: list[int] = []
    end = time.monotonic() + 60
    while time.monotonic() < end:
        status, _ = _get(port, "/readyz")
        seen.append(status)
        if status == 200:
            break
        time.sleep(0.05)
    assert seen[-1] == 200, f"never ready: {seen[-5:]}\n{w.tail()}"
    assert 503 in seen, f"/readyz answered 200 before the worker held its partitions: {sorted(set(seen))}"
    assert "groundgate worker ready" in w.tail(200)
    assert "objects of the start frozen out of the garbage collector's scans" in w.tail(200)  # app.heap
    assert _get(port, "/healthz")[0] == 200

    before = _get(port, "/metrics")[1]
    sids = {unique("m") for _ in range(3)}
    asyncio.run(cluster.produce("query", [query(s, DISK) for s in sids]))
    asyncio.run(cluster.answers(sids, timeout_s=60))
    end = time.monotonic() + 10  # the last answer's counters move right after it is sent
    while True:
        status, after = _get(port, "/metrics")
        grown = _metric(after, "groundgate_answers_total") - _metric(before, "groundgate_answers_total")
        if status == 200 and grown >= 3 or time.monotonic() > end:
            break
        time.sleep(0.1)
    assert status == 200 and grown >= 3
    assert _metric(after, "groundgate_verdicts_total") >= 3
    assert _metric(after, "groundgate_stage_seconds_count", stage="verify") >= 3
    assert re.search(r"^groundgate_sessions_open \d", after, re.M)
