"""Spec 003: ChatService filters material from Verifier decisions; the Composer only expresses it."""

from __future__ import annotations

import asyncio
import json

import pytest

from app.domain.material import RoundDecision, filter_material, mentions_sole_root_cause
from app.domain.templates import DISCLAIMER, render_degraded
from app.stages import compose, parse_composer
from events.models import ClaimCheck, ComposeRequested, ComposerMaterial, ExecutorOutput, RecommendedAction
from tests.unit.factories import T0, offline_roles

CLAIMS = ExecutorOutput.model_validate({
    "claims": [
        {"claim_id": "c1", "text": "ingest-node-03 logs show ENOSPC", "claim_type": "observation"},
        {"claim_id": "c2", "text": "logrotate failing is the only root cause", "claim_type": "inference"},
        {"claim_id": "c3", "text": "debug logging is definitely the cause", "claim_type": "inference"},
        {"claim_id": "c4", "text": "ERR-7781 on web-19 broke it", "claim_type": "root_cause"},
        {"claim_id": "c5", "text": "the vendor changed their API", "claim_type": "other"},
        {"claim_id": "c6", "text": "usage is 45%", "claim_type": "observation"},
    ],
    "hypotheses": ["raw executor hypothesis"],
    "recommended_actions": [{"action_text": "restart logrotate.timer on ingest-node-03"},
                            {"action_text": "reboot web-19"}],
    "user_facing_answer": "CANARY-UFA",
})
CHECKS = [ClaimCheck(claim_id=c, classification=k) for c, k in [
    ("c1", "direct_observation"), ("c2", "reasonable_inference"), ("c3", "overstated"),
    ("c4", "unsupported"), ("c5", "external_unknown"), ("c6", "contradicted")]]


def material(verdict: str = "LOW_CONFID"):  # noqa: ANN201
    return filter_material("why is ingest-node-03 out of disk?", verdict,  # type: ignore[arg-type]
                           [RoundDecision(output=CLAIMS, claim_checks=CHECKS)], "rationale",
                           evidence="ingest-node-03: debug logging enabled, ENOSPC")


def test_direct_observations_and_reasonable_inferences_are_allowed_claims() -> None:
    m = material()
    assert m.allowed_claims[0] == "ingest-node-03 logs show ENOSPC"
    assert len(m.allowed_claims) == 2


def test_a_reasonable_inference_is_not_worded_as_the_sole_root_cause() -> None:
    m = material()
    assert not any(mentions_sole_root_cause(c) for c in m.allowed_claims)
    assert "a likely" in m.allowed_claims[1]


def test_overstated_claims_become_hypotheses_and_gaps() -> None:
    m = material()
    assert any("debug logging" in h for h in m.allowed_hypotheses)
    assert any("debug logging" in g for g in m.missing_info)


def test_unsupported_external_unknown_and_contradicted_become_gaps_only() -> None:
    m = material()
    text = " ".join(m.allowed_claims + m.allowed_hypotheses)
    assert "vendor" not in text and "45%" not in text and "web-19" not in text
    assert any(g.endswith("the [unverified] their [unverified]") for g in m.missing_info), m.missing_info  # gap_terms
    assert not any("ERR-7781" in g for g in m.missing_info), "an unverified code must not leak through a gap"


def test_reject_keeps_no_hypotheses() -> None:
    assert material("REJECT").allowed_hypotheses == []


def test_actions_naming_unconfirmed_entities_are_dropped() -> None:
    assert [a.action_text for a in material().recommended_actions] == ["restart logrotate.timer on ingest-node-03"]


def test_material_never_contains_the_executor_answer_or_raw_hypotheses() -> None:
    dumped = material().model_dump_json()
    assert "CANARY-UFA" not in dumped and "raw executor hypothesis" not in dumped


def _request(mode: str, **kw: object) -> ComposeRequested:
    verdict = {"disclaimer": "LOW_CONFID", "answer": "PASS"}.get(mode, "REJECT")
    fields: dict = {"allowed_claims": ["ingest-node-03 logs show ENOSPC"], "missing_info": ["gap one"],
                    "recommended_actions": [RecommendedAction(action_text="free space")], **kw}
    material = ComposerMaterial(original_query="q?", verdict=verdict, **fields)  # type: ignore[arg-type]
    return ComposeRequested(session_id="s", groundedness_score=0.6, mode=mode, material=material,  # type: ignore[arg-type]
                            occurred_at=T0)


class _Composer:
    def __init__(self, text: str | Exception) -> None:
        self.text = text

    async def compose(self, material: dict, budget_s: float):  # noqa: ANN201
        from app.roles.base import RoleResult
        from events.models import Usage

        if isinstance(self.text, Exception):
            raise self.text
        return RoleResult(text=self.text, usage=Usage(role="composer", model="fake"))


