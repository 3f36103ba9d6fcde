"""Invariants of the safety net over generated sessions and generated (mostly lying) Verifier reports:

- a claim whose key entity is absent from successful evidence is never in allowed material;
- PASS implies every critical Executor claim has support from a successful item;
- verdict and score are those the rules derive from the reconciled labels (REJECT is 0.0).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.domain import entities
from app.domain.rounds import material
from app.domain.scoring import derive_verdict
from app.domain.session import evolve
from app.domain.text import normalise
from app.stages import verify
from events.models import (
    ExecutorFinished,
    ExecutorOutput,
    QueryReceived,
    RecommendedAction,
    VerdictReached,
)
from tests.unit.factories import T0, offline_roles
from tests.unit.scripted import LyingVerifier, claim, inv

LINES = [
    "2026-11-29T09:52:30Z ingest-node-03 ingest-worker[4410]: write failed: No space left on device DISK-5001",
    "2026-11-29T08:26:37Z pg-orders-01 postgres: FATAL: too many clients already (SQLSTATE 53300) ERR-5330",
    "2026-11-29T09:40:12Z ingest-node-03 node-exporter: filesystem /var/log usage 97%",
    "2026-11-30T08:00:00Z cron[311]: backup-job nightly started",
]
GOOD = [
    "ingest-node-03 ingest-worker: write failed: No space left on device DISK-5001",
    "pg-orders-01 refused connections: too many clients already ERR-5330",
    "filesystem /var/log usage 97% on ingest-node-03",
    "cron: backup-job nightly started",
]
BAD = [
    "filesystem /var/log usage 45% on ingest-node-03",
    "ingest-node-09 write failed: No space left on device",
    "pg-orders-01 failed with ERR-7781",
    "the api gateway restarted at 08:00",
    "backup-job nightly started on backup-07",
    "log rotation stopped",
    "the only root cause is the logrotate timer",
]
ACTIONS = ["Free space on ingest-node-03", "Reboot web-19", "Raise the memory limit because of a memory leak",
           "Restart logrotate", "Raise max_connections on pg-orders-01"]
REFS = ["T1-1", "T1-1", "i1", "T1-2", "T9-9", "i2", "i3", "inv-made-up"]


@st.composite
def sessions(draw: st.DrawFn) -> tuple[ExecutorFinished, str]:
    lines = LINES if draw(st.booleans()) else draw(st.lists(st.sampled_from(LINES), unique=True, max_size=4))
    invs = [inv("i1", "\n".join(lines)), inv("i2", success=False, error="timeout", query="other"),
            inv("i3", "2026-11-30T08:00:00Z", tool="utc_now", query="")]
    texts = draw(st.lists(st.sampled_from(GOOD), unique=True, min_size=1, max_size=3))
    texts += draw(st.lists(st.sampled_from(BAD), unique=True, max_size=2 if draw(st.booleans()) else 0))
    claims = [claim(f"c{n}", t, tuple(draw(st.lists(st.sampled_from(REFS), max_size=2))), critical=draw(st.booleans()),
                    claim_type=draw(st.sampled_from(["observation", "inference", "root_cause", "other"])))
              for n, t in enumerate(texts)]
    actions = [RecommendedAction(action_text=a) for a in draw(st.lists(st.sampled_from(ACTIONS), unique=True))]
    ev = ExecutorFinished(session_id="s-prop", original_query="why is it broken?", occurred_at=T0,
                          tool_invocations=invs,
                          executor_output=ExecutorOutput(claims=claims, recommended_actions=actions))
    trusting = draw(st.booleans())  # half the reports say PASS to everything, citing the log
    facts: list[dict[str, Any]] = []
    for c in claims:
        if trusting:
            facts.append({"claim_id": c.claim_id, "fact": c.text, "is_critical": True, "detail": "d",
                          "verification": "direct_evidence", "evidence_refs": ["T1-1"]})
            continue
        if draw(st.integers(0, 6)) == 0:
            continue  # left out
        refs = draw(st.lists(st.one_of(
            st.sampled_from(REFS),
            st.builds(lambda r, ids: {"trace_ref": r, "source_invocation_ids": ids}, st.sampled_from(REFS),
                      st.lists(st.sampled_from(REFS), max_size=2))), max_size=3))
        fact = {"fact": c.text if draw(st.booleans()) else c.text.upper(), "is_critical": draw(st.booleans()),
                "verification": draw(st.sampled_from(["direct_evidence", "direct_evidence", "indirect_support",
                                                      "no_evidence", "contradicted"])),
                "detail": "d", "evidence_refs": refs}
        if draw(st.booleans()):
            fact["claim_id"] = c.claim_id
        facts.append(fact)
    report = {"verdict": draw(st.sampled_from(["PASS", "LOW_CONFID", "REJECT"])),
              "groundedness_score": draw(st.floats(0, 1)), "critical_fact_count": len(facts),
              "facts_checked": facts, "rationale": "generated",
              "claim_checks": [{"claim_id": c.claim_id, "classification": draw(st.sampled_from(
                  ["direct_observation", "reasonable_inference", "overstated", "unsupported", "external_unknown",
                   "contradicted"]))} for c in claims if draw(st.booleans())]}
    return ev, json.dumps(report)


def _run(ev: ExecutorFinished, report: str) -> VerdictReached:
    roles = offline_roles()
    roles.verifier = LyingVerifier("generated", lambda _inputs: report)
    return asyncio.run(verify(ev, roles, T0))[1]


def _evidence(ev: ExecutorFinished) -> str:
    return normalise("\n".join(i.output for i in ev.tool_invocations if i.success and i.tool_name == "log_search"))


PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(sessions())
def test_a_claim_whose_key_entity_is_absent_from_successful_evidence_is_never_allowed(session: tuple) -> None:
    ev, report = session
    v = _run(ev, report)
    state = evolve(evolve(evolve(None, QueryReceived(session_id=ev.session_id, query=ev.original_query,
                                                     occurred_at=T0)), ev), v)
    m = material(state)
    assert m is not None
    corpus = _evidence(ev)
    shown = [*m.allowed_claims, *m.allowed_hypotheses, *(f"{a.action_text} {a.reason}" for a in m.recommended_actions)]
    for text in shown:
        missing = [e.needle for e in entities.extract(text) if not entities.occurs(e, corpus)]
        assert not missing, (text, missing)


@PROPERTY
@given(sessions())
def test_pass_implies_every_critical_executor_claim_has_successful_support(session: tuple) -> None:
    ev, report = session
    v = _run(ev, report)
    assert (v.verdict, v.groundedness_score) == derive_verdict(v.facts_checked, v.gatekeeper_findings)
    assert v.verdict != "REJECT" or v.groundedness_score == 0.0
    if v.verdict != "PASS":
        return
    items = {t.trace_ref: t for t in v.tool_trace_summary}
    facts = {f.claim_id: f for f in v.facts_checked if f.claim_id}
    for c in ev.executor_output.claims:
        if not c.is_critical:
            continue
        f = facts[c.claim_id]
        assert f.verification in ("direct_evidence", "indirect_support") and f.evidence_refs
        for r in f.evidence_refs:
            assert items[r.trace_ref].success
            assert r.source_invocation_ids and set(r.source_invocation_ids) <= set(
                items[r.trace_ref].effective_invocation_ids)
