"""A finding naming a thing by its kind alone is about the one name the evidence gives that kind
(app/domain/relevance.py ``denoted``, read by app/domain/reconcile.py ``_relevance``).

"集群变 red" restates a line by the master that names no cluster; the question asks about
mq-prod, and another line calls mq-prod a 集群 and calls nothing else one: the finding is about
mq-prod, and is a PASS finding. Where the evidence calls two names by that kind, the word tells
neither, and the finding stays off topic."""

from __future__ import annotations

import pytest

from events.models import VerdictReached
from tests.unit.factories import run_session
from tests.unit.rule_cases import read_as_fact
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with

ZH = [
    "2026-10-03T05:00:00Z 平台: mq-prod 集群有 5 个 broker",
    "2026-10-03T05:10:00Z mq-master-2: 集群状态 green 变为 red，离线 broker 2 个"]
EN = [
    "2026-10-03T05:00:00Z platform: the mq-prod cluster has 5 brokers",
    "2026-10-03T05:10:00Z mq-master-2: cluster state went from green to red, 2 brokers offline"]
TWO = ["2026-10-03T04:50:00Z 平台: mq-test 集群有 3 个 broker", *ZH]
"""The same evidence, with a second name the evidence calls a 集群."""

ON_TOPIC = {  # question, claim, evidence
    "zh-cluster-of-one-name": ("mq-prod 出了什么问题？", "05:10 集群状态由 green 变为 red，离线 broker 2 个", ZH),
    "en-cluster-of-one-name": ("What went wrong with mq-prod?", "At 05:10 the cluster state went from green to red", EN),
}
OFF_TOPIC = {
    "zh-cluster-of-two-names": ("mq-prod 出了什么问题？", "05:10 集群状态由 green 变为 red，离线 broker 2 个", TWO),
}


def _session(question: str, text: str, lines: list[str], verifier: str):  # noqa: ANN202
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", "\n".join(lines))],
                                                       output(claim("c1", text, ("i1",))))}))
    return run_session(question, roles=roles)


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text", "lines"), ON_TOPIC.values(), ids=ON_TOPIC.keys())
def test_a_kind_word_the_evidence_gives_one_name_speaks_of_that_name(question: str, text: str, lines: list[str],
                                                                     verifier: str) -> None:
    log, _, [answer] = _session(question, text, lines, verifier)
    assert answer.verdict == "PASS" and read_as_fact(text, answer.final_answer), answer.final_answer
    assert all(v.relevance != "off_topic" for v in log if isinstance(v, VerdictReached))


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("question", "text", "lines"), OFF_TOPIC.values(), ids=OFF_TOPIC.keys())
def test_a_kind_word_the_evidence_gives_two_names_speaks_of_neither(question: str, text: str, lines: list[str],
                                                                    verifier: str) -> None:
    log, _, [answer] = _session(question, text, lines, verifier)
    assert answer.verdict != "PASS", answer.final_answer
    assert all(v.relevance == "off_topic" for v in log if isinstance(v, VerdictReached))
