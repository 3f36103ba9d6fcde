"""The verdict and the answer judge a claim by one rule (app/domain/claimtrace.py): a claim is
support in the verdict only where the answer shows it as a finding, so a PASS always shows its
findings and no claim the verdict counts is refused by the answer. The rule on its own (a claim
joining two lines by a cause no line gives, a claim citing one item for what another holds, an
overstated claim), against the offline engine, scripted lying Verifiers and lying Composers,
English and Chinese, with honest twins; then the agreement as a property of every session the
labelled benchmark cases and the scripted Verifiers produce."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.domain.claimtrace import untraced_claim
from app.domain.reconcile import reconcile
from app.domain.trace import summarise_trace
from app.domain.verifier import VerifierReport
from events.models import AnswerComposed
from tests.unit.factories import run_session
from tests.unit.scripted import (
    COMPOSER_LIES,
    VERIFIERS,
    LyingComposer,
    LyingVerifier,
    ScriptedExecutor,
    claim,
    inv,
    labelled_case,
    output,
    roles_with,
    trusting_facts,
)
from tests.unit.test_alignment_rules import EN, ZH
from tests.unit.verdict_agreement import disagreements, read_as_finding

# A claim joining two lines by a cause neither line gives: each clause is a line's, the link is
# the claim's own. An observation may not give it; a root-cause claim may (it is the claim).
JOINED_BY_A_CAUSE = {
    "en-so": "orders-db refused new clients at max_connections 200, so checkout-gw returned HTTP 503 from orders-svc",
    "en-because": "checkout-gw returned HTTP 503 from orders-svc because orders-db refused clients at max_connections "
                  "200",
    "zh-因此": "redis-session-01 内存使用 98%，因此 haproxy 后端 kestrel-02 健康检查失败 3 次",
    "zh-导致": "redis-session-01 内存使用 98%，导致 haproxy 后端 kestrel-02 健康检查失败 3 次",
}
JOINED_HONESTLY = {
    "en-and": "orders-db refused new clients at max_connections 200, and checkout-gw returned HTTP 503 from orders-svc",
    "zh-逗号": "redis-session-01 内存使用 98%，haproxy 后端 kestrel-02 健康检查失败 3 次",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


def one_claim(text: str, verifier: str = "all-direct", claim_type: str = "observation", lie: str = "",
              log: str = "") -> tuple[Any, AnswerComposed]:
    """One session: ``text`` claimed citing ``log`` (default: the log of its language), the Verifier
    ``verifier``, and a Composer that adds ``lie`` (when given)."""
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", log or _log(text))],
                                                       output(claim("c1", text, ("i1",), claim_type=claim_type)))}))
    if lie:
        roles.composer = LyingComposer(lie)  # type: ignore[assignment]
    _, state, [answer] = run_session("What went wrong?", roles=roles)
    return state, answer


@pytest.mark.parametrize("verifier", ["all-direct", "model-replayed", "offline"])
@pytest.mark.parametrize("text", JOINED_BY_A_CAUSE.values(), ids=JOINED_BY_A_CAUSE.keys())
def test_a_claim_the_answer_refuses_is_no_support_in_the_verdict(text: str, verifier: str) -> None:
    state, answer = one_claim(text, verifier)
    assert not read_as_finding(text, answer.final_answer)
    assert answer.verdict != "PASS", answer.final_answer
    [fact] = state.verifier_evaluation.facts_checked
    assert fact.verification == "no_evidence"
    assert disagreements(state, answer) == []


@pytest.mark.parametrize("text", JOINED_BY_A_CAUSE.values(), ids=JOINED_BY_A_CAUSE.keys())
def test_a_lying_composer_does_not_bring_back_what_the_verdict_refused(text: str) -> None:
    state, answer = one_claim(text, lie=text)
    assert answer.verdict != "PASS"
    assert answer.composer_status != "valid"
    assert disagreements(state, answer) == []


@pytest.mark.parametrize("text", JOINED_BY_A_CAUSE.values(), ids=JOINED_BY_A_CAUSE.keys())
def test_a_root_cause_claim_may_give_the_link_and_is_pass_and_shown(text: str) -> None:
    state, answer = one_claim(text, claim_type="root_cause")
    assert answer.verdict == "PASS"
    assert read_as_finding(text, answer.final_answer), answer.final_answer
    assert disagreements(state, answer) == []


def test_the_verdict_and_the_answer_call_the_same_rule() -> None:
    """The reconciliation's cap is the material's filter: a claim reconciled direct is traced."""
    text = JOINED_BY_A_CAUSE["en-so"]
    items = summarise_trace([inv("i1", EN)], focus_text=text)
    c = claim("c1", text, (items[0].trace_ref,))
    facts = [{"claim_id": "c1", "fact": text, "is_critical": True, "verification": "direct_evidence",
              "detail": "stated", "evidence_refs": [items[0].trace_ref]}]
    rec = reconcile(VerifierReport.model_validate({"verdict": "PASS", "groundedness_score": 1.0, "rationale": "r",
                                                   "critical_fact_count": 1, "facts_checked": facts}), [c], items)
    assert untraced_claim(text, "observation", items[0].excerpts) is not None
    assert rec.facts_checked[0].verification == "no_evidence" and rec.verdict != "PASS"
    assert any("not what its cited evidence says" in n for n in rec.overrides)
    assert untraced_claim(text, "root_cause", items[0].excerpts) is None


# An overstated claim is a hypothesis in the answer (spec 003): the verdict does not count it. (The
# Verifier's word: the claims are the evidence's own lines, so only the class decides.)
FIRST = {"en": "orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)",
         "zh": "redis-session-01 内存使用 98%，拒绝写入"}
OVERSTATED = {"en": "checkout-gw returned HTTP 503 from orders-svc after 3 retries",
              "zh": "haproxy 后端 kestrel-02 健康检查失败 3 次，已下线"}


def _overstating(i: Any) -> str:
    facts = trusting_facts(i)
    checks = [{"claim_id": f["claim_id"], "classification": "overstated" if f["claim_id"] == "c2" else
               "direct_observation"} for f in facts]
    for f in facts:
        f["verification"] = "indirect_support" if f["claim_id"] == "c2" else "direct_evidence"
    return json.dumps({"verdict": "PASS", "groundedness_score": 0.8, "critical_fact_count": 2,
                       "facts_checked": facts, "rationale": "r", "claim_checks": checks})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_an_overstated_claim_is_a_hypothesis_and_not_counted(lang: str) -> None:
    first = FIRST[lang]
    out = output(claim("c1", first, ("i1",)), claim("c2", OVERSTATED[lang], ("i1",)))
    roles = roles_with("all-direct", ScriptedExecutor({1: ([inv("i1", _log(first))], out)}))
    roles.verifier = LyingVerifier("overstating", _overstating)
    _, state, [answer] = run_session("What went wrong?", roles=roles)
    ve = state.verifier_evaluation
    assert {f.claim_id: f.verification for f in ve.facts_checked}["c2"] == "no_evidence"
    assert {c.claim_id: c.classification for c in ve.claim_checks}["c2"] == "overstated"
    assert answer.verdict != "PASS"
    assert disagreements(state, answer) == []


# ------------------------------------------------------------------ the agreement as a property

BENCH = Path(__file__).resolve().parents[2] / "bench" / "data"
PARTS = {"safety_net": BENCH / "safety_net.json",
         **{p.stem.removeprefix("safety_net_"): p for p in sorted(BENCH.glob("safety_net_*.json"))}}


def _cases(part: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    data = json.loads(PARTS[part].read_text(encoding="utf-8"))
    return data["cases"], data


@pytest.mark.skipif(not all(p.exists() for p in PARTS.values()), reason="the labelled set is not in this tree")
@pytest.mark.parametrize("verifier", VERIFIERS)
@pytest.mark.parametrize("part", PARTS)
def test_every_labelled_session_shows_what_its_verdict_counts(part: str, verifier: str) -> None:
    cases, data = _cases(part)
    wrong = []
    for case in cases:
        q, roles = labelled_case(case, data, verifier)
        _, state, [answer] = run_session(q, session_id=f"{case['id']}-{verifier}", roles=roles)
        wrong += [f"{case['id']}: {d}" for d in disagreements(state, answer)]
    assert wrong == [], "\n".join(wrong[:20])


@pytest.mark.skipif(not all(p.exists() for p in PARTS.values()), reason="the labelled set is not in this tree")
@pytest.mark.parametrize("part", PARTS)
def test_every_labelled_session_with_a_lying_composer_shows_what_its_verdict_counts(part: str) -> None:
    cases, data = _cases(part)
    wrong = []
    for case in cases:
        q, roles = labelled_case(case, data, "all-direct")
        sentence = case["sentence"] or case["claim"]
        roles.composer = LyingComposer(sentence, replace=case["kind"] == "omission")  # type: ignore[assignment]
        _, state, [answer] = run_session(q, session_id=f"{case['id']}-composer", roles=roles)
        wrong += [f"{case['id']}: {d}" for d in disagreements(state, answer)]
    assert wrong == [], "\n".join(wrong[:20])


@pytest.mark.parametrize("lie", COMPOSER_LIES)
@pytest.mark.parametrize("text", [*JOINED_BY_A_CAUSE.values(), *JOINED_HONESTLY.values()])
def test_the_scripted_composer_lies_never_part_the_verdict_from_the_answer(text: str, lie: str) -> None:
    sentence, _, replace = COMPOSER_LIES[lie]
    roles = roles_with("all-direct", ScriptedExecutor({1: ([inv("i1", _log(text))], output(claim("c1", text, ("i1",))))}))
    roles.composer = LyingComposer(sentence, replace)  # type: ignore[assignment]
    _, state, [answer] = run_session("What went wrong?", roles=roles)
    assert disagreements(state, answer) == []