def _compose(mode: str, text: str | Exception, **kw: object):  # noqa: ANN201
    roles = offline_roles()
    roles.composer = _Composer(text)
    return asyncio.run(compose(_request(mode, **kw), roles, T0))


GOOD = json.dumps({"answer_summary": "s", "recommended_actions": [{"action_text": "free space", "reason": "r"}],
                   "user_facing_answer": "ingest-node-03 logs show ENOSPC: the disk is full."})


def test_pass_answer_comes_from_the_composer_json() -> None:
    d = _compose("answer", GOOD)
    assert d.final_answer == "ingest-node-03 logs show ENOSPC: the disk is full." and d.composer_output.status == "valid"


def test_low_confid_uses_the_disclaimer_template() -> None:
    d = _compose("disclaimer", GOOD)
    assert d.final_answer.startswith(DISCLAIMER["en"]) and "gap one" in d.final_answer


def test_low_confid_in_chinese_uses_the_chinese_disclaimer() -> None:
    assert _compose("disclaimer", GOOD, language="zh").final_answer.startswith(DISCLAIMER["zh"])


def test_reject_uses_the_degraded_template_with_facts_gaps_and_next_steps_only() -> None:
    d = _compose("degraded", GOOD)
    assert "Disk is full" not in d.final_answer
    for part in ("Confirmed facts", "ingest-node-03 logs show ENOSPC", "Evidence gaps", "gap one", "Suggested next steps"):
        assert part in d.final_answer


@pytest.mark.parametrize(
    "raw",
    ['{"answer_summary": "x"}', "Sure! Here is the JSON: {}", "```json\n{}\n```", "[]",
     json.dumps({"answer_summary": 1, "recommended_actions": [], "user_facing_answer": "CANARY-RAW"}),
     json.dumps({"answer_summary": "s", "recommended_actions": [], "user_facing_answer": ""})],
    ids=["missing-fields", "prose", "fenced", "not-object", "wrong-type", "empty-answer"],
)
def test_malformed_composer_output_falls_back_to_the_safe_template(raw: str) -> None:
    d = _compose("answer", raw)
    assert d.composer_output.status == "malformed" and d.composer_output.detail
    assert "CANARY-RAW" not in d.final_answer and "ingest-node-03 logs show ENOSPC" in d.final_answer
    assert len(raw) < 8 or raw not in d.composer_output.model_dump_json()


CAUSE = {"allowed_claims": ["ingest-node-03 logs show ENOSPC",
                            "logrotate stopped rotating /var/log on ingest-node-03 after the config change"],
         "allowed_hypotheses": ["the log volume may have grown after the upgrade"], "root_cause_allowed": True,
         # as filter_material makes it: the confirmed root-cause claim may be given as the cause of another
         "certain_causes": ["logrotate stopped rotating /var/log on ingest-node-03 after the config change"]}


@pytest.mark.parametrize("answer", [
    "ingest-node-03 logs show ENOSPC because of a memory leak in the ingest worker.",
    "ingest-node-03 logs show ENOSPC. This was caused by a failed kernel update last night.",
    "A faulty network switch led to the ENOSPC errors on ingest-node-03.",
    "The disk on ingest-node-03 filled up; the reason is a runaway backup job.",
    "ingest-node-03 logs show ENOSPC, and a bad deploy is definitely what caused this.",
    "ingest-node-03 的日志显示 ENOSPC，这是由内存泄漏导致的。",
    "网络交换机故障导致 ingest-node-03 写入失败。",
], ids=["because-of", "caused-by", "led-to", "the-reason-is", "definitely-what-caused", "zh-caused-by", "zh-led-to"])
def test_a_composer_answer_asserting_a_cause_the_material_does_not_give_is_refused(answer: str) -> None:
    text = json.dumps({"answer_summary": "s", "recommended_actions": [], "user_facing_answer": answer})
    d = _compose("answer", text, **CAUSE)
    assert d.composer_output.status == "malformed", d.composer_output
    assert d.composer_output.refusal in ("untraced", "unfounded_cause", "sole_cause") and d.composer_output.refused_line
    assert answer not in d.final_answer and "logrotate stopped rotating" in d.final_answer


