"""The Verifier with a model, through the real openai client replaying recorded responses."""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import httpx
import pytest

from app.roles.llm import ModelClient, RoleConfig
from app.roles.model import ModelVerifier
from app.stages import verify
from events.models import Claim, ExecutorFinished, ExecutorOutput, ToolInvocation, VerdictReached
from tests.replay import Replay, completion
from tests.unit.factories import T0, offline_roles

LOG = "2026-11-29T09:52:30Z ingest-node-03 ingest-worker[4410]: No space left on device (ENOSPC)"
EXECUTOR = ExecutorFinished(
    session_id="s-m", original_query="why can't ingest-node-03 write logs?", occurred_at=T0,
    tool_invocations=[ToolInvocation(invocation_id="inv-1", tool_name="log_search", arguments={"query": "ENOSPC"},
                                     output=LOG)],
    executor_output=ExecutorOutput(claims=[
        Claim(claim_id="c1", text="ingest-node-03 hit No space left on device (ENOSPC)", claim_type="observation",
              evidence_refs=["inv-1"]),
        Claim(claim_id="c2", text="the disk filled because log rotation stopped", claim_type="inference")]),
)


def report(verdict: str = "LOW_CONFID", score: float = 0.5, labels: tuple[str, str] = ("direct_evidence", "no_evidence"),
           refs: tuple[str, ...] = ("T1-1",)) -> str:
    facts = [{"claim_id": "c1", "fact": "ENOSPC on ingest-node-03", "is_critical": True, "verification": labels[0],
              "detail": "quoted", "evidence_refs": [{"trace_ref": r, "source_invocation_ids": ["inv-1"]} for r in refs]},
             {"claim_id": "c2", "fact": "rotation stopped", "is_critical": True, "verification": labels[1],
              "detail": "not in evidence", "evidence_refs": []}]
    return json.dumps({"verdict": verdict, "groundedness_score": score, "critical_fact_count": 2,
                       "facts_checked": facts,
                       "claim_checks": [{"claim_id": "c1", "classification": "direct_observation"},
                                        {"claim_id": "c2", "classification": "unsupported"}],
                       "rationale": "c1 quoted, c2 not"})


def run(*steps: Any) -> tuple[VerdictReached, Replay]:
    replay = Replay(*steps)
    roles = offline_roles()
    roles.verifier = ModelVerifier(ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1",
                                                          api_key="sk-test", model="verifier-1"),
                                               http_client=replay.client()))
    _, verdict = asyncio.run(verify(EXECUTOR, roles, T0))
    return verdict, replay


def test_a_valid_verdict_is_taken_and_its_inputs_were_explicit() -> None:
    v, replay = run(completion(report()))
    assert (v.verdict, v.groundedness_score, v.verifier_status) == ("LOW_CONFID", 0.5, "valid")
    body = replay.requests[0]
    prompt = body["messages"][0]["content"]
    assert body["response_format"]["type"] == "json_schema"
    assert "why can't ingest-node-03 write logs?" in prompt and '"trace_ref": "T1-1"' in prompt
    assert v.usage[0].prompt_hash and v.usage[0].input_tokens == 100 and v.usage[0].model == "verifier-1"


def test_a_verdict_that_disagrees_with_its_labels_is_overridden_and_recorded() -> None:
    v, _ = run(completion(report(verdict="PASS", score=0.95)))
    assert (v.verdict, v.groundedness_score, v.verifier_status) == ("LOW_CONFID", 0.5, "overridden")
    assert "verdict PASS -> LOW_CONFID" in v.overrides and "score 0.95 -> 0.5" in v.overrides


def test_prose_around_the_json_gets_one_repair_attempt() -> None:
    v, replay = run(completion("Here is my verdict:\n" + report()), completion(report()))
    assert v.verifier_status == "repaired" and v.verdict == "LOW_CONFID"
    assert len(replay.requests) == 2
    assert "rejected" in replay.requests[1]["messages"][-1]["content"]


