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


def test_a_model_that_never_answers_ends_in_a_degraded_answer_by_the_deadline(cluster: Cluster) -> None:
    with FakeOpenAI(hang_roles=("Verifier",)) as server:
        # Attempts outlast the budget, so it is the deadline that ends the session.
        cluster.worker(**{**model_env(server), "GROUNDGATE_MODEL_MAX_ATTEMPTS": "20"},
                       GROUNDGATE_MODEL_TIMEOUT_S="2").start()
        sid = unique("hang")
        started = time.monotonic()
        asyncio.run(cluster.produce("query", [query(sid, Q, deadline_s=5)]))
        [a] = asyncio.run(cluster.answers({sid}, timeout_s=30))[sid]
        elapsed = time.monotonic() - started
    assert (a["verdict"], a["composer_status"], a["groundedness_score"]) == ("REJECT", "not_called", 0.0)
    assert "deadline" in a["final_answer"], a["final_answer"]
    assert elapsed < 5 + 6, f"answered {elapsed:.1f}s after the query, deadline 5s"
