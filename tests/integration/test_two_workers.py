"""Two workers share the partitions (scale-out); one is killed mid-flight, the other takes its
partitions over and every session is answered, once."""

from __future__ import annotations

import asyncio
import signal

from tests.integration.harness import Cluster, query, unique, wait_ready, wait_stages_started

QUESTIONS = ["Why is ingest-node-03 failing to write logs with no space left on device?",
             "Why is the nightly backup job slow?"]


def test_a_second_worker_takes_over_when_the_first_dies(cluster: Cluster) -> None:
    a = cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS="150").start()
    b = cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS="150",
                       GROUNDGATE_DATA_DIR=str(cluster.tmp / "data-b"),
                       GROUNDGATE_CLICKHOUSE_DSN=f"chdb://{cluster.tmp / 'data-b' / 'chdb'}").start()
    wait_ready(a, b)  # the two workers rebalanced the partitions between them
    sids = [unique(f"two{i}") for i in range(24)]
    asyncio.run(cluster.produce("query", [query(s, QUESTIONS[i % 2]) for i, s in enumerate(sids)]))
    wait_stages_started(cluster, set(sids), at_least=12)
    a.signal(signal.SIGKILL)
    answers = asyncio.run(cluster.answers(set(sids), timeout_s=120, settle_s=2))
    missing = [s for s in sids if not answers.get(s)]
    assert not missing, f"{len(missing)} never answered:\n{b.tail(40)}"
    for s in sids:
        assert len({(x["event_id"], x["final_answer"]) for x in answers[s]}) == 1
