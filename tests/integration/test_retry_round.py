"""A session that needs the retry round gets exactly two rounds and one answer, on the real
broker, also when its verdict events are delivered twice."""

from __future__ import annotations

import asyncio
import json

from tests.integration.harness import Cluster, query, unique

BACKUP = "Why is the nightly backup job slow?"


def test_retry_session_gets_two_rounds_and_one_answer_even_with_verdicts_delivered_twice(cluster: Cluster) -> None:
    cluster.worker().start()
    sid = unique("retry")
    asyncio.run(cluster.produce("query", [query(sid, BACKUP)]))
    [answer] = asyncio.run(cluster.answers({sid}))[sid]
    assert answer["rounds"] == 2 and answer["verdict"] == "LOW_CONFID"

    verdicts = [m for m in asyncio.run(cluster.read_all("verdict", timeout_s=3))
                if m.get("session_id") == sid and m.get("event_type") == "VerdictReached"]
    assert sorted(v["round"] for v in verdicts) == [1, 2]
    # Deliver both verdicts again, as a redelivery after a crash would.
    asyncio.run(cluster.produce("verdict", [(sid, json.dumps(v).encode()) for v in verdicts]))

    answers = asyncio.run(cluster.answers({sid}, settle_s=4))[sid]
    assert {(a["event_id"], a["final_answer"]) for a in answers} == {(answer["event_id"], answer["final_answer"])}
    executor = [m for m in asyncio.run(cluster.read_all("executor-result", timeout_s=3)) if m.get("session_id") == sid]
    assert sorted({m["round"] for m in executor}) == [1, 2]
    retries = [m for m in asyncio.run(cluster.read_all("control", timeout_s=3))
               if m.get("session_id") == sid and m.get("event_type") == "RetryRequested"]
    assert {r["event_id"] for r in retries} == {retries[0]["event_id"]}