@pytest.mark.parametrize("answer", [
    "ingest-node-03 logs show ENOSPC because of a leak; logrotate stopped rotating /var/log after the config change.",
    "logrotate stopped rotating /var/log after the config change; ingest-node-03 logs show ENOSPC due to a bug.",
], ids=["en-because-of", "en-due-to"])
def test_a_traced_sentence_that_adds_a_cause_of_its_own_is_refused(answer: str) -> None:
    """Every clause is traced (a host and a code the material holds), but the cause is new: refused as
    an unfounded cause, or, where the cause side names a word no item holds ("a leak", told as fact:
    ``app.domain.guessed_cause``), already as untraced."""
    text = json.dumps({"answer_summary": "s", "recommended_actions": [], "user_facing_answer": answer})
    d = _compose("answer", text, **CAUSE)
    assert d.composer_output.status == "malformed", d.composer_output
    assert d.composer_output.refusal in ("unfounded_cause", "untraced"), d.composer_output
    assert d.composer_output.refused_line and answer not in d.final_answer


@pytest.mark.parametrize("answer", [
    "ingest-node-03 logs show ENOSPC because logrotate stopped rotating /var/log after the config change.",
    "The config change stopped logrotate rotating /var/log on ingest-node-03, which led to ENOSPC in its logs.",
    "ingest-node-03 logs show ENOSPC. logrotate stopped rotating /var/log after the config change; possibly the "
    "log volume grew after the upgrade.",
    "ingest-node-03 logs show ENOSPC. logrotate stopped rotating /var/log on ingest-node-03 after the config change.",
], ids=["the-confirmed-cause", "the-confirmed-cause-before-the-marker", "the-hypothesis-hedged", "no-cause"])
def test_a_composer_answer_that_words_the_allowed_cause_its_own_way_is_taken(answer: str) -> None:
    text = json.dumps({"answer_summary": "s", "recommended_actions": [], "user_facing_answer": answer})
    d = _compose("answer", text, **CAUSE)
    assert d.composer_output.status == "valid" and d.final_answer == answer, d.composer_output


@pytest.mark.parametrize("field", ["answer_summary", "recommended_actions", "user_facing_answer"])
def test_a_composer_answer_without_one_of_the_three_fields_falls_back(field: str) -> None:
    assert _compose("answer", GOOD).composer_output.status == "valid"  # the whole answer is taken
    raw = json.loads(GOOD)
    raw["user_facing_answer"] = "CANARY-RAW on ingest-node-03."
    del raw[field]
    d = _compose("answer", json.dumps(raw))
    assert d.composer_output.status == "malformed" and field in d.composer_output.detail
    assert "CANARY-RAW" not in d.final_answer and "ingest-node-03 logs show ENOSPC" in d.final_answer


def test_a_composer_that_fails_falls_back_and_says_why() -> None:
    d = _compose("answer", TimeoutError("composer timed out"))
    assert d.composer_output.status == "fallback" and "timed out" in d.composer_output.detail
    assert "ingest-node-03 logs show ENOSPC" in d.final_answer


def test_composer_text_naming_a_sole_root_cause_is_refused() -> None:
    text = json.dumps({"answer_summary": "s", "recommended_actions": [],
                       "user_facing_answer": "The only root cause is logrotate."})
    d = _compose("answer", text)
    assert d.composer_output.status == "malformed" and "only root cause" not in d.final_answer


def test_parse_composer_accepts_exactly_the_contract() -> None:
    out = parse_composer(GOOD)
    assert out.status == "valid" and out.recommended_actions[0].action_text == "free space"


def test_degraded_template_in_chinese() -> None:
    m = material("REJECT")
    assert render_degraded(m, "zh").startswith("根据现有证据")


def test_reject_never_calls_the_composer_and_says_not_called() -> None:
    d = _compose("degraded", RuntimeError("the Composer must not be called"))
    assert d.composer_output.status == "not_called" and d.usage == []


def test_with_nothing_confirmed_the_composer_is_not_called_and_the_fixed_template_answers() -> None:
    d = _compose("disclaimer", RuntimeError("the Composer must not be called"), allowed_claims=[],
                 searched=["log_search (query=disk): failed"])
    assert d.composer_output.status == "not_called"
    for part in (DISCLAIMER["en"], "No evidence was found", "log_search (query=disk): failed", "gap one",
                 "Suggested next steps"):
        assert part in d.final_answer


@pytest.mark.parametrize("invented", ["ERR-7781", "web-19", "45%", "10.0.0.9", "ＥＲＲ－７７８１", "ERR\u200b-7781",
                                      "web\u2060-19"])
def test_a_composer_answer_naming_what_the_material_does_not_is_refused(invented: str) -> None:
    text = json.dumps({"answer_summary": "s", "recommended_actions": [],
                       "user_facing_answer": f"ingest-node-03 logs show ENOSPC, see {invented}."})
    d = _compose("answer", text)
    assert d.composer_output.status == "malformed" and invented not in d.final_answer
    assert "ingest-node-03 logs show ENOSPC" in d.final_answer
