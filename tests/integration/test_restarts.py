"""Stop the worker while sessions are in flight — SIGKILL, SIGTERM, SIGINT — restart it, and
find every session answered exactly once in content (a redelivered answer has the same id)."""

from __future__ import annotations

import asyncio
import signal

import pytest

from tests.integration.harness import Cluster, query, unique, wait_stages_started

QUESTIONS = [
    "Why is ingest-node-03 failing to write logs with no space left on device?",
    "Why do payments-api pods keep restarting with exit code 137?",
    "Why is the nightly backup job slow?",  # goes through the retry round
    "Checkout fails with error ERR-7781 on host web-19. What is the root cause?",
]
N = 24


def _assert_one_answer_each(answers: dict[str, list[dict]], sids: list[str]) -> None:
    missing = [s for s in sids if not answers.get(s)]
    assert not missing, f"{len(missing)} session(s) never answered: {missing[:5]}"
    for s in sids:
        distinct = {(a["event_id"], a["final_answer"], a["verdict"]) for a in answers[s]}
        assert len(distinct) == 1, f"{s} got {len(distinct)} different answers"


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT], ids=["SIGKILL", "SIGTERM", "SIGINT"])
def test_worker_stopped_mid_flight_then_restarted_answers_every_session_once(cluster: Cluster, sig: int) -> None:
    # 150 ms a model call keeps sessions in flight (4 to 8 calls each) when the signal lands.
    w = cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS="150").start()
    sids = [unique(f"r{i}") for i in range(N)]
    asyncio.run(cluster.produce("query", [query(s, QUESTIONS[i % len(QUESTIONS)]) for i, s in enumerate(sids)]))
    wait_stages_started(cluster, set(sids), at_least=N // 2)
    w.signal(sig)
    early = asyncio.run(cluster.answers(set(sids), timeout_s=1))
    assert len([s for s in sids if early.get(s)]) < N, "all answered before the stop: nothing was in flight"
    w.start()
    answers = asyncio.run(cluster.answers(set(sids), timeout_s=120, settle_s=2))
    _assert_one_answer_each(answers, sids)
