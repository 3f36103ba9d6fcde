"""Issue 29's rules on what the user reads beyond the Composer's text, each with a test that fails
when the rule is switched off: actions judged, gap lines masked, REJECT telling why, relevance,
the retry's verdict covering round 1, and no silent second round for a client's own Executor."""

from __future__ import annotations

import asyncio

import pytest

from app.domain.material import RoundDecision, filter_material
from app.domain.provenance import mask
from app.domain.relevance import floor
from app.domain.specific import specific_tokens
from app.roles.base import RoleResult
from app.roles.llm import ModelUnavailable
from app.stages import compose
from events.models import ClaimCheck, ExecutorOutput, RecommendedAction, Usage, VerdictReached
from tests.unit.factories import T0, offline_roles, run_session, spy_on_verifier
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with
from tests.unit.test_safety_net import ENOSPC, LOG, Q

# actions, gaps, REJECT ---------------------------------------------------------------------------

RUNBOOK = "disk-full.md § Remediation: Free space under /var/log on the host, then restart logrotate.timer"


@pytest.mark.parametrize(("verdict", "action", "shown"), [
    ("PASS", "Restart logrotate.timer", True), ("PASS", "Restart kestrel to clear the leak", False),
    ("PASS", "Delete all old logs immediately", False), ("REJECT", "Restart logrotate.timer", True),
    ("REJECT", "Free space on ingest-node-03", False)],
    ids=["runbook-action", "invented-host", "untraced", "reject-runbook-action", "reject-claim-action"])
def test_actions_are_traced_to_a_verified_claim_or_the_runbook_it_cites(verdict: str, action: str,
                                                                       shown: bool) -> None:
    from events.models import EvidenceRef, FactCheck

    out = ExecutorOutput(claims=[claim("c1", ENOSPC, ("i1",))], recommended_actions=[RecommendedAction(action_text=action)])
    d = RoundDecision(output=out, claim_checks=[ClaimCheck(claim_id="c1", classification="direct_observation")],
                      facts=[FactCheck(fact=ENOSPC, claim_id="c1", is_critical=True, verification="direct_evidence",
                                       evidence_refs=[EvidenceRef(trace_ref="T1-1"), EvidenceRef(trace_ref="T1-2")])])
    m = filter_material(Q, verdict, [d], evidence=LOG, cited={"T1-1": [LOG], "T1-2": [RUNBOOK]},  # type: ignore[arg-type]
                        runbooks=frozenset({"T1-2"}))
    assert bool(m.recommended_actions) is shown


def test_on_reject_an_inference_is_not_a_confirmed_fact() -> None:
    out = ExecutorOutput(claims=[claim("c1", ENOSPC), claim("c2", "logrotate probably stopped", claim_type="inference")])
    checks = [ClaimCheck(claim_id="c1", classification="direct_observation"),
              ClaimCheck(claim_id="c2", classification="reasonable_inference")]
    assert len(filter_material(Q, "LOW_CONFID", [RoundDecision(output=out, claim_checks=checks)]).allowed_claims) == 2
    assert filter_material(Q, "REJECT", [RoundDecision(output=out, claim_checks=checks)]).allowed_claims == [ENOSPC]


@pytest.mark.parametrize("gap", ["the broker kestrel stopped", "HTTP 502 on checkout-gw", "ЕRR-7781 at 09:58",
                                 "usage reached ninety percent", "version 1.4.3 of logrotate"])
def test_a_gap_line_never_repeats_an_unverified_specific(gap: str) -> None:
    masked = mask(gap, "checkout-gw HTTP 503 ERR-7781 version 1.4.2")
    assert all(t in "checkout-gw HTTP 503 ERR-7781 version 1.4.2" or t in ("[unverified]",)
               for t in specific_tokens(masked.replace("[unverified]", "")))
    assert "[unverified]" in masked


@pytest.mark.parametrize(("claims", "says", "not_says"), [
    ([claim("c1", "filesystem /var/log usage 45% on ingest-node-03", ("i1",))], "The evidence contradicts",
     "No evidence was found"),
    ([claim("c1", "ingest-worker crashed with ERR-7781", ("i1",))], "names things that no evidence holds",
     "No evidence was found")], ids=["contradicted", "fabricated"])
def test_a_reject_says_why(claims: list, says: str, not_says: str) -> None:
    roles = roles_with("all-direct", ScriptedExecutor({1: ([inv("i1", LOG)], output(*claims))}))
    _, _, [answer] = run_session(Q, roles=roles)
    assert answer.verdict == "REJECT" and says in answer.final_answer and not_says not in answer.final_answer


