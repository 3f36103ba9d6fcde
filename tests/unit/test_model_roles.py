"""Every role on a model, through the real openai client replaying recorded responses."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest

from app.roles.base import Plan
from app.roles.build import build_roles
from app.roles.llm import DeadlineExceeded, ModelClient, ModelRejected, ModelUnusable, RoleConfig
from app.roles.model import ModelExecutor
from app.settings import Settings, role_configs
from app.tools.base import Tool
from app.tools.builtin import builtin_registry
from events.models import derived_id
from tests.replay import Replay, completion
from tests.unit.factories import run_session

Q = "Why do payments-api pods keep restarting with exit code 137?"
MODEL_ENV = {"GROUNDGATE_MODEL_PROVIDER": "openai", "GROUNDGATE_MODEL_BASE_URL": "http://model.test/v1",
             "GROUNDGATE_MODEL_API_KEY": "sk-test", "GROUNDGATE_VERIFIER_MODEL": "verifier-big"}


def model_roles(replay: Replay, tools=None):  # noqa: ANN001, ANN201
    settings = Settings(roles=role_configs(MODEL_ENV))
    return build_roles(settings, tools=tools, http_client=replay.client())


def test_roles_are_chosen_by_configuration_only() -> None:
    cfg = role_configs({"GROUNDGATE_VERIFIER_PROVIDER": "openai", "OPENAI_API_KEY": "sk-x",
                        "GROUNDGATE_VERIFIER_MODEL": "m1", "GROUNDGATE_COMPOSER_MODEL": "m2"})
    assert [cfg[r].provider for r in ("planner", "executor", "verifier", "composer")] == \
        ["offline", "offline", "openai", "offline"]
    assert cfg["verifier"].model == "m1" and cfg["composer"].model == "m2"
    assert "sk-x" not in repr(cfg["verifier"]) and cfg["verifier"].api_key.get_secret_value() == "sk-x"


def test_a_full_session_on_model_roles() -> None:
    inv0, inv1 = derived_id("s-1", 1, "tool", 0), derived_id("s-1", 1, "tool", 1)
    executor_json = {"claims": [
        {"claim_id": "c1", "text": "payments-api container payments-api terminated: OOMKilled, exit code 137",
         "claim_type": "observation", "is_critical": True, "evidence_refs": [inv0]},
        {"claim_id": "c2", "text": "Pods of payments-api restart with reason OOMKilled and exit code 137",
         "claim_type": "inference", "is_critical": True, "evidence_refs": [inv1]}],
        "hypotheses": [], "missing_info": [], "recommended_actions": [{"action_text": "Raise the memory limit"}],
        "user_facing_answer": "CANARY-MODEL-UFA"}
    verifier_json = {"verdict": "PASS", "groundedness_score": 0.8, "critical_fact_count": 2, "rationale": "quoted",
                     "facts_checked": [
                         {"claim_id": "c1", "fact": "OOMKilled 137", "is_critical": True, "detail": "quoted",
                          "verification": "direct_evidence", "evidence_refs": [{"trace_ref": "T1-1"}]},
                         {"claim_id": "c2", "fact": "runbook symptom", "is_critical": True, "detail": "runbook",
                          "verification": "indirect_support", "evidence_refs": [{"trace_ref": "T1-2"}]}],
                     "claim_checks": [{"claim_id": "c1", "classification": "direct_observation"},
                                      {"claim_id": "c2", "classification": "reasonable_inference"}]}
    composer_json = {"answer_summary": "OOMKilled", "recommended_actions": [],
                     "user_facing_answer": "payments-api is OOMKilled (exit code 137)."}
    replay = Replay(
        completion(json.dumps({"steps": ["logs", "runbook"], "calls": []})),
        completion(None, tool_calls=[("call_a", "log_search", {"query": "payments-api OOMKilled exit code 137"}),
                                     ("call_b", "kb_search", {"query": "payments-api OOMKilled exit code 137"})]),
        completion(json.dumps(executor_json)),
        completion(json.dumps(verifier_json)),
        completion(json.dumps(composer_json)),
    )
    log, state, [answer] = run_session(Q, roles=model_roles(replay))
    assert (answer.verdict, answer.composer_status) == ("PASS", "valid")
    assert answer.final_answer == "payments-api is OOMKilled (exit code 137)."
    executed = next(e for e in log if e.event_type == "ExecutorFinished")
    assert [i.invocation_id for i in executed.tool_invocations] == [inv0, inv1]
    assert all(i.success and i.duration_ms is not None for i in executed.tool_invocations)
    # the tool results went back to the model, each labelled with its invocation id
    tool_msgs = [m for m in replay.requests[2]["messages"] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_msgs] == ["call_a", "call_b"] and inv0 in tool_msgs[0]["content"]
    assert "tools" in replay.requests[1]
    # usage of every call, with prompt hashes, per role
    usages = [u for e in log for u in getattr(e, "usage", [])]
    assert {u.role for u in usages} == {"planner", "executor", "verifier", "composer"}
    assert all(u.prompt_hash and u.input_tokens == 100 for u in usages)
    assert next(u for u in usages if u.role == "verifier").model == "verifier-big"
    # the Composer saw only filtered material
    composer_prompt = replay.requests[4]["messages"][0]["content"]
    assert "CANARY-MODEL-UFA" not in composer_prompt and "2026-11-30T03:11:20Z" not in composer_prompt


def test_a_429_then_success_is_retried_within_the_budget() -> None:
    replay = Replay(httpx.Response(429, json={"error": {"message": "slow down"}}), completion('{"a": 1}'))
    slept: list[float] = []

    async def fake_sleep(s: float) -> None:
        slept.append(s)

    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1"), http_client=replay.client(),
                         sleep=fake_sleep)
    reply = asyncio.run(client.complete([{"role": "user", "content": "x"}], budget_s=10))
    assert reply.text == '{"a": 1}' and reply.attempts == 2 and len(slept) == 1 and 0 < slept[0] <= 1


def test_a_model_that_times_out_exhausts_the_deadline_and_stops_in_time() -> None:
    async def hang(request: httpx.Request) -> httpx.Response:
        await asyncio.sleep(30)
        raise AssertionError("unreachable")

    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1", timeout_s=20),
                         http_client=httpx.AsyncClient(transport=httpx.MockTransport(hang)))
    started = time.monotonic()
    with pytest.raises(DeadlineExceeded):
        asyncio.run(client.complete([{"role": "user", "content": "x"}], budget_s=1.5))
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(("status", "message", "kind"), [(401, "Incorrect API key", "AuthenticationError"),
                                                         (404, "model not found", "NotFoundError")],
                         ids=["bad-key", "unknown-model"])
def test_a_rejected_request_is_a_clear_error_not_a_retry(status: int, message: str, kind: str) -> None:
    replay = Replay(httpx.Response(status, json={"error": {"message": message}}))
    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1"), http_client=replay.client())
    with pytest.raises(ModelRejected, match=f"HTTP {status} \\({kind}\\)") as exc:
        asyncio.run(client.complete([{"role": "user", "content": "x"}], budget_s=5))
    assert message not in str(exc.value), "only the class and status travel (an endpoint may echo the key)"
    assert len(replay.requests) == 1


def _executor(replay: Replay, tools=None):  # noqa: ANN001, ANN202
    client = ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1"), http_client=replay.client(),
                         role="executor")
    return asyncio.run(ModelExecutor(client).execute("s-x", Q, Plan(), tools or builtin_registry(), 1, 10))


def test_an_executor_that_ignores_the_json_schema_fails_fast_and_says_why() -> None:
    replay = Replay(completion("The pods crash because of memory, I think."))
    with pytest.raises(ModelUnusable, match="not_json") as exc:
        _executor(replay)
    [call] = exc.value.calls
    assert (call.role, call.status) == ("executor", "unusable") and call.error.startswith("not_json:")
    assert len(replay.requests) == 1, "an unusable reply is not asked for again"


def test_a_tool_call_to_an_unknown_tool_is_recorded_as_a_failed_fact() -> None:
    replay = Replay(completion(None, tool_calls=[("c1", "delete_prod", {"query": "x"})]),
                    completion(json.dumps({"claims": []})))
    invs, _, _ = _executor(replay)
    assert [(i.tool_name, i.success) for i in invs] == [("delete_prod", False)]
    assert "unknown tool" in invs[0].error
    assert "ERROR: unknown tool" in replay.requests[1]["messages"][-1]["content"]


def test_a_tool_that_raises_is_recorded_as_a_failed_fact() -> None:
    tools = builtin_registry()

    def broken(query: str) -> str:
        raise RuntimeError("index corrupted")

    tools.register(Tool("broken_search", "always fails", {"type": "object"}, broken))
    replay = Replay(completion(None, tool_calls=[("c1", "broken_search", {"query": "x"}),
                                                 ("c2", "log_search", "{not json")]),
                    completion(json.dumps({"claims": []})))
    invs, _, _ = _executor(replay, tools)
    assert [(i.tool_name, i.success) for i in invs] == [("broken_search", False), ("log_search", False)]
    assert "index corrupted" in invs[0].error and "bad arguments" in invs[1].error


def test_the_number_of_tool_calls_is_bounded() -> None:
    calls = [(f"c{i}", "log_search", {"query": f"q{i}"}) for i in range(5)]
    replay = Replay(*[completion(None, tool_calls=calls)] * 2, completion(json.dumps({"claims": []})))
    invs, _, usage = _executor(replay)
    assert len(invs) == 10 and len(usage) == 3
    assert "tools" not in replay.requests[-1], "the last call may no longer call tools"


def test_a_model_that_calls_a_tool_every_turn_is_asked_for_its_answer_on_the_last() -> None:
    one = [("c", "log_search", {"query": "q"})]
    replay = Replay(*[completion(None, tool_calls=one)] * 4, completion(json.dumps({"claims": []})))
    invs, out, usage = _executor(replay)
    assert len(invs) == 4 and out.claims == [] and len(usage) == 5
    assert "tools" in replay.requests[3] and "tools" not in replay.requests[4]
