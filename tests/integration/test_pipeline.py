"""End to end on the real embedded broker: the wire contract, dead letters, and the store."""

from __future__ import annotations

import asyncio
import json

from app.audit.store import AuditStore
from events.models import (
    Claim,
    ExecutorFinished,
    ExecutorOutput,
    QueryReceived,
    ToolInvocation,
)
from tests.integration.harness import Cluster, query, unique

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"


def test_minimal_json_query_from_a_plain_aiokafka_producer_is_answered(cluster: Cluster) -> None:
    cluster.worker().start()
    sid = unique("min")
    asyncio.run(cluster.produce("query", [query(sid, DISK)]))
    answers = asyncio.run(cluster.answers({sid}))
    [a] = answers[sid]
    assert a["event_type"] == "AnswerComposed"
    assert a["verdict"] == "PASS" and a["groundedness_score"] >= 0.5
    assert "No space left on device" in a["final_answer"]
    assert a["rounds"] == 1


def test_full_query_received_is_answered(cluster: Cluster) -> None:
    cluster.worker().start()
    q = QueryReceived(session_id=unique("full"), query=DISK, language="en", deadline_s=30)
    asyncio.run(cluster.produce("query", [(q.session_id, q.model_dump_json().encode())]))
    assert cluster.workers and asyncio.run(cluster.answers({q.session_id}))[q.session_id]


def answer_to_own_executor(cluster: Cluster, sid: str, query: str, log_line: str, claim: str, claim_type: str,
                           user_facing_answer: str = "") -> dict:
    """Produce an ExecutorFinished for a session no query opened ("bring your own Executor")
    and return the one answer it gets."""
    ev = ExecutorFinished(
        session_id=sid, original_query=query,
        tool_invocations=[ToolInvocation(invocation_id="inv-1", tool_name="log_search", arguments={"query": query},
                                         output=log_line)],
        executor_output=ExecutorOutput(
            claims=[Claim(claim_id="c1", text=claim, claim_type=claim_type, evidence_refs=["inv-1"])],  # type: ignore[arg-type]
            user_facing_answer=user_facing_answer),
    )
    asyncio.run(cluster.produce("executor-result", [(sid, ev.model_dump_json().encode())]))
    [a] = asyncio.run(cluster.answers({sid}))[sid]
    return a


def test_external_executor_finished_is_verified_and_answered_without_a_query(cluster: Cluster) -> None:
    cluster.worker().start()
    a = answer_to_own_executor(cluster, unique("byo"), "why is the api slow?",
                               "2026-11-30T10:00:00Z api-7 latency p99 2400 ms on /orders",
                               "api-7 shows latency p99 2400 ms on /orders", "observation",
                               user_facing_answer="CANARY-BYO api-7 is slow")
    assert a["verdict"] == "PASS"
    assert "CANARY-BYO" not in a["final_answer"]


def test_external_executor_with_a_fabricated_error_code_is_rejected(cluster: Cluster) -> None:
    cluster.worker().start()
    a = answer_to_own_executor(cluster, unique("byo-fab"), "why did the job fail?",
                               "batch-3 job nightly-export exited with status 1",
                               "nightly-export failed with error ORA-00060 on batch-3", "root_cause")
    assert a["verdict"] == "REJECT"
    assert "ORA-00060" not in a["final_answer"]


def test_malformed_messages_are_dead_lettered_with_a_reason_and_the_worker_keeps_answering(cluster: Cluster) -> None:
    cluster.worker().start()
    bad_query_sid = unique("badq")
    asyncio.run(cluster.produce("query", [
        ("x", b"this is not json"),
        ("x", json.dumps({"session_id": "s-x", "event_type": "Nonsense"}).encode()),
        (None, json.dumps({"query": "no session id here"}).encode()),
        (bad_query_sid, json.dumps({"session_id": bad_query_sid, "query": ""}).encode()),
    ]))
    good = unique("good")
    asyncio.run(cluster.produce("query", [query(good, DISK)]))
    answers = asyncio.run(cluster.answers({good, bad_query_sid}))
    assert answers[good][0]["verdict"] == "PASS"
    [degraded] = answers[bad_query_sid]
    assert degraded["verdict"] == "REJECT" and degraded["degraded_reason"] == "invalid_input"

    dead = asyncio.run(cluster.read_all("dead-letter", until=lambda m: len(m) >= 4, timeout_s=30))
    reasons = " | ".join(d["reason"] for d in dead)
    assert len(dead) == 4, reasons
    assert "not JSON" in reasons
    assert "Nonsense" in reasons
    assert "session_id" in reasons
    assert all(d["source_topic"] == cluster.topic("query") and d["offset"] >= 0 for d in dead)


def test_clickhouse_holds_every_event_and_one_snapshot_per_session(cluster: Cluster) -> None:
    w = cluster.worker().start()
    sids = [unique("ch") for _ in range(3)]
    asyncio.run(cluster.produce("query", [query(s, DISK) for s in sids]))
    asyncio.run(cluster.answers(set(sids)))
    answers = asyncio.run(cluster.answers(set(sids)))
    # Let the audit writer catch up, then stop the worker (chDB allows one process per path).
    w.wait_audit_caught_up()
    w.stop()
    store = AuditStore(w.env["GROUNDGATE_CLICKHOUSE_DSN"])
    try:
        snaps = store.query("SELECT session_id, stage FROM gg_session_snapshots FINAL "
                            "WHERE session_id IN {ids:Array(String)}", {"ids": sids})
        assert sorted(snaps) == sorted((s, "answered") for s in sids)
        outcomes = store.query("SELECT session_id, event_id FROM gg_outcomes FINAL "
                               "WHERE session_id IN {ids:Array(String)}", {"ids": sids})
        assert sorted(outcomes) == sorted((s, answers[s][0]["event_id"]) for s in sids)
        kinds = store.query("SELECT DISTINCT event_type FROM gg_events WHERE session_id = {s:String}",
                            {"s": sids[0]})
        assert {k for (k,) in kinds} >= {"QueryReceived", "ExecutorFinished", "VerdictReached",
                                         "RuleEvaluationRecorded", "ComposeRequested", "AnswerDrafted",
                                         "AnswerComposed"}
        [(state,)] = store.query("SELECT state FROM gg_session_snapshots FINAL WHERE session_id = {s:String}",
                                 {"s": sids[0]})
        se = json.loads(state)["self_evaluation"]
        assert se["rule_evaluation"]["rule_score"] > 0
        assert se["verifier_evaluation"]["composer_output"]["status"] == "valid"
        assert se["verifier_evaluation"]["tool_trace_summary"]
        # a verdict's facts join, through the trace summary, to the tool invocations they used
        joined = store.query(
            "SELECT f.claim_id, c.tool_name, c.success FROM gg_facts AS f FINAL "
            "ARRAY JOIN f.source_invocation_ids AS inv "
            "INNER JOIN (SELECT * FROM gg_tool_calls FINAL) AS c ON c.invocation_id = inv "
            "WHERE f.session_id = {s:String} AND f.verification = 'direct_evidence'", {"s": sids[0]})
        assert joined and all(success for _, _, success in joined)
        assert {tool for _, tool, _ in joined} <= {"log_search", "kb_search"}
        roles = store.query("SELECT DISTINCT role FROM gg_model_calls WHERE session_id = {s:String}", {"s": sids[0]})
        assert {r for (r,) in roles} == {"planner", "executor", "verifier", "composer"}
    finally:
        store.close()