@pytest.mark.parametrize("bad", ["```json\n" + report() + "\n```", report()[:120], "PASS",
                                 report().replace('"c1 quoted, c2 not"', '"c1 quoted\\udc00"')],
                         ids=["fenced", "truncated", "bare-word", "lone-surrogate-in-rationale"])
def test_output_that_stays_invalid_fails_closed_never_pass(bad: str) -> None:
    v, replay = run(completion(bad), completion(bad))
    assert len(replay.requests) == 2, "one repair attempt at most"
    assert (v.verdict, v.groundedness_score, v.verifier_status) == ("REJECT", 0.0, "fail_closed")


def test_refs_to_unknown_trace_refs_are_dropped_and_counted() -> None:
    v, _ = run(completion(report(verdict="PASS", score=1.0, labels=("direct_evidence", "direct_evidence"),
                                 refs=("T9-9", "T1-1"))))
    assert v.dropped_refs == 1
    assert [r.trace_ref for r in v.facts_checked[0].evidence_refs] == ["T1-1"]
    assert v.facts_checked[0].evidence_refs[0].source_invocation_ids == ["inv-1"]
    # c2 claimed direct evidence with no ref at all: downgraded, so no PASS.
    assert v.facts_checked[1].verification == "no_evidence" and v.verdict == "LOW_CONFID"


def test_a_model_cannot_pass_a_claim_the_gatekeeper_found_contradicted() -> None:
    ev = EXECUTOR.model_copy(update={"executor_output": ExecutorOutput(claims=[
        Claim(claim_id="c1", text="ingest-node-03 disk usage 45% with ENOSPC", evidence_refs=["inv-1"])])})
    ev = ev.model_copy(update={"tool_invocations": [ev.tool_invocations[0].model_copy(
        update={"output": LOG + "\nfilesystem usage 97% on ingest-node-03 disk"})]})
    replay = Replay(completion(json.dumps({
        "verdict": "PASS", "groundedness_score": 1.0, "critical_fact_count": 1, "rationale": "ok",
        "facts_checked": [{"claim_id": "c1", "fact": "45%", "is_critical": True, "verification": "direct_evidence",
                           "detail": "the log says so", "evidence_refs": ["T1-1"]}]})))
    roles = offline_roles()
    roles.verifier = ModelVerifier(ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1"),
                                               http_client=replay.client()))
    _, v = asyncio.run(verify(ev, roles, T0))
    assert (v.verdict, v.groundedness_score, v.verifier_status) == ("REJECT", 0.0, "overridden")
    assert any(f.kind == "contradicted_value" for f in v.gatekeeper_findings)
    assert (v.facts_checked[0].verification, v.claim_checks[0].classification) == ("contradicted", "contradicted")


def test_a_server_error_on_every_attempt_fails_closed() -> None:
    v, replay = run(*[httpx.Response(503, json={"error": {"message": "overloaded"}})] * 6)
    assert v.verdict == "REJECT" and v.verifier_status == "model_unavailable"
    assert len(replay.requests) == 3  # max_attempts, and not one more from the openai client
    assert [(u.status, u.attempts) for u in v.usage] == [("error", 3)]


def test_the_network_guard_refuses_a_real_endpoint() -> None:
    with pytest.raises(AssertionError, match="reach the network"), socket.create_connection(("93.184.216.34", 443), 1):
        pass


def test_a_verifier_that_runs_out_of_time_or_attempts_says_so_in_the_answer() -> None:
    from app.domain.chat_service import compose_request
    from app.domain.session import evolve
    from app.stages import compose
    from events.models import QueryReceived
    from tests.unit.factories import offline_roles as roles_

    v, _ = run(*[httpx.Response(503, json={"error": {"message": "overloaded"}})] * 6)
    assert v.verifier_status == "model_unavailable"
    state = evolve(evolve(evolve(None, QueryReceived(session_id="s-m", query="q?", occurred_at=T0)), EXECUTOR), v)
    request = compose_request(state)
    assert request.reason == "model_unavailable" and request.mode == "degraded"
    draft = asyncio.run(compose(request, roles_(), T0))
    assert "model service did not answer" in draft.final_answer
