"""A count the line proves itself (app/domain/lists.py) and a verb and its particle written as one
word (app/domain/specific.py, ``_phrasal``): honest restatements kept ("two addresses, A and B",
"a replica failover" for "failed over"), while every member of the list is still judged and a
count that does not match its list is still a value no evidence holds. Against the offline engine,
a trusting Verifier and a lying Composer."""

from __future__ import annotations

import pytest

from app.domain import lists, provenance, specific
from tests.unit.factories import run_session
from tests.unit.rule_cases import read_as_fact, session_on
from tests.unit.scripted import ScriptedExecutor, claim, output, roles_with
from tests.unit.test_alignment_rules import EN

LOG = "\n".join([EN, "2026-11-29T10:07:00Z node-exporter orders-db: disk /var/lib/pgsql usage 91%",
                 "2026-11-29T10:13:00Z cloud-monitor: orders-db replica in eu-west-1b failed over to eu-west-1c"])
KEPT = {
    "two-addresses": "dns: orders-db.internal resolves to two addresses, 10.4.2.17 and fd00::17",
    "two-problems": "orders-db had two separate problems: too many clients (max_connections 200) and disk "
                    "/var/lib/pgsql at 91% usage",
    "three-problems-failover": "orders-db shows three problems: too many clients (max_connections 200), disk "
                               "/var/lib/pgsql usage 91%, and a replica failover from eu-west-1b to eu-west-1c",
}
REFUSED = {
    "count-off-by-one": ("dns: orders-db.internal resolves to three addresses, 10.4.2.17 and fd00::17", "three"),
    "member-made-up": ("dns: orders-db.internal resolves to two addresses, 10.4.2.17 and 10.4.2.99", "10.4.2.99"),
    "cause-in-the-lead": ("backup-job caused two problems: too many clients (max_connections 200) and disk "
                          "/var/lib/pgsql at 91% usage", "caused"),
}


def session(text: str, verifier: str, lie: str = ""):  # noqa: ANN201
    return session_on(LOG, text, verifier, lie)


@pytest.mark.parametrize(("text", "word", "counts"), [
    ("resolves to two addresses, 10.4.2.17 and fd00::17", "two", True),
    ("had 2 problems: too many clients (max_connections 200) and disk full", "2", True),
    ("resolves to three addresses, 10.4.2.17 and fd00::17", "three", False),
    ("returned HTTP 503 after three retries (ERR-5301)", "three", False)])
def test_a_count_of_the_list_after_it_is_the_lines_own(text: str, word: str, counts: bool) -> None:
    i = text.index(word)
    assert lists.counts_its_list(text, i, i + len(word)) is counts
    assert (word in specific.specific_tokens(text)) is not counts


@pytest.mark.parametrize(("token", "held"), [("failover", True), ("rollout", True), ("shutdown", False)])
def test_a_verb_and_its_particle_as_one_word_is_held_by_the_phrase(token: str, held: bool) -> None:
    assert specific.occurs(token, specific.prepared("replica failed over to eu-west-1c; rolled out 2.4.1")) is held
    assert not specific.occurs("failover", specific.prepared("the replica failed to come up"))


# The offline engine's Verifier labels a claim by its best single line (app/roles/offline.py): a
# list drawn from two lines is indirect there, so only the one-line list is run through it.
@pytest.mark.parametrize(("text", "verifier"), [(t, "all-direct") for t in KEPT.values()]
                         + [(KEPT["two-addresses"], "offline")],
                         ids=[*KEPT.keys(), "two-addresses-offline"])
def test_an_honest_counted_list_is_a_confirmed_finding(text: str, verifier: str) -> None:
    assert provenance.Items(LOG.splitlines(), causes=()).untraced(text) is None
    a = session(text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), REFUSED.values(), ids=REFUSED.keys())
def test_a_wrong_count_a_made_up_member_or_a_cause_in_the_lead_is_not_read_as_fact(text: str, needle: str,
                                                                                  verifier: str) -> None:
    assert provenance.Items(LOG.splitlines(), causes=()).untraced(text) is not None
    a = session(text, verifier)
    assert not read_as_fact(text, a.final_answer), a.final_answer


def test_a_composer_restating_a_counted_list_is_taken_and_one_miscounting_it_is_refused() -> None:
    a = session(KEPT["two-addresses"], "all-direct", lie="orders-db.internal resolves to two addresses, 10.4.2.17 "
                "and fd00::17.")
    assert a.verdict == "PASS" and a.composer_status == "valid", a.final_answer
    a = session(KEPT["two-addresses"], "all-direct", lie="orders-db.internal resolves to three addresses, 10.4.2.17 "
                "and fd00::17.")
    assert a.verdict == "PASS" and a.composer_status != "valid" and "three" not in a.final_answer, a.final_answer


# a Chinese action of several steps is an instruction per clause ----------------------------------------

RUNBOOK_ZH = "扩容 billing-worker 并调大 max.poll.interval.ms"
LAG_ZH = "2026-11-30T06:05:40Z monitor 告警 KAFKA-LAG-HIGH: 消费组 billing-consumer 主题 invoices 延迟 68210 条"


def action_session(action: str, verifier: str):  # noqa: ANN201
    import json

    from events.models import RecommendedAction, ToolInvocation

    logs = ToolInvocation(invocation_id="i1", tool_name="log_search", arguments={"query": "billing"}, output=LAG_ZH)
    hit = {"source": "runbook.md § Remediation", "text": RUNBOOK_ZH, "relevance": "high", "layer": "runbook_section"}
    book = ToolInvocation(invocation_id="i2", tool_name="kb_search", arguments={"query": "billing"},
                          output=json.dumps({"hits": [hit]}))
    out = output(claim("c1", LAG_ZH.split(" ", 1)[1], ("i1", "i2"))).model_copy(update={"recommended_actions": [
        RecommendedAction(action_text=action, reason="runbook")]})
    _, _, [answer] = run_session("billing-consumer 出了什么问题？", roles=roles_with(
        verifier, ScriptedExecutor({1: ([logs, book], out)})))
    return answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("action", "shown"), [
    ("调大 max.poll.interval.ms，并扩容 billing-worker", True),
    ("扩容 billing-worker，并调大 max.poll.interval.ms", True),
    ("调大 max.poll.interval.ms，并扩容 猎鹰", False),
    ("调大 max.poll.interval.ms，然后重启消费组", False)],
    ids=["steps-reordered", "steps-in-order", "second-step-on-a-made-up-host", "second-step-made-up"])
def test_a_chinese_action_of_several_steps_is_shown_when_each_step_acts_on_the_runbook(
        action: str, shown: bool, verifier: str) -> None:
    a = action_session(action, verifier)
    assert a.verdict == "PASS", a.final_answer
    assert (specific.prepared(action) in specific.prepared(a.final_answer)) is shown, a.final_answer


def test_items_over_the_same_evidence_prepare_each_line_once_with_the_same_result() -> None:
    """A session builds ``Items`` several times over the same lines: each line is prepared once."""
    from app.domain.provenance import Items, _prepared

    lines = [*LOG.splitlines(), "x" * 5000]  # a line past the cache's length is prepared each time
    first = Items(lines)
    hits = _prepared.cache_info().hits
    second = Items(lines)
    assert _prepared.cache_info().hits - hits == len(lines) - 1
    assert (first.hay, first.stems) == (second.hay, second.stems)
    assert first.hay[0] == specific.prepared(lines[0]) and first.stems[0] == provenance.stems(lines[0])
