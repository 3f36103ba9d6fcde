"""A hyphenated phrasal noun holds its verb (app/domain/compounds.py): "ng-batch scaled from 12 to
14 nodes" is held by "scale-up ng-batch 12 -> 14 succeeded", "rolled back" by "roll-back". The verb
with another particle ("scaled down", "rolled out") tells another event and is not held; a clause
opened by a participle that joins the event to another line's ("…, using up the quota ng-web
needed") asserts a link no line gives (app/domain/resultative.py)."""

from __future__ import annotations

import pytest

from app.domain import provenance, resultative
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-28T18:40:00Z prometheus: ng-web at 38 nodes, ng-batch at 12 nodes",
    "2026-11-28T18:41:52Z cluster-autoscaler prod-eu1: scale-up of ng-web failed: QuotaExceeded, "
    "regional vCPU quota 1200, in use 1184, requested 64",
    "2026-11-28T18:44:20Z cluster-autoscaler prod-eu1: scale-up ng-batch 12 -> 14 succeeded (2 x n2-standard-4)",
    "2026-11-28T19:10:00Z deploy: roll-back of checkout-web to v41 finished"])
ZH = "\n".join([
    "2026-11-28 18:44:20 cluster-autoscaler prod-eu1：scale-up ng-batch 12 -> 14 成功（2 台 n2-standard-4）",
    "2026-11-28 19:10:00 发布：checkout-web 的 roll-back 到 v41 完成"])

LIES = {  # claim, what must not be read as fact
    "en-other-particle": ("ng-batch scaled down from 12 to 14 nodes at 18:44:20", "scaled down"),
    "en-rolled-out": ("checkout-web rolled out v41 at 19:10", "rolled out"),
    "en-turned-round": ("ng-batch scaled from 14 to 12 nodes at 18:44:20", "from 14 to 12"),
    "zh-other-particle": ("checkout-web 在 19:10 rolled out 到 v41", "rolled out"),
    "zh-scaled-down": ("ng-batch 在 18:44:20 scaled down，12 -> 14", "scaled down"),
}
HONEST = {
    "en-scaled": "ng-batch scaled from 12 to 14 nodes at 18:44:20",
    "en-rolled-back": "checkout-web was rolled back to v41 at 19:10",
    "zh-rolled-back": "checkout-web 在 19:10 rolled back 到 v41",
    "zh-scaled": "ng-batch 在 18:44:20 scaled up，12 -> 14",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_the_verb_with_another_particle_is_not_traced = CASES.lies_untraced()
test_the_verb_with_another_particle_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_verb_of_a_phrasal_noun_is_traced = CASES.honest_traced()
test_the_verb_of_a_phrasal_noun_is_a_confirmed_finding = CASES.honest_confirmed()


def test_a_participle_joining_the_event_to_another_line_is_not_traced() -> None:
    """Judged where no line is a confirmed cause (``Items.causes`` empty), as a claim is."""
    text = "ng-batch scaled from 12 to 14 nodes at 18:44:20, using up the quota ng-web needed"
    assert provenance.Items(EN.splitlines(), causes=()).untraced(text) is not None


@pytest.mark.parametrize(("text", "joined"), [
    ("X, using up the quota", True), ("X, doing so again", True), ("X, failing the run", True),
    ("X, thing one", False), ("X, bring it", False), ("X, string y", False)])
def test_a_participle_keeps_a_vowel_before_its_ending(text: str, joined: bool) -> None:
    assert resultative.result_joined(text) is joined
