"""The ledger's watchdog: a query Faust skipped is still answered; a deadline is honoured."""

from __future__ import annotations

import asyncio

from aiokafka import AIOKafkaConsumer, TopicPartition

from app.kafka import topics
from app.kafka.clients import partitions
from tests.integration.harness import Cluster, group_of, query, unique

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"


async def _skip_everything(cluster: Cluster, group: str) -> None:
    """Commit the worker's consumer group past every message: what Faust did after a
    graceful restart with a table (DESIGN.md), done on purpose."""
    c = AIOKafkaConsumer(bootstrap_servers=cluster.bootstrap, group_id=group, enable_auto_commit=False)
    await c.start()
    try:
        tps = [TopicPartition(cluster.topic(t), p) for t in topics.ALL
               for p in await partitions(c, cluster.topic(t))]
        c.assign(tps)
        ends = await c.end_offsets(tps)
        await c.commit({tp: off for tp, off in ends.items() if off > 0})
    finally:
        await c.stop()


def test_a_query_the_stream_consumer_skipped_is_answered_by_the_ledger(cluster: Cluster) -> None:
    w = cluster.worker(GROUNDGATE_STALL_S="2")
    sid = unique("skipped")
    asyncio.run(cluster.produce("query", [query(sid, DISK)]))
    asyncio.run(_skip_everything(cluster, group_of(w.env)))
    w.start()
    [a] = asyncio.run(cluster.answers({sid}, timeout_s=60))[sid]
    assert a["verdict"] == "PASS"
    assert "watchdog stalled session_id=" + sid in w.tail(400)


def test_a_session_past_its_deadline_gets_one_degraded_answer_that_says_so(cluster: Cluster) -> None:
    # Each model call takes 3 s, so the 4+ calls of a session cannot finish before 12 s; deadline 3 s.
    cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS="3000", GROUNDGATE_STALL_S="1").start()
    sid = unique("late")
    asyncio.run(cluster.produce("query", [query(sid, DISK, deadline_s=3)]))
    answers = asyncio.run(cluster.answers({sid}, timeout_s=30, settle_s=8))
    assert {(a["event_id"], a["final_answer"]) for a in answers[sid]} == {(answers[sid][0]["event_id"],
                                                                           answers[sid][0]["final_answer"])}
    a = answers[sid][0]
    assert a["degraded_reason"] == "deadline" and a["verdict"] == "REJECT"
    assert "deadline" in a["final_answer"]
