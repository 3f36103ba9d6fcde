"""``groundgate replay``: how stored verdicts would change under another policy, or with
another Verifier (prompt or model), from the event log in ClickHouse.

A policy is the spec's rules with other numbers: what a directly or indirectly supported critical
claim counts for in the score, the retry threshold (a round-1 LOW_CONFID below it gets a second
round), and optionally a PASS threshold. The spec has none: PASS is every critical claim
supported and one directly, whatever the score. With ``pass_threshold`` the verdict becomes
score-based instead (PASS from that score up, unless something is contradicted or fabricated,
which stays REJECT), to see what such a rule would have let through."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from app.audit.store import AuditStore
from app.domain.routing import route
from app.domain.scoring import Policy, derive_verdict
from app.roles.base import Roles
from app.settings import Settings
from app.stages import verify
from events.models import ExecutorFinished, FactCheck, GatekeeperFinding, Verdict

FAILED_CLOSED = frozenset({"fail_closed", "deadline_exceeded", "model_unavailable"})


@dataclass
class Change:
    session_id: str
    round: int
    before: str
    after: str
    before_route: str = ""
    after_route: str = ""


@dataclass
class ReplayReport:
    changes: list[Change] = field(default_factory=list)
    unchanged: int = 0

    def transitions(self) -> Counter[str]:
        return Counter(f"{c.before}→{c.after}" for c in self.changes)

    def render(self) -> str:
        total = self.unchanged + len(self.changes)
        lines = [f"{total} verdict(s) replayed: {self.unchanged} unchanged, {len(self.changes)} changed"]
        lines += [f"  {t}: {n}" for t, n in sorted(self.transitions().items())]
        lines += [f"    {c.session_id} round {c.round}: {c.before} → {c.after}"
                  + (f" (route {c.before_route} → {c.after_route})" if c.before_route != c.after_route else "")
                  for c in self.changes[:20]]
        return "\n".join(lines)


def _rows(store: AuditStore, event_type: str, limit: int, session: str | None) -> list[dict[str, Any]]:
    where = "event_type = {t:String}" + (" AND session_id = {s:String}" if session else "")
    sql = f"SELECT payload FROM gg_events FINAL WHERE {where} ORDER BY session_id, round LIMIT {int(limit)}"
    rows = store.query(sql, {"t": event_type, "s": session or ""})
    return [json.loads(p) for (p,) in rows]


def verdict_under(facts: list[FactCheck], findings: list[GatekeeperFinding], policy: Policy,
                  pass_threshold: float | None = None, relevance: str = "") -> tuple[Verdict, float]:
    """The verdict and score the rules give these labels under ``policy`` (claims off the question,
    ``relevance`` off_topic, are never PASS); with a ``pass_threshold``, PASS is every verdict that is
    not REJECT with a score at least that."""
    verdict, score = derive_verdict(facts, findings, policy, relevance)
    if pass_threshold is None or verdict == "REJECT" or relevance == "off_topic":
        return verdict, score
    return ("PASS" if score >= pass_threshold else "LOW_CONFID"), score


def replay_policy(store: AuditStore, policy: Policy, limit: int = 100_000, session: str | None = None,
                  pass_threshold: float | None = None) -> ReplayReport:
    """Re-derive every stored verdict from its own fact labels under ``policy`` (and the
    score-based ``pass_threshold``, when given)."""
    report = ReplayReport()
    for v in _rows(store, "VerdictReached", limit, session):
        facts = [FactCheck.model_validate(f) for f in v["facts_checked"]]
        findings = [GatekeeperFinding.model_validate(f) for f in v.get("gatekeeper_findings", [])]
        if v.get("verifier_status") in FAILED_CLOSED:  # REJECT by the fail-closed rule, not by its labels
            report.unchanged += 1
            continue
        verdict, score = verdict_under(facts, findings, policy, pass_threshold, v.get("relevance", ""))
        before_route = route(v["verdict"], v["groundedness_score"], v["round"])
        after_route = route(verdict, score, v["round"], policy.retry_threshold)
        if verdict == v["verdict"] and before_route == after_route:
            report.unchanged += 1
        else:
            report.changes.append(Change(v["session_id"], v["round"], v["verdict"], verdict, before_route, after_route))
    return report


async def replay_verifier(store: AuditStore, roles: Roles, limit: int = 1000,
                          session: str | None = None, helper_tools: frozenset[str] | None = None) -> ReplayReport:
    """Re-run the Verifier (as ``roles`` configures it) on every stored Executor result, with the
    worker's evidence policy: the same helper tools (``GROUNDGATE_HELPER_TOOLS`` unless given)."""
    helpers = Settings.from_env().helper_tool_names if helper_tools is None else helper_tools
    stored = {(v["session_id"], v["round"]): v["verdict"] for v in _rows(store, "VerdictReached", limit, session)}
    report = ReplayReport()
    for e in _rows(store, "ExecutorFinished", limit, session):
        # A replay is not bound by the original session's deadline (long past).
        ev = ExecutorFinished.model_validate(e).model_copy(update={"deadline_at": None})
        _, verdict = await verify(ev, roles, datetime.now(UTC), helpers)
        before = stored.get((ev.session_id, ev.round), "?")
        if before == verdict.verdict:
            report.unchanged += 1
        else:
            report.changes.append(Change(ev.session_id, ev.round, before, verdict.verdict))
    return report
