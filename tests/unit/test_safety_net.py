"""The safety net holds whatever the Verifier says (issue 9): each rule, against scripted Verifiers
that lie, not only against the offline engine."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest

from app.domain.chat_service import decide
from app.domain.material import RoundDecision, filter_material
from app.domain.rounds import material
from app.domain.session import DiagnosisSession, evolve
from app.roles.base import VerifierInputs
from app.stages import verify
from events.models import (
    AnswerComposed,
    Claim,
    ClaimCheck,
    ComposeRequested,
    ExecutorFinished,
    ExecutorOutput,
    FactCheck,
    QueryReceived,
    RecommendedAction,
    StageFailed,
    ToolInvocation,
    VerdictReached,
    WatchdogFired,
)
from tests.unit.factories import T0, offline_roles, run_session, spy_on_verifier
from tests.unit.scripted import LyingVerifier, ScriptedExecutor, claim, inv, output, roles_with, trusting_facts

LOG = ("2026-11-29T09:40:12Z ingest-node-03 node-exporter: filesystem /var/log usage 97% (alert DISK-USAGE-HIGH)\n"
       "2026-11-29T09:52:30Z ingest-node-03 ingest-worker[4410]: write failed: No space left on device (ENOSPC)")
ENOSPC = "ingest-node-03 ingest-worker: write failed: No space left on device (ENOSPC)"
Q = "Why can't ingest-node-03 write its logs?"


def report(facts: list[dict[str, Any]], checks: list[tuple[str, str]] = (), verdict: str = "PASS",  # type: ignore[assignment]
           score: float = 1.0) -> str:
    return json.dumps({"verdict": verdict, "groundedness_score": score, "critical_fact_count": len(facts),
                       "facts_checked": facts, "rationale": "r",
                       "claim_checks": [{"claim_id": c, "classification": k} for c, k in checks]})


def verdict_of(claims: list[Claim], invs: list[ToolInvocation], script: Callable[[VerifierInputs], str] | None,
               question: str = Q) -> tuple[ExecutorFinished, VerdictReached]:
    ev = ExecutorFinished(session_id="s-net", original_query=question, occurred_at=T0, tool_invocations=invs,
                          executor_output=ExecutorOutput(claims=claims, user_facing_answer="CANARY"))
    roles = offline_roles()
    if script is not None:
        roles.verifier = LyingVerifier("scripted", script)
    return ev, asyncio.run(verify(ev, roles, T0))[1]


def folded(ev: ExecutorFinished, v: VerdictReached) -> DiagnosisSession:
    return evolve(evolve(evolve(None, QueryReceived(session_id=ev.session_id, query=ev.original_query,
                                                    occurred_at=T0)), ev), v)


# 1, 11 ------------------------------------------------------------------------------------------


def test_a_claim_the_gatekeeper_found_contradicted_is_contradicted_in_fact_and_claim_check() -> None:
    """The model says direct_observation, gives no claim_id: the contradiction still wins."""
    claims = [claim("c1", ENOSPC, ("i1",)), claim("c2", "filesystem /var/log usage 45% on ingest-node-03", ("i1",))]
    facts = [{"fact": c.text, "is_critical": True, "verification": "direct_evidence", "detail": "quoted",
              "evidence_refs": ["T1-1"]} for c in claims]
    ev, v = verdict_of(claims, [inv("i1", LOG)],
                       lambda i: report(facts, [("c1", "direct_observation"), ("c2", "direct_observation")]))
    fact = next(f for f in v.facts_checked if f.claim_id == "c2")
    check = next(c for c in v.claim_checks if c.claim_id == "c2")
    assert (fact.verification, check.classification) == ("contradicted", "contradicted")
    assert (v.verdict, v.groundedness_score) == ("REJECT", 0.0)
    m = material(folded(ev, v))
    assert m is not None and m.allowed_claims == [ENOSPC]
    assert not any("45%" in x for x in [*m.allowed_claims, *m.missing_info])


# 2, 15 ------------------------------------------------------------------------------------------


def test_a_ref_to_a_failed_call_is_no_support() -> None:
    claims = [claim("c1", "the ingest disk is full", ("i1",))]
    facts = [{"claim_id": "c1", "fact": "disk full", "is_critical": True, "verification": "direct_evidence",
              "detail": "d", "evidence_refs": [{"trace_ref": "T1-1", "source_invocation_ids": ["i1"]}]}]
    _, v = verdict_of(claims, [inv("i1", success=False, error="timed out")], lambda i: report(facts))
    assert v.facts_checked[0].verification == "no_evidence" and v.facts_checked[0].evidence_refs == []
    assert v.verdict == "LOW_CONFID" and v.dropped_refs == 1
    assert any(f.kind == "failed_call_ref" for f in v.gatekeeper_findings)


@pytest.mark.parametrize(
    ("cited", "kept"),
    [(["i-hit"], ["i-hit"]), (["i-failed", "i-hit"], ["i-hit"]), ([], ["i-hit"]), (["i-failed", "i-empty"], None),
     (["i-made-up"], None)],
    ids=["the-hit", "failed-and-hit", "none-cited", "only-failed-and-no-hit", "unknown-id"],
)
def test_a_refs_invocation_ids_are_those_cited_that_succeeded(cited: list[str], kept: list[str] | None) -> None:
    invs = [inv("i-failed", success=False, error="timeout"), inv("i-empty", '{"matches": []}'), inv("i-hit", LOG)]
    facts = [{"claim_id": "c1", "fact": "f", "is_critical": True, "verification": "direct_evidence", "detail": "d",
              "evidence_refs": [{"trace_ref": "T1-1", "source_invocation_ids": cited}]}]
    _, v = verdict_of([claim("c1", ENOSPC, ("i-hit",))], invs, lambda i: report(facts))
    [item] = v.tool_trace_summary
    assert item.source_invocation_ids == ["i-failed", "i-empty", "i-hit"] and item.effective_invocation_ids == ["i-hit"]
    refs = v.facts_checked[0].evidence_refs
    assert ([r.source_invocation_ids for r in refs] == [kept]) if kept else refs == []


# 3, 10 ------------------------------------------------------------------------------------------


def test_a_critical_claim_the_verifier_omits_is_no_evidence_counted_and_a_gap() -> None:
    claims = [claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped some days ago", ("i1",))]
    ev, v = verdict_of(claims, [inv("i1", LOG)], lambda i: report(trusting_facts(i)[:1]))
    assert [(f.claim_id, f.verification) for f in v.facts_checked] == [("c1", "direct_evidence"), ("c2", "no_evidence")]
    assert (v.critical_fact_count, v.verdict, v.groundedness_score) == (2, "LOW_CONFID", 0.5)
    m = material(folded(ev, v))
    assert m is not None and any("log [unverified]" in g for g in m.missing_info)


@pytest.mark.parametrize(("executor_critical", "verifier_critical"), [(False, True), (True, False)],
                         ids=["verifier-says-critical", "executor-says-critical"])
def test_evidence_gaps_come_from_the_reconciled_verifier_decision(executor_critical: bool,
                                                                 verifier_critical: bool) -> None:
    claims = [claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped", ("i1",), critical=executor_critical)]
    facts = [{"claim_id": "c1", "fact": "f", "is_critical": True, "verification": "direct_evidence", "detail": "d",
              "evidence_refs": ["T1-1"]},
             {"claim_id": "c2", "fact": "f", "is_critical": verifier_critical, "verification": "no_evidence",
              "detail": "d", "evidence_refs": []}]
    ev, v = verdict_of(claims, [inv("i1", LOG)], lambda i: report(facts))
    assert next(f for f in v.facts_checked if f.claim_id == "c2").is_critical
    m = material(folded(ev, v))
    assert m is not None and m.missing_info == ["Not confirmed by the evidence: log [unverified]"]  # gap_terms


def test_gaps_are_never_taken_from_the_executors_flag_alone() -> None:
    out = ExecutorOutput(claims=[claim("c1", "log rotation stopped", critical=True)])
    facts = [FactCheck(fact="f", claim_id="c1", is_critical=False, verification="no_evidence")]
    m = filter_material("q", "LOW_CONFID", [RoundDecision(output=out, facts=facts)])
    assert m.missing_info == []


# 4 ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("entity", ["ingest-node-09", "ERR-7781", "10.9.9.9", "13%"])
def test_a_fabricated_entity_in_a_non_critical_claim_never_reaches_the_material(entity: str) -> None:
    claims = [claim("c1", ENOSPC, ("i1",)), claim("c2", f"the write failure also involves {entity}", ("i1",),
                                                  critical=False)]
    ev, v = verdict_of(claims, [inv("i1", LOG)], lambda i: report(trusting_facts(i)))
    assert (v.verdict, v.groundedness_score) == ("REJECT", 0.0)
    m = material(folded(ev, v))
    assert m is not None and entity not in m.model_dump_json()


# 5 ----------------------------------------------------------------------------------------------

CONFIRMED_CAUSE = "According to runbook disk.md § Cause, a likely cause is: logrotate failed on ingest-node-03"


@pytest.mark.parametrize(
    ("verdict", "action", "reason", "shown"),
    [("PASS", "Free space on ingest-node-03", "", ("Free space on ingest-node-03", "")),
     ("PASS", "Reboot web-19", "", None),
     ("PASS", "Raise the memory limit because the root cause is a memory leak", "", None),
     ("PASS", "Restart logrotate", "the root cause is a memory leak", ("Restart logrotate", "")),
     ("PASS", "Fix logrotate on ingest-node-03 because logrotate failed", "",
      ("Fix logrotate on ingest-node-03 because logrotate failed", "")),
     ("REJECT", "Fix logrotate on ingest-node-03 because logrotate failed", "", None),
     ("PASS", "This is definitely the root cause: restart logrotate on ingest-node-03", "",
      ("This is a likely root cause: restart logrotate on ingest-node-03", "")),
     ("PASS", "内存泄漏导致故障，重启 ingest-node-03", "", None)],
    ids=["entities-confirmed", "entity-unconfirmed", "unconfirmed-cause", "cause-only-in-reason",
         "confirmed-cause", "reject-keeps-no-cause", "certain-wording-softened", "zh-unconfirmed-cause"],
)
def test_actions_reach_the_composer_only_when_supported(verdict: str, action: str, reason: str,
                                                        shown: tuple[str, str] | None) -> None:
    out = ExecutorOutput(claims=[claim("c1", ENOSPC), claim("c2", CONFIRMED_CAUSE, claim_type="inference")],
                         recommended_actions=[RecommendedAction(action_text=action, reason=reason)])
    checks = [ClaimCheck(claim_id="c1", classification="direct_observation"),
              ClaimCheck(claim_id="c2", classification="reasonable_inference")]
    m = filter_material(Q, verdict, [RoundDecision(output=out, claim_checks=checks)])  # type: ignore[arg-type]
    assert [(a.action_text, a.reason) for a in m.recommended_actions] == ([shown] if shown else [])


def test_no_action_is_shown_when_nothing_was_confirmed() -> None:
    out = ExecutorOutput(claims=[claim("c1", "restart it")],
                         recommended_actions=[RecommendedAction(action_text="Restart the service")])
    m = filter_material(Q, "LOW_CONFID", [RoundDecision(output=out)])
    assert m.recommended_actions == []


# 8 ----------------------------------------------------------------------------------------------


def _retry_session(round_2: tuple[list[ToolInvocation], ExecutorOutput], verifier: str = "offline"):  # noqa: ANN202
    r1 = ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped on Monday"),
                                   claim("c3", "the retention job was disabled last week")))
    roles = roles_with(verifier, ScriptedExecutor({1: r1, 2: round_2}))
    seen = spy_on_verifier(roles)
    log, state, [answer] = run_session(Q, roles=roles)
    return log, state, answer, seen


@pytest.mark.parametrize("verifier", ["offline", "all-direct", "model-replayed"])
def test_round_one_confirms_an_observation_round_two_finds_nothing_the_observation_stays(verifier: str) -> None:
    log, state, answer, seen = _retry_session(([inv("j1", '{"matches": []}')], ExecutorOutput()), verifier)
    first = [v for v in log if isinstance(v, VerdictReached) and v.round == 1][0]
    assert first.verdict == "LOW_CONFID" and first.groundedness_score < 0.5, "round 1 calls for a retry"
    assert answer.rounds == 2 and answer.verdict == "LOW_CONFID"
    assert ENOSPC in answer.final_answer
    assert any(t.trace_ref == "T1-1" and t.round == 1 for t in seen[1].tool_trace_summary), \
        "round 2's Verifier sees round 1's evidence"
    assert seen[1].retry_context is not None


def test_a_later_round_that_contradicts_a_confirmed_claim_removes_it() -> None:
    r1 = RoundDecision(round=1, output=ExecutorOutput(claims=[claim("c1", ENOSPC)]),
                       claim_checks=[ClaimCheck(claim_id="c1", classification="direct_observation")])
    r2 = RoundDecision(round=2, output=ExecutorOutput(claims=[claim("c2-1", ENOSPC)]),
                       claim_checks=[ClaimCheck(claim_id="c2-1", classification="contradicted")])
    assert filter_material(Q, "REJECT", [r1]).allowed_claims == [ENOSPC]
    assert filter_material(Q, "REJECT", [r1, r2]).allowed_claims == []


# 9 ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "says"),
    [("Why is the nightly backup job slow?",
      ["No evidence was found", "Searched without a usable result", "log_search (query=backup): failed",
       "kb_search (query=backup slow): nothing found", "Suggested next steps", "Re-run the searches"]),
     ("为什么夜间备份任务很慢？",
      ["未找到能够回答该问题的证据", "已检索但没有可用结果", "log_search (query=backup): 调用失败",
       "kb_search (query=backup slow): 未找到结果", "建议的下一步", "重新执行"])],
    ids=["en", "zh"],
)
def test_an_answer_with_nothing_confirmed_still_helps(question: str, says: list[str]) -> None:
    r1 = ([inv("i1", success=False, error="timeout", query="backup"),
           inv("i2", '{"hits": []}', tool="kb_search", query="backup slow")], ExecutorOutput())
    _, state, [answer] = run_session(question, roles=roles_with("offline", ScriptedExecutor({1: r1, 2: r1})))
    assert answer.composer_status == "not_called" and answer.verdict == "LOW_CONFID"
    for part in says:
        assert part in answer.final_answer, answer.final_answer


# 11 ---------------------------------------------------------------------------------------------


def test_a_deadline_degraded_answer_is_reject_zero_not_called_and_audited() -> None:
    ev, v = verdict_of([claim("c1", ENOSPC, ("i1",))], [inv("i1", LOG)], None)
    assert v.verdict == "PASS"
    s = folded(ev, v)
    nudge = WatchdogFired(session_id=s.session_id, kind="deadline", occurred_at=T0)
    after = evolve(s, nudge)
    [answer] = decide(s, after, nudge)
    assert isinstance(answer, AnswerComposed)
    assert (answer.verdict, answer.groundedness_score, answer.composer_status, answer.degraded_reason) == \
        ("REJECT", 0.0, "not_called", "deadline")
    assert after.verifier_evaluation is not None and after.verifier_evaluation.composer_output is not None
    assert after.verifier_evaluation.composer_output.status == "not_called"


def test_a_failed_stage_is_reject_zero_with_its_reason() -> None:
    ev, v = verdict_of([claim("c1", ENOSPC, ("i1",))], [inv("i1", LOG)], None)
    s = folded(ev, v)
    failed = StageFailed(session_id=s.session_id, stage="compose", reason="model_unavailable", occurred_at=T0)
    answer = evolve(s, failed).answer
    assert answer is not None
    assert (answer.verdict, answer.groundedness_score, answer.composer_status, answer.degraded_reason) == \
        ("REJECT", 0.0, "not_called", "model_unavailable")


def test_a_verifier_out_of_time_is_recorded_as_a_deadline_answer() -> None:
    class OutOfTime:
        async def verify(self, inputs: VerifierInputs, budget_s: float):  # noqa: ANN201
            from app.roles.llm import DeadlineExceeded

            raise DeadlineExceeded("no time left")

    roles = roles_with("offline", ScriptedExecutor({1: ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",))))}))
    roles.verifier = OutOfTime()
    log, _, [answer] = run_session(Q, roles=roles)
    [v] = [e for e in log if isinstance(e, VerdictReached)]
    assert v.verifier_status == "deadline_exceeded" and v.facts_checked[0].verification == "no_evidence"
    assert (answer.verdict, answer.groundedness_score, answer.degraded_reason, answer.composer_status) == \
        ("REJECT", 0.0, "deadline", "not_called")
    assert [e.mode for e in log if isinstance(e, ComposeRequested)] == ["degraded"]


def test_the_most_a_session_can_hold_still_gives_a_bounded_verdict() -> None:
    codes = " ".join(f"ERR-{n:04d}" for n in range(30))
    claims = [claim(f"c{k}", f"{codes} on web-{k}", tuple(f"T9-{n}" for n in range(50)) + ("i1",))
              for k in range(100)]
    facts = [{"fact": "x" * 50_000, "is_critical": True, "verification": "direct_evidence", "detail": "y" * 50_000,
              "evidence_refs": ["T1-1"] * 50} for _ in range(200)]
    _, v = verdict_of(claims, [inv("i1", LOG)], lambda i: report(facts))
    assert (v.verdict, v.groundedness_score) == ("REJECT", 0.0)
    assert len(v.gatekeeper_findings) <= 500 and len(v.facts_checked) <= 200
    assert len(v.model_dump_json()) < 2_000_000


def test_a_late_copy_of_round_ones_verdict_does_not_overwrite_round_twos_record() -> None:
    r1 = ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped on Monday"),
                                   claim("c3", "the retention job was disabled last week")))
    log, state, _ = run_session(Q, roles=roles_with("offline", ScriptedExecutor({1: r1})))
    first = next(e for e in log if isinstance(e, VerdictReached) and e.round == 1)
    late = first.model_copy(update={"event_id": first.event_id + "-late"})
    after = evolve(state, late)
    assert after.verifier_evaluation is not None and after.verifier_evaluation.round == 2
    assert after.self_evaluation == state.self_evaluation
