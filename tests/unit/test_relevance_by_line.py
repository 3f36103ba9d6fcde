"""A finding is about what the evidence line it restates is about (app/domain/reconcile.py
``_relevance``, app/domain/claimtrace.py ``restated_lines``).

The relevance floor asks whether the supported claims share the question's subject. An honest
restatement often drops the subject its line names ("drain 超时未完成" of a line about
node-gz-a-07, "the SERVFAIL was for payments.internal.corp" of a line by dns-res-2): read with the
line it restates, it shares it, and is a PASS finding. A claim whose line names another subject
stays off topic, and a claim traced to no line gains nothing."""

from __future__ import annotations

import json

import pytest

from events.models import VerdictReached
from tests.unit.factories import run_session
from tests.unit.rule_cases import read_as_fact
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with

EN = "\n".join([
    "2026-11-22T11:03:10Z bind ns-int-4: error: SERVFAIL <billing.corp.example. A IN>: forwarders timed out",
    "2026-11-22T11:05:00Z node-exporter disk-mon-9: filesystem /var usage 95%"])
ZH = "\n".join([
    "2026-11-22T04:12:00Z 运维操作记录: zhang.lei 对 node-hz-c-12 执行 kubectl drain，drain 超时未完成",
    "2026-11-22T04:20:00Z 监控 disk-mon-9: 磁盘使用率 95%"])

ON_TOPIC = {  # question, claim restating a line that names the question's subject
    "en-subject-in-writer": ("What went wrong with ns-int-4?", "The SERVFAIL was for billing.corp.example A"),
    "zh-subject-in-line": ("node-hz-c-12 出了什么问题？", "zhang.lei 执行的 drain 超时未完成"),
}
OFF_TOPIC = {  # question, claim whose line names another subject
    "en-other-host": ("What went wrong with ns-int-4?", "filesystem /var usage was 95%"),
    "zh-other-host": ("node-hz-c-12 出了什么问题？", "磁盘使用率 95%"),
}


def _session(question: str, text: str, verifier: str):  # noqa: ANN202
    log = ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", log)], output(claim("c1", text, ("i1",))))}))
    return run_session(question, roles=roles)


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), ON_TOPIC.values(), ids=ON_TOPIC.keys())
def test_a_finding_restating_a_line_about_the_subject_addresses_the_question(question: str, text: str,
                                                                             verifier: str) -> None:
    log, _, [answer] = _session(question, text, verifier)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer
    assert all(v.relevance != "off_topic" for v in log if isinstance(v, VerdictReached))


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text"), OFF_TOPIC.values(), ids=OFF_TOPIC.keys())
def test_a_finding_restating_a_line_about_another_subject_stays_off_topic(question: str, text: str,
                                                                          verifier: str) -> None:
    log, _, [answer] = _session(question, text, verifier)
    assert answer.verdict != "PASS", answer.final_answer
    assert all(v.relevance == "off_topic" for v in log if isinstance(v, VerdictReached))


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
def test_a_claim_traced_to_no_line_gains_no_subject(verifier: str) -> None:
    _, _, [answer] = _session("What went wrong with ns-int-4?", "forwarders timed out on disk-mon-9", verifier)
    assert not read_as_fact("forwarders timed out on disk-mon-9", answer.final_answer), answer.final_answer


RUNBOOK = json.dumps({"hits": [{"source": "runbook.md § Remediation", "layer": "runbook_section", "relevance": "high",
                                "text": "节点 NotReady 且 kubelet 报 PLEG is not healthy 时，先 cordon 该节点"}]})
PLEG = "2026-11-22T04:05:00Z kubelet node-hz-c-12: PLEG is not healthy: pleg was last seen active 3m5s ago"


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
def test_a_finding_is_read_with_the_lines_its_claim_cites_whatever_its_fact_cites(verifier: str) -> None:
    """A Verifier may rest a fact on the runbook alone; the claim's own cited line names the node."""
    text = "kubelet 报 PLEG is not healthy"
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", PLEG), inv("i2", RUNBOOK, tool="kb_search")],
                                                       output(claim("c1", text, ("i1", "i2"))))}))
    _, _, [answer] = run_session("node-hz-c-12 出了什么问题？", roles=roles)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer
