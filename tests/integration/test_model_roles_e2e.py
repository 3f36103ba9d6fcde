"""A worker whose four roles are models behind an OpenAI-compatible endpoint, end to end on
the real broker: the real openai client, tool calls, usage in the events; and a model that
never answers, which the deadline turns into a degraded answer in time."""

from __future__ import annotations

import asyncio
import time

from tests.integration.fake_openai import FakeOpenAI
from tests.integration.harness import Cluster, query, unique

Q = "payments-api OOMKilled exit code 137"


def model_env(server: FakeOpenAI) -> dict[str, str]:
    return {"GROUNDGATE_MODEL_PROVIDER": "openai", "GROUNDGATE_MODEL_BASE_URL": server.base_url,
            "GROUNDGATE_MODEL_API_KEY": "sk-test", "GROUNDGATE_MODEL_MODEL": "fake-model",
            "GROUNDGATE_MODEL_MAX_ATTEMPTS": "2"}


def test_a_session_on_model_roles_end_to_end(cluster: Cluster) -> None:
    with FakeOpenAI() as server:
        cluster.worker(**model_env(server)).start()
        sid = unique("model")
        asyncio.run(cluster.produce("query", [query(sid, Q)]))
        [a] = asyncio.run(cluster.answers({sid}, timeout_s=60))[sid]
    assert (a["verdict"], a["composer_status"]) == ("PASS", "valid")
    assert a["final_answer"].startswith("From the logs:") and "OOMKilled" in a["final_answer"]
    assert "CANARY-FAKE-MODEL" not in a["final_answer"]
    executor = [m for m in asyncio.run(cluster.read_all("executor-result", timeout_s=3)) if m.get("session_id") == sid]
    invs = executor[0]["tool_invocations"]
    assert [i["tool_name"] for i in invs] == ["log_search"] and invs[0]["success"]
    assert {u["role"] for u in executor[0]["usage"]} == {"planner", "executor"}
    assert all(u["model"] == "fake-model" and u["prompt_hash"] for u in executor[0]["usage"])
    roles_called = {r["messages"][0]["content"].split(" of ")[0] for r in server.requests}
    assert {"You are the Planner", "You are the Executor", "You are the Verifier", "You are the Composer"} <= roles_called


def test_a_model_that_never_answers_ends_in_a_degraded_answer_before_the_deadline(cluster: Cluster) -> None:
    with FakeOpenAI(hang_roles=("Verifier",)) as server:
        # However many attempts are allowed, a request that timed out is not sent again: the
        # session is answered once the Verifier's one call has timed out, not at the deadline.
        cluster.worker(**{**model_env(server), "GROUNDGATE_MODEL_MAX_ATTEMPTS": "20"},
                       GROUNDGATE_MODEL_TIMEOUT_S="2").start()
        sid = unique("hang")
        started = time.monotonic()
        asyncio.run(cluster.produce("query", [query(sid, Q, deadline_s=20)]))
        [a] = asyncio.run(cluster.answers({sid}, timeout_s=30))[sid]
        elapsed = time.monotonic() - started
    assert (a["verdict"], a["composer_status"], a["groundedness_score"]) == ("REJECT", "not_called", 0.0)
    assert a["degraded_reason"] == "model_unavailable", a["final_answer"]
    assert len([r for r in server.requests if "You are the Verifier" in r["messages"][0]["content"]]) == 1
    assert elapsed < 2 + 6, f"answered {elapsed:.1f}s after the query, the Verifier's timeout 2s, deadline 20s"


MODES = ("endless", "example", "garbage", "timeout")


def test_a_run_with_every_failure_mode_is_audited_whole(cluster: Cluster) -> None:
    """Every way a model can fail, in every role, beside a retry round, a REJECT, a deadline and
    hostile input, on the real broker and store: each session is answered once and stored with one
    answered snapshot, and the store holds one row per model call, whose attempts add up to the
    requests the model server received for that session, each with how it ended."""
    from app.audit.store import AuditStore

    cases: dict[str, tuple[str, float]] = {unique("ok"): ("", 20.0)}
    for role in ("planner", "executor", "verifier", "composer"):
        for mode in MODES:
            cases[unique(f"{role}-{mode}")] = (f"gg-fail={role}:{mode}", 20.0)
    cases[unique("retry")] = ("gg-script=retry", 20.0)
    cases[unique("reject")] = ("gg-script=fabricate", 20.0)
    # the deadline leaves verify less than its per-call timeout: the call is cut by the deadline
    cases[unique("deadline")] = ("gg-fail=verifier:timeout", 1.8)
    hostile = unique("hostile")
    with FakeOpenAI() as server:
        w = cluster.worker(**{**model_env(server), "GROUNDGATE_MODEL_MAX_ATTEMPTS": "3"},
                           GROUNDGATE_MODEL_TIMEOUT_S="3").start()  # a timeout mode waits it out; 1 s cut replies on a loaded machine
        asyncio.run(cluster.produce("query", [query(sid, f"{Q} {script} case {sid}", deadline_s=deadline)
                                              for sid, (script, deadline) in cases.items()]
                                    + [(hostile, b"{'session_id': not json")]))
        answers = asyncio.run(cluster.answers({*cases, hostile}, timeout_s=90, settle_s=2))
        w.wait_audit_caught_up()
        requests = {sid: len(server.requests_of(f"case {sid}")) for sid in cases}
    w.stop()

    assert {sid: len(a) for sid, a in answers.items() if sid in {*cases, hostile}} == \
        dict.fromkeys([*cases, hostile], 1), "one answer per session"
    by = {sid: a[0] for sid, a in answers.items()}
    assert by[hostile]["degraded_reason"] == "invalid_input"
    retry, reject, deadline = (next(s for s in cases if s.startswith(p)) for p in ("retry-", "reject-", "deadline-"))
    assert by[retry]["rounds"] == 2 and by[reject]["verdict"] == "REJECT"
    assert by[deadline]["degraded_reason"] == "deadline"
    for sid, a in by.items():
        assert "<|im_start|>" not in a["final_answer"] and "Sure!" not in a["final_answer"], sid

    store = AuditStore(w.env["GROUNDGATE_CLICKHOUSE_DSN"])
    try:
        ids = sorted({*cases, hostile})
        snaps = store.query("SELECT session_id, stage, count() FROM gg_session_snapshots FINAL "
                            "WHERE session_id IN {ids:Array(String)} GROUP BY session_id, stage", {"ids": ids})
        assert sorted(snaps) == [(sid, "answered", 1) for sid in ids], "one answered snapshot per session"
        calls = store.query("SELECT session_id, role, status, error, attempts FROM gg_model_calls FINAL "
                            "WHERE session_id IN {ids:Array(String)}", {"ids": ids})
    finally:
        store.close()
    sent = {sid: sum(a for s, *_, a in calls if s == sid) for sid in cases}
    assert sent == requests, "each request the model received is an attempt of one recorded call"
    for sid, (script, _) in cases.items():
        mine = [(role, status, error) for s, role, status, error, _ in calls if s == sid]
        if not script.startswith("gg-fail="):
            assert {status for _, status, _ in mine} == {"ok"}, (sid, mine)
            continue
        if sid == deadline:  # cut by the deadline, or (on a loaded machine) never started: no time left
            assert all(status == "timeout" for role, status, _ in mine if role == "verifier"), (sid, mine)
            continue
        role, mode = script.removeprefix("gg-fail=").split(":")
        failed = [(status, error) for r, status, error in mine if r == role and status != "ok"]
        want = "timeout" if mode == "timeout" else "unusable"
        assert failed and {status for status, _ in failed} == {want}, (sid, mine)
        if mode != "timeout":
            reason = {"endless": "truncated", "garbage": "not_json",
                      "example": "schema" if role == "verifier" else "placeholder"}[mode]
            assert all(error.startswith(f"{reason}:") for _, error in failed), (sid, failed)
        if role in ("planner", "executor"):
            others = {r for r, _, _ in mine}
            assert role == "planner" or "planner" in others, "the Planner's call is recorded when the Executor fails"
