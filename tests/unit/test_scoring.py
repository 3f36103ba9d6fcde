"""Spec 000: score and verdict derived from critical facts' labels, never chosen freely."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.domain.scoring import SPEC, derive_score, derive_verdict
from events.models import FactCheck, GatekeeperFinding


def fact(label: str, critical: bool = True) -> FactCheck:
    return FactCheck(fact=f"{label} fact", is_critical=critical, verification=label)  # type: ignore[arg-type]


def test_pass_verdict_when_all_claims_have_evidence() -> None:
    verdict, score = derive_verdict([fact("direct_evidence"), fact("indirect_support")])
    assert verdict == "PASS" and score >= 0.5


def test_low_confid_verdict_with_partial_evidence() -> None:
    assert derive_verdict([fact("direct_evidence"), fact("no_evidence")])[0] == "LOW_CONFID"


def test_low_confid_verdict_with_only_indirect_support() -> None:
    assert derive_verdict([fact("indirect_support"), fact("indirect_support")]) == ("LOW_CONFID", 0.6)


def test_reject_verdict_when_claims_contradict_evidence() -> None:
    assert derive_verdict([fact("direct_evidence"), fact("contradicted")]) == ("REJECT", 0.0)


def test_reject_verdict_when_the_answer_fabricates_a_key_entity() -> None:
    finding = GatekeeperFinding(kind="fabricated_entity", claim_id="c1", entity="err-7781")
    assert derive_verdict([fact("direct_evidence")], [finding])[0] == "REJECT"


def test_contradicted_fact_forces_reject() -> None:
    assert derive_verdict([fact("contradicted"), fact("direct_evidence"), fact("direct_evidence")]) == ("REJECT", 0.0)


def test_score_derived_from_supported_facts_with_the_fixed_mapping() -> None:
    assert (SPEC.direct_evidence, SPEC.indirect_support, SPEC.no_evidence) == (1.0, 0.6, 0.0)
    assert derive_score([fact("direct_evidence"), fact("indirect_support"), fact("no_evidence")]) == pytest.approx(
        (1.0 + 0.6 + 0.0) / 3, abs=1e-4)


def test_non_critical_facts_do_not_move_the_score() -> None:
    assert derive_score([fact("direct_evidence"), fact("no_evidence", critical=False)]) == 1.0
    assert derive_verdict([fact("direct_evidence"), fact("contradicted", critical=False)])[0] == "PASS"


labels = st.sampled_from(["direct_evidence", "indirect_support", "no_evidence", "contradicted"])
facts = st.lists(st.builds(fact, labels, st.booleans()), max_size=12)


@given(facts)
def test_score_is_always_in_the_unit_interval(fs: list[FactCheck]) -> None:
    assert 0.0 <= derive_verdict(fs)[1] <= 1.0


@given(facts)
def test_any_contradicted_critical_fact_means_reject_with_zero(fs: list[FactCheck]) -> None:
    if any(f.is_critical and f.verification == "contradicted" for f in fs):
        assert derive_verdict(fs) == ("REJECT", 0.0)


@given(facts)
def test_pass_implies_score_at_least_one_half(fs: list[FactCheck]) -> None:
    verdict, score = derive_verdict(fs)
    if verdict == "PASS":
        assert score >= 0.5
        assert any(f.is_critical and f.verification == "direct_evidence" for f in fs)