def test_nothing_confirmed_with_evidence_found_does_not_say_nothing_was_found() -> None:
    roles = roles_with("offline", ScriptedExecutor({1: ([inv("i1", LOG)], output(claim("c1", "the backup is slow")))}))
    _, _, [answer] = run_session("Why is the nightly backup job slow?", roles=roles)
    assert "does not confirm the claims" in answer.final_answer and "No evidence was found" not in answer.final_answer


class _FailingVerifier:
    """A Verifier whose check never gives a usable verdict: prose, or no answer at all."""

    def __init__(self, failure: str) -> None:
        self.failure = failure

    async def verify(self, inputs: object, budget_s: float) -> RoleResult:
        if self.failure == "unavailable":
            raise ModelUnavailable("verifier: HTTP 503 (InternalServerError)")
        return RoleResult(text="Sure! The answer looks right to me.", usage=Usage(role="verifier", model="prose"))


@pytest.mark.parametrize("failure", ["unusable", "unavailable"])
def test_a_failed_check_says_the_check_failed_not_that_the_evidence_does_not_confirm(failure: str) -> None:
    roles = roles_with("offline", ScriptedExecutor({1: ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",))))}))
    roles.verifier = _FailingVerifier(failure)  # type: ignore[assignment]
    _, _, [answer] = run_session(Q, roles=roles)
    assert answer.verdict == "REJECT" and "could not be checked against the evidence" in answer.final_answer
    assert "does not confirm" not in answer.final_answer and "No evidence was found" not in answer.final_answer


# relevance ---------------------------------------------------------------------------------------


def test_the_floor_tells_an_off_topic_finding() -> None:
    disk = "ingest-node-03 node-exporter: filesystem /var/log usage 97% (alert DISK-USAGE-HIGH)"
    assert floor("How do I fix the Kafka consumer lag alert?", [disk]) == "off_topic"
    assert floor("Why can't ingest-node-03 write its logs?", [disk]) == "relevant"
    assert floor("what is wrong?", [disk]) == ""


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
def test_an_off_topic_answer_is_never_pass_and_says_so(verifier: str) -> None:
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",))))}))
    log, _, [answer] = run_session("How do I fix the Kafka consumer lag alert?", roles=roles)
    assert answer.verdict != "PASS" and "does not address the question" in answer.final_answer
    assert all(v.relevance == "off_topic" for v in log if isinstance(v, VerdictReached))


def test_the_offline_retrieval_does_not_answer_a_kafka_question_with_a_disk_alert() -> None:
    _, _, [answer] = run_session("How do I fix the Kafka consumer lag alert?")
    assert "DISK-USAGE-HIGH" not in answer.final_answer and "ingest-node-03" not in answer.final_answer


# the retry round ---------------------------------------------------------------------------------

ROTATION = "2026-11-29T09:41:00Z ingest-node-03 logrotate: rotation stopped on Monday"


def test_the_verdict_after_round_two_covers_round_ones_critical_claims() -> None:
    r1 = ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped on Monday"),
                                   claim("c3", "the retention job was disabled")))
    r2 = ([inv("j1", "2026-11-29T09:53:00Z ingest-node-03 df: /var/log 100% used")],
          output(claim("d1", "ingest-node-03 df: /var/log 100% used", ("j1",))))
    roles = roles_with("all-direct", ScriptedExecutor({1: r1, 2: r2}))
    seen = spy_on_verifier(roles)
    log, _, [answer] = run_session(Q, roles=roles)
    last = [v for v in log if isinstance(v, VerdictReached)][-1]
    assert last.round == 2 and {"r1:c2", "r1:c3"} <= {f.claim_id for f in last.facts_checked}
    assert {c["claim_id"] for c in seen[1].executor_final_answer["claims"]} >= {"r1:c2", "r1:c3"}
    assert answer.verdict != "PASS" and "Not confirmed by the evidence: log [unverified] on [unverified]" in answer.final_answer


def test_round_two_evidence_confirms_a_round_one_claim() -> None:
    r1 = ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",)), claim("c2", "logrotate: rotation stopped on Monday"),
                                   claim("c3", "the retention job was disabled")))
    r2 = ([inv("j1", ROTATION)], output(claim("d1", "ingest-node-03 logrotate: rotation stopped on Monday", ("j1",))))
    log, _, [answer] = run_session(Q, roles=roles_with("offline", ScriptedExecutor({1: r1, 2: r2})))
    last = [v for v in log if isinstance(v, VerdictReached)][-1]
    assert last.round == 2
    assert next(f for f in last.facts_checked if f.claim_id == "r1:c2").verification == "direct_evidence"
    assert "Not confirmed by the evidence: logrotate" not in answer.final_answer
    assert "Not confirmed by the evidence: the [unverified] was [unverified]" in answer.final_answer  # gap_terms


