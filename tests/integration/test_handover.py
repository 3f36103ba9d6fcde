"""The hand-over on the real broker: a worker's own agents take the events it emitted as the broker
acknowledges them, every one of them is in the log, and the copies the stream brings later start
nothing again (one lease per stage, one answer per session), through the retry round too: on
every broker, tuned or not (whether a partition is read here is public API only)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from tests.integration.harness import Cluster, query, unique
from tests.integration.test_operable import _get, _metric

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"
BACKUP = "Why is the nightly backup job slow?"  # a retry round (tests/integration/test_retry_round.py)


def test_a_worker_s_own_agents_take_its_events_at_once_and_their_copies_start_nothing_again(
        cluster: Cluster) -> None:
    w = cluster.worker().start()
    port = w.env["GROUNDGATE_WEB_PORT"]
    plain = {unique("ho") for _ in range(3)}
    retry = unique("ho-retry")
    sids = plain | {retry}
    asyncio.run(cluster.produce("query", [query(s, DISK) for s in sorted(plain)] + [query(retry, BACKUP)]))
    answers = asyncio.run(cluster.answers(sids, settle_s=3))
    assert {s: len(answers[s]) for s in sids} == dict.fromkeys(sids, 1), "one answer per session"
    assert answers[retry][0]["rounds"] == 2

    end = time.monotonic() + 10  # the counters move as the handlers end
    while True:
        text = _get(port, "/metrics")[1]
        if _metric(text, "groundgate_handed_over_total", agent="compose") >= len(sids) or time.monotonic() > end:
            break
        time.sleep(0.1)
    handed = {a: _metric(text, "groundgate_handed_over_total", agent=a)
              for a in ("session", "verify", "compose", "investigate")}
    assert handed["verify"] >= len(sids) + 1 and handed["compose"] >= len(sids), handed
    assert handed["investigate"] >= 1, "the retry round's request is handed to investigate"
    assert handed["session"] >= 3 * len(sids), handed  # verdicts, rule evaluations, drafts at least

    control = [m for m in asyncio.run(cluster.read_all("control", timeout_s=3)) if m.get("session_id") in sids]
    leases = Counter((m["session_id"], m["stage"], m["round"]) for m in control if m.get("event_type") == "StageStarted")
    assert set(leases.values()) == {1}, f"a stage started again from the stream's copy: {leases}"
    assert len(leases) == 3 * len(plain) + 5  # the retry session: investigate and verify twice, compose once
    # Everything the agents acted on is on the broker, as they would have read it.
    verdicts = [m for m in asyncio.run(cluster.read_all("verdict", timeout_s=3))
                if m.get("session_id") in sids and m.get("event_type") == "VerdictReached"]
    assert sorted(Counter(v["session_id"] for v in verdicts).values()) == [1, 1, 1, 2]
    drafts = [m for m in asyncio.run(cluster.read_all("answer-draft", timeout_s=3)) if m.get("session_id") in sids]
    assert {d["session_id"] for d in drafts} == sids
