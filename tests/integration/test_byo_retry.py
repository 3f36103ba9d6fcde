"""Bring your own Executor, round 2 (GROUNDGATE_BYO_RETRY=client), on the real broker: a weak first
round of a client's own Executor puts a RetryRequested on ``executor-retry``; the client's Executor
answers it with a round-2 ExecutorFinished, and the one answer covers both rounds. The built-in
Executor never takes that round."""

from __future__ import annotations

import asyncio

from events.models import Claim, ExecutorFinished, ExecutorOutput, RetryRequested, ToolInvocation
from tests.integration.harness import Cluster, unique

QUESTION = "Why is ingest-node-03 failing to write logs?"
LINE = "2026-11-30T10:00:00Z ingest-node-03 ingest-worker[4410]: write failed: No space left on device (ENOSPC)"


def executor_finished(sid: str, round_: int, claims: list[tuple[str, str]], **extra: object) -> bytes:
    ev = ExecutorFinished(
        session_id=sid, round=round_, original_query=QUESTION,
        tool_invocations=[ToolInvocation(invocation_id=f"inv-{round_}", tool_name="log_search",
                                         arguments={"query": "ingest-node-03"}, output=LINE)],
        executor_output=ExecutorOutput(claims=[
            Claim(claim_id=cid, text=text, claim_type="observation", evidence_refs=[f"inv-{round_}"] if round_ == 2 else [])
            for cid, text in claims]), **extra)  # type: ignore[arg-type]
    return ev.model_dump_json().encode()


def test_a_clients_executor_answers_the_retry_round(cluster: Cluster) -> None:
    cluster.worker(GROUNDGATE_BYO_RETRY="client").start()
    sid = unique("byo-retry")
    weak = [("c1", "the retention job on ingest-node-03 was disabled"), ("c2", "log rotation stopped last week")]
    asyncio.run(cluster.produce("executor-result", [(sid, executor_finished(sid, 1, weak))]))

    def asked(msgs: list[dict]) -> bool:
        return any(m.get("session_id") == sid and m.get("event_type") == "RetryRequested" for m in msgs)

    msgs = asyncio.run(cluster.read_all("executor-retry", until=asked, timeout_s=60))
    mine = [m for m in msgs if m.get("session_id") == sid]
    assert mine and {m["event_id"] for m in mine} == {mine[0]["event_id"]}  # re-driven, it is the same event
    retry = RetryRequested.model_validate(mine[0])  # the client reads it by the published schema
    assert retry.executor == "client" and retry.round == 2 and retry.retry_context.missing

    answer = executor_finished(sid, 2, [("d1", "ingest-node-03 write failed: No space left on device (ENOSPC)")],
                               causation_id=retry.event_id, retry_context=retry.retry_context)
    asyncio.run(cluster.produce("executor-result", [(sid, answer)]))
    [a] = asyncio.run(cluster.answers({sid}))[sid]
    assert a["rounds"] == 2, a
    assert "No space left on device" in a["final_answer"] and "No second evidence round" not in a["final_answer"]
    results = [m for m in asyncio.run(cluster.read_all("executor-result", timeout_s=3)) if m.get("session_id") == sid]
    assert sorted(m["round"] for m in results) == [1, 2]  # the client's two rounds, none of the built-in Executor