def test_round_two_judges_a_claim_on_round_ones_evidence_without_its_calls() -> None:
    """The Gatekeeper reads the items carried over from round 1 as evidence: round 2 restating
    round 1's line (its own search found nothing) is not fabricated."""
    r1 = ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped on Monday"),
                                   claim("c3", "the retention job was disabled")))
    r2 = ([inv("j1", '{"matches": []}')], output(claim("d1", ENOSPC, ("T1-1",))))
    log, _, _ = run_session(Q, roles=roles_with("all-direct", ScriptedExecutor({1: r1, 2: r2})))
    last = [v for v in log if isinstance(v, VerdictReached)][-1]
    assert last.round == 2 and not [f for f in last.gatekeeper_findings if f.claim_id == "d1"]
    assert next(f for f in last.facts_checked if f.claim_id == "d1").verification == "direct_evidence"


def test_a_session_a_clients_executor_opened_gets_no_silent_second_round() -> None:
    """Bring your own Executor: a weak round 1 is answered LOW_CONFID with its disclaimer and the
    reason, never by a second round of the built-in Executor over the demo corpus."""
    from app.domain.chat_service import decide
    from app.domain.session import evolve
    from app.stages import verify
    from events.models import ComposeRequested, ExecutorFinished, RetryRequested

    ev = ExecutorFinished(session_id="byo", original_query=Q, occurred_at=T0, tool_invocations=[inv("i1", LOG)],
                          executor_output=output(claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped"),
                                                 claim("c3", "the retention job was disabled")))
    _, v = asyncio.run(verify(ev, offline_roles(), T0))
    assert v.verdict == "LOW_CONFID" and v.groundedness_score < 0.5
    s1 = evolve(None, ev)
    s2 = evolve(s1, v)
    outs = decide(s1, s2, v)
    assert not any(isinstance(o, RetryRequested) for o in outs)
    [req] = [o for o in outs if isinstance(o, ComposeRequested)]
    assert req.mode == "disclaimer" and "No second evidence round" in req.material.note
    d = asyncio.run(compose(req, offline_roles(), T0))
    assert "No second evidence round" in d.final_answer
    answered = evolve(evolve(s2, req), d)
    assert answered.answer is not None and answered.answer.verdict == "LOW_CONFID" and answered.answer.rounds == 1


def test_with_client_retry_a_clients_executor_answers_the_second_round() -> None:
    """GROUNDGATE_BYO_RETRY=client: the weak round 1 of a client's own Executor asks that client for
    round 2 (a RetryRequested for the client, with its retry context); its round-2 result is
    verified, and the answer covers both rounds."""
    from app.domain.chat_service import decide
    from app.domain.session import evolve
    from app.stages import verify
    from events.models import ComposeRequested, ExecutorFinished, RetryRequested

    ev = ExecutorFinished(session_id="byo2", original_query=Q, occurred_at=T0, tool_invocations=[inv("i1", LOG)],
                          executor_output=output(claim("c1", ENOSPC, ("i1",)), claim("c2", "log rotation stopped"),
                                                 claim("c3", "the retention job was disabled")))
    _, v = asyncio.run(verify(ev, offline_roles(), T0))
    s1 = evolve(None, ev, client_retry=True)
    s2 = evolve(s1, v, client_retry=True)
    [retry] = decide(s1, s2, v)
    assert isinstance(retry, RetryRequested) and retry.executor == "client" and retry.round == 2
    assert retry.retry_context.missing and retry.retry_context.prior_claims
    s3 = evolve(s2, retry, client_retry=True)
    assert (s3.round, s3.stage) == (2, "investigating")
    ev2 = ExecutorFinished(session_id="byo2", round=2, causation_id=retry.event_id, original_query=Q, occurred_at=T0,
                           retry_context=retry.retry_context,  # echoed by the client: round 2 judges round 1's gaps
                           tool_invocations=[inv("j1", LOG)], executor_output=output(claim("d1", ENOSPC, ("j1",))))
    s4 = evolve(s3, ev2, client_retry=True)
    assert (s4.round, s4.stage) == (2, "verifying")
    _, v2 = asyncio.run(verify(ev2, offline_roles(), T0))
    assert {f.claim_id for f in v2.facts_checked} >= {"d1", "r1:c2", "r1:c3"}  # round 1's gaps judged again
    s5 = evolve(s4, v2, client_retry=True)
    [req] = [o for o in decide(s4, s5, v2) if isinstance(o, ComposeRequested)]
    assert req.round == 2 and "No second evidence round" not in req.material.note
    d = asyncio.run(compose(req, offline_roles(), T0))
    answered = evolve(evolve(s5, req, client_retry=True), d, client_retry=True)
    assert answered.answer is not None and answered.answer.rounds == 2
    # a session a query opened keeps its retry for the built-in Executor
    log, _, _ = run_session("Why is the nightly backup job slow?")
    retries = [r for r in log if isinstance(r, RetryRequested)]
    assert retries and all(r.executor == "builtin" for r in retries)
