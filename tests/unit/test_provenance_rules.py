"""Issue 29's rules on claims and on the Composer's text, each with a test that fails when the rule
is switched off: specific tokens by form, claims that restate a line with a token swapped or the
polarity turned, every line of the Composer's answer traced to one allowed item, sole or certain
cause wording per claim, omissions refused and counted (the rest: test_answer_rules.py)."""

from __future__ import annotations

import asyncio
import json

import pytest

from app.domain.provenance import Items
from app.domain.specific import is_identifier, specific_tokens
from app.stages import compose
from events.models import (
    ComposeRequested,
    ComposerMaterial,
    RecommendedAction,
)
from tests.unit.factories import T0, offline_roles, run_session
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with, trusting_facts
from tests.unit.test_safety_net import ENOSPC, LOG, Q, report, verdict_of

# specific tokens -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "token"), [
    ("the broker kestrel is down", "kestrel"), ("db.primary.internal refused", "db.primary.internal"),
    ("error Err-7781", "Err-7781"), ("HTTP 503 from the gateway", "503"), ("exit code 137", "137"),
    ("upgraded to 1.4.2", "1.4.2"), ("fe80::1ff:fe23 answered", "fe80::1ff:fe23"), ("ЕRR-7781 seen", "ЕRR-7781"),
    ("at 09:58 on 2026-11-29", "09:58"), ("ninety-seven percent used", "ninety-seven"), ("took 7.2 h", "7.2 h"),
    ("seventy percent used", "seventy"), ("took 72m", "72m"), ("PgBouncer refused", "PgBouncer"),
    ("消费组 billing-consumer 延迟 六万 条", "六万")],
    ids=["rare-host", "dotted-name", "mixed-case-code", "status", "exit-code", "version", "ipv6", "homoglyph",
         "time", "number-word-hyphen", "number-with-unit", "number-word", "duration-unit", "camel-case", "zh-numeral"])
def test_a_specific_token_is_told_by_its_form(text: str, token: str) -> None:
    assert token in specific_tokens(text)


def test_a_homoglyph_of_a_real_name_is_a_made_up_name() -> None:
    """The evidence names the broker kestrel; the claim names kеstrel with a Cyrillic е."""
    assert is_identifier("k\u0435strel") and not is_identifier("kestrel")
    _, v = verdict_of([claim("c1", "the broker k\u0435strel logged write failed: No space left on device", ("i1",))],
                      [inv("i1", LOG + "\nbroker kestrel up")], lambda i: report(trusting_facts(i)))
    assert "k\u0435strel" in {f.entity for f in v.gatekeeper_findings} and v.verdict == "REJECT"


@pytest.mark.parametrize(("token", "code"), [("31st", False), ("1990s", False), ("2000's", False), ("97%", False),
                                             ("seventy", False), ("web-19", True), ("ERR-7781", True), ("09:58", True),
                                             ("v1.4.2", True), ("fd00::17", True)])
def test_a_count_is_not_a_name(token: str, code: bool) -> None:
    """A number (an ordinal, a decade, a share, a number word) named in no evidence is unsupported;
    a code, a host, a version, a time named in no evidence was made up."""
    from app.domain.specific import is_code

    assert is_code(token) is code


def test_common_words_are_not_specific_and_rare_words_are_not_identifiers() -> None:
    assert specific_tokens("Collect the relevant logs and metrics for the affected hosts and ask again.") == []
    assert not is_identifier("kestrel") and is_identifier("ninety") and is_identifier("ЕRR")


# claims ------------------------------------------------------------------------------------------

QUOTED = "2026-11-29T10:02:11Z checkout-gw nginx: upstream orders-svc returned HTTP 503 after 3 retries"


@pytest.mark.parametrize(("text", "kind"), [
    ("checkout-gw nginx: upstream orders-svc returned HTTP 502 after 3 retries", "contradicted_value"),
    ("checkout-gw nginx: upstream orders-svc returned HTTP 503 after 4 retries", "contradicted_value"),
    ("checkout-gw nginx: upstream orders-svc did not return HTTP 503 after 3 retries", "contradicted_value"),
    ("checkout-gw nginx: upstream payments-svc returned HTTP 503 after 3 retries", "contradicted_value"),
    ("the upstream returned HTTP 503 on web-19", "fabricated_entity")],
    ids=["status-swapped", "count-swapped", "negated", "host-swapped", "new-host"])
def test_a_quoted_line_with_a_token_swapped_or_its_polarity_turned_is_contradicted(text: str, kind: str) -> None:
    _, v = verdict_of([claim("c1", text, ("i1",))], [inv("i1", QUOTED)], lambda i: report(trusting_facts(i)))
    assert kind in {f.kind for f in v.gatekeeper_findings}
    assert (v.verdict, v.facts_checked[0].verification) == ("REJECT", "contradicted")
    assert v.facts_checked[0].basis == ("fabricated" if kind == "fabricated_entity" else "contradicted")


def test_the_honest_quote_keeps_its_verdict() -> None:
    text = "checkout-gw nginx: upstream orders-svc returned HTTP 503 after 3 retries"
    _, v = verdict_of([claim("c1", text, ("i1",))], [inv("i1", QUOTED)], lambda i: report(trusting_facts(i)),
                      question="Why does checkout-gw return HTTP 503?")
    assert (v.verdict, v.gatekeeper_findings) == ("PASS", [])


@pytest.mark.parametrize("text", ["the broker kestrel logged write failed: No space left on device",
                                  "The retention job was disabled, filling /var/log on ingest-node-03"],
                         ids=["rare-host", "cause-without-a-marker"])
def test_a_claim_its_evidence_does_not_say_is_never_direct_nor_shown_even_from_a_trusting_verifier(text: str) -> None:
    _, v = verdict_of([claim("c1", text, ("i1",))], [inv("i1", LOG)], lambda i: report(trusting_facts(i)))
    assert v.facts_checked[0].verification != "direct_evidence" and v.verdict != "PASS"
    roles = roles_with("all-direct", ScriptedExecutor({1: ([inv("i1", LOG)], output(claim("c1", ENOSPC, ("i1",)),
                                                                                    claim("c2", text, ("i1",))))}))
    _, _, [answer] = run_session(Q, roles=roles)
    shown = [ln for ln in answer.final_answer.splitlines() if not ln.startswith("- Not confirmed")]
    assert not any("kestrel" in ln or "retention" in ln for ln in shown), answer.final_answer


# the Composer: every line traced, nothing left out ----------------------------------------------

MATERIAL = {"allowed_claims": ["ingest-node-03 logs show ENOSPC",
                               "logrotate stopped rotating /var/log and caused the disk to fill"],
            "recommended_actions": [RecommendedAction(action_text="Free space on ingest-node-03")]}


def _compose(answer: str, summary: str = "", **kw: object):  # noqa: ANN202
    from tests.unit.test_material_and_composer import _Composer

    roles = offline_roles()
    roles.composer = _Composer(json.dumps({"answer_summary": summary, "recommended_actions": [],
                                           "user_facing_answer": answer}))
    m = ComposerMaterial(original_query="Why can't ingest-node-03 write?", verdict="PASS", **{**MATERIAL, **kw})  # type: ignore[arg-type]
    return asyncio.run(compose(ComposeRequested(session_id="s", groundedness_score=1.0, mode="answer", material=m,
                                                occurred_at=T0), roles, T0))


HONEST = "ingest-node-03 logs show ENOSPC. logrotate stopped rotating /var/log and caused the disk to fill."


@pytest.mark.parametrize(("added", "refusal"), [
    ("The retention job was disabled last week.", "untraced"),
    ("This also affects web-19.", "untraced"),
    ("Restart the broker kestrel to clear the leak.", "untraced"),
    ("ingest-node-03 was rebooted at 09:58.", "untraced"),
    ("Disk usage on ingest-node-03 reached ninety percent.", "untraced"),
    ("磁盘在 09:58 被网络交换机故障写满。", "untraced"),
    ("logrotate stopped rotating /var/log and alone caused the disk to fill.", "sole_cause"),
    ("logrotate stopped rotating /var/log and was clearly the root cause of the disk filling.", "sole_cause")],
    ids=["common-words", "host", "rare-host", "time", "number-word", "zh", "sole-alone", "certain-clearly"])
def test_one_sentence_a_composer_adds_sends_the_answer_to_the_template(added: str, refusal: str) -> None:
    d = _compose(f"{HONEST} {added}")
    assert (d.composer_output.status, d.composer_output.refusal) == ("malformed", refusal), d.composer_output
    assert d.composer_output.refused_line and added not in d.final_answer
    assert "logrotate stopped rotating /var/log" in d.final_answer


def test_sole_cause_wording_is_allowed_on_the_claim_the_material_allows_it_for() -> None:
    line = "logrotate stopped rotating /var/log and alone caused the disk to fill."
    d = _compose(f"ingest-node-03 logs show ENOSPC. {line}",
                 certain_causes=["logrotate stopped rotating /var/log and caused the disk to fill"])
    assert d.composer_output.status == "valid" and line in d.final_answer


@pytest.mark.parametrize("answer", ["...", "…", "Why can't ingest-node-03 write?", "ingest-node-03 logs show ENOSPC.",
                                    "Findings:"], ids=["dots", "ellipsis", "restated-question", "one-of-two", "label"])
def test_an_answer_that_leaves_the_confirmed_findings_out_is_refused(answer: str) -> None:
    d = _compose(answer)
    assert d.composer_output.status == "malformed" and d.composer_output.refusal in ("omitted", "untraced")
    assert "logrotate stopped rotating /var/log" in d.final_answer and "ingest-node-03 logs show ENOSPC" in d.final_answer


def test_an_honest_composer_answer_is_taken() -> None:
    d = _compose(f"{HONEST} Free space on ingest-node-03 first.")
    assert d.composer_output.status == "valid", d.composer_output


def test_the_summary_for_the_audit_may_frame_but_names_nothing_new() -> None:
    assert _compose(HONEST, summary="From the logs.").composer_output.status == "valid"
    d = _compose(HONEST, summary="From the logs of web-19.")
    assert (d.composer_output.refusal, d.composer_output.refused_line) == ("untraced", "From the logs of web-19.")


def test_a_hypothesis_is_only_taken_hedged() -> None:
    hyp = ["the log volume grew after the upgrade"]
    assert _compose(f"{HONEST} The log volume grew after the upgrade.", allowed_hypotheses=hyp
                    ).composer_output.refusal == "hypothesis_as_fact"
    assert _compose(f"{HONEST} Possibly the log volume grew after the upgrade.", allowed_hypotheses=hyp
                    ).composer_output.status == "valid"


def test_a_line_is_traced_to_one_item_or_clause_by_clause() -> None:
    items = Items(["ingest-node-03 logs show ENOSPC", "logrotate stopped on ingest-node-03"])
    assert items.untraced("ingest-node-03 logs show ENOSPC, and logrotate stopped") is None
    assert items.untraced("logrotate on ingest-node-03 shows ENOSPC 42 times") is not None




def test_a_refused_composer_answer_is_counted_by_why() -> None:
    from app import metrics

    before = metrics.COMPOSER_REFUSALS.labels("omitted")._value.get()
    _compose("...")
    assert metrics.COMPOSER_REFUSALS.labels("omitted")._value.get() == before + 1
