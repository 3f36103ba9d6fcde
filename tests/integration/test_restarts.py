"""Stop the worker while sessions are in flight — SIGKILL, SIGTERM, SIGINT — restart it, and
find every session answered exactly once in content (a redelivered answer has the same id)."""

from __future__ import annotations

import asyncio
import signal
import time
from datetime import UTC, datetime
from typing import Any

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


def test_a_worker_replaced_under_a_new_id_does_not_answer_again_what_its_predecessor_answered(cluster: Cluster) -> None:
    """A run killed after its answer reached the log and before its table's changelog record did
    (made here: the run is killed while its Composer works, and the draft and the answer it would
    have sent are written to the log for it). Its replacement under a new worker id rebuilds the
    table from the changelog ("composing"), reads the draft again and the compose request maybe
    too: it neither answers again nor calls the Composer again."""
    from app.domain.rounds import answer_id
    from app.kafka import topics
    from events.models import AnswerComposed, AnswerDrafted, ComposerOutput, derived_id
    from tests.integration.fake_openai import FakeOpenAI
    from tests.integration.test_model_roles_e2e import model_env

    question = "payments-api OOMKilled exit code 137 gg-fail=composer:timeout"
    with FakeOpenAI() as server:
        env = {**model_env(server), "GROUNDGATE_SESSION_TIMEOUT_S": "6"}  # Kafka's least: the dead member's partitions move sooner
        old = cluster.worker(GROUNDGATE_WORKER_ID="w-old", **env).start()
        sid = unique("replaced")
        asyncio.run(cluster.produce("query", [query(sid, question)]))
        end = time.monotonic() + 60
        while not composer_calls(server, question) and time.monotonic() < end:
            time.sleep(0.05)
        assert composer_calls(server, question), f"the Composer was never called:\n{old.tail()}"
        old.signal(signal.SIGKILL)  # its Composer call hangs: the session is "composing" in its table
        now = datetime.now(UTC)
        text = "From the logs: payments-api was OOMKilled (exit code 137)."
        draft = AnswerDrafted(event_id=derived_id(sid, "draft"), session_id=sid, occurred_at=now, final_answer=text,
                              composer_output=ComposerOutput(status="valid", user_facing_answer=text))
        answer = AnswerComposed(event_id=answer_id(sid), session_id=sid, occurred_at=now, verdict="PASS",
                                groundedness_score=1.0, final_answer=text, rounds=1, original_query=question,
                                composer_status="valid")
        asyncio.run(send_events(cluster, [(topics.DRAFT, draft), (topics.ANSWER, answer)]))

        new = cluster.worker(GROUNDGATE_WORKER_ID="w-new", **env).start()
        # A session on the same partition, sent now: its stages wait until the new worker's session
        # agent has read what the log held there (the draft, the answer), so once it is answered,
        # whatever the replacement was going to do about the first session is done.
        probe = next(s for s in (unique("probe") for _ in range(1000)) if topics.partition_of(s.encode(), 4)
                     == topics.partition_of(sid.encode(), 4))
        asyncio.run(cluster.produce("query", [query(probe, "payments-api OOMKilled exit code 137")]))
        answers = asyncio.run(cluster.answers({probe}, timeout_s=60, settle_s=1))
    assert answers.get(probe), f"the replacement answered nothing:\n{new.tail()}"
    assert [a["event_id"] for a in answers[sid]] == [answer.event_id], "answered again under the new id"
    assert len(composer_calls(server, question)) == 1, "the Composer was called again for a session answered on the log"


def composer_calls(server: Any, question: str) -> list[dict[str, Any]]:
    return [r for r in server.requests_of(question) if "You are the Composer" in r["messages"][0]["content"]]


async def send_events(cluster: Cluster, events: list[tuple[str, Any]]) -> None:
    """Events on their topics as a worker sends them: keyed by session, with the routing headers."""
    from aiokafka import AIOKafkaProducer

    from app.kafka import topics
    from events import encode

    p = AIOKafkaProducer(bootstrap_servers=cluster.bootstrap)
    await p.start()
    try:
        for name, ev in events:
            await p.send_and_wait(cluster.topic(name), encode(ev), key=ev.session_id.encode(), headers=topics.headers(ev))
    finally:
        await p.stop()
