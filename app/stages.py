"""The three working stages, as plain async functions the thin agents call.

Each takes the stage's input event and returns the events to emit, with ids derived from
(session, round, stage): doing a stage twice emits the same events, which the fold ignores.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from app.domain import gatekeeper, scoring
from app.domain.deadlines import deadline_of
from app.domain.material import mentions_sole_root_cause
from app.domain.templates import render_answer, render_degraded, render_disclaimer
from app.domain.trace import DEFAULT_HELPER_TOOLS, summarise_trace
from app.domain.verifier import VerifierOutputError, fail_closed, parse_report, reconcile
from app.engine.base import ComposerRole, ExecutorRole, PlannerRole, VerifierInputs, VerifierRole
from app.llm import DeadlineExceeded, ModelError
from app.tools.base import ToolRegistry
from events.models import (
    AnswerDrafted,
    ComposeRequested,
    ComposerOutput,
    ExecutorFinished,
    QueryReceived,
    RecommendedAction,
    RetryRequested,
    RuleEvaluationRecorded,
    Usage,
    VerdictReached,
    VerifierStatus,
    derived_id,
)

log = logging.getLogger(__name__)


@dataclass
class Roles:
    planner: PlannerRole
    executor: ExecutorRole
    verifier: VerifierRole
    composer: ComposerRole
    tools: ToolRegistry
    budget_s: float = 30.0


def budget(deadline_at: datetime | None, now: datetime, default_s: float) -> float:
    """The seconds a stage may spend: what remains of the session's deadline."""
    if deadline_at is None:
        return default_s
    return max(0.0, (deadline_at - now).total_seconds())


async def investigate(ev: QueryReceived | RetryRequested, roles: Roles, now: datetime) -> ExecutorFinished:
    query = ev.query if isinstance(ev, QueryReceived) else ev.original_query
    retry = ev.retry_context if isinstance(ev, RetryRequested) else None
    deadline_at = deadline_of(ev) if isinstance(ev, QueryReceived) else ev.deadline_at
    started = time.monotonic()
    left = budget(deadline_at, now, roles.budget_s)
    plan, u1 = await roles.planner.plan(query, retry, ev.round, left)
    left = max(0.0, left - (time.monotonic() - started))
    invs, output, u2 = await roles.executor.execute(ev.session_id, query, plan, roles.tools, ev.round, left)
    return ExecutorFinished(
        event_id=derived_id(ev.session_id, ev.round, "executor"), session_id=ev.session_id, round=ev.round,
        occurred_at=now, causation_id=ev.event_id, original_query=query, plan=plan.steps,
        tool_invocations=invs, executor_output=output, usage=[*u1, *u2],
        retry_context=retry, deadline_at=deadline_at,
    )


async def verify(ev: ExecutorFinished, roles: Roles, now: datetime,
                 helper_tools: frozenset[str] = DEFAULT_HELPER_TOOLS) -> tuple[RuleEvaluationRecorded, VerdictReached]:
    claims = ev.executor_output.claims
    focus = "\n".join(c.text for c in claims)
    # CPU-bound on large outputs (~1 s for 10 MB): off the event loop, so heartbeats go on.
    items = await asyncio.to_thread(summarise_trace, ev.tool_invocations, focus,
                                    helper_tools | roles.tools.helper_names)
    findings = await asyncio.to_thread(gatekeeper.inspect, claims, ev.tool_invocations, items)
    rule = RuleEvaluationRecorded(
        event_id=derived_id(ev.session_id, ev.round, "rule"), session_id=ev.session_id, round=ev.round,
        occurred_at=now, causation_id=ev.event_id, rule_score=scoring.rule_score(items, findings),
        evidence_items=len(items), successful_items=sum(i.success for i in items),
        direct_items=sum(i.evidence_level == "direct" for i in items), findings=findings,
    )
    inputs = VerifierInputs(
        original_query=ev.original_query,
        executor_final_answer=ev.executor_output.model_dump(mode="json", exclude={"user_facing_answer"}),
        tool_trace_summary=items, gatekeeper_findings=[f.model_dump(mode="json") for f in findings],
        retry_context=ev.retry_context if ev.round == 2 else None,
    )
    status: VerifierStatus = "valid"
    usage: list[Usage] = []
    try:
        result = await roles.verifier.verify(inputs, budget(ev.deadline_at, now, roles.budget_s))
        usage.append(result.usage)
        rec = reconcile(parse_report(result.text), items, findings)
        if rec.overrides:
            status = "overridden"
        elif result.repaired:
            status = "repaired"
    except VerifierOutputError as exc:
        log.warning("verifier output rejected session_id=%s round=%s: %s", ev.session_id, ev.round, exc)
        rec, status = fail_closed(str(exc)), "fail_closed"
    except DeadlineExceeded as exc:
        log.warning("verifier out of time session_id=%s round=%s: %s", ev.session_id, ev.round, exc)
        rec, status = fail_closed(f"deadline: {exc}"), "deadline_exceeded"
    except ModelError as exc:
        log.warning("verifier model failed session_id=%s round=%s: %s", ev.session_id, ev.round, exc)
        rec, status = fail_closed(f"model: {exc}"), "model_unavailable"
    except Exception as exc:  # the model path failed for good: fail closed, never PASS
        log.warning("verifier failed session_id=%s round=%s: %s", ev.session_id, ev.round, exc)
        rec, status = fail_closed(f"{type(exc).__name__}: {exc}"), "fail_closed"
    verdict = VerdictReached(
        event_id=derived_id(ev.session_id, ev.round, "verdict"), session_id=ev.session_id, round=ev.round,
        occurred_at=now, causation_id=ev.event_id, verdict=rec.verdict,
        groundedness_score=rec.groundedness_score, critical_fact_count=rec.critical_fact_count,
        facts_checked=rec.facts_checked, claim_checks=rec.claim_checks, rationale=rec.rationale,
        gatekeeper_findings=findings, tool_trace_summary=items, verifier_status=status,
        overrides=rec.overrides, dropped_refs=rec.dropped_refs, usage=usage,
    )
    return rule, verdict


def parse_composer(text: str) -> ComposerOutput:
    """Strict Composer JSON, or ``malformed`` with a short reason (the raw text is never kept)."""
    try:
        data = json.loads(text.strip())
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        summary, answer = data["answer_summary"], data["user_facing_answer"]
        acts = [RecommendedAction.model_validate(a) for a in data["recommended_actions"]]
        if not isinstance(summary, str) or not isinstance(answer, str) or not answer.strip():
            raise ValueError("answer_summary/user_facing_answer must be non-empty strings")
    except (ValueError, KeyError, TypeError) as exc:
        return ComposerOutput(status="malformed", detail=f"{type(exc).__name__}: {exc}"[:200])
    return ComposerOutput(status="valid", answer_summary=summary[:1000], recommended_actions=acts,
                          user_facing_answer=answer[:8000])


async def compose(ev: ComposeRequested, roles: Roles, now: datetime,
                  language: Literal["auto", "en", "zh"] = "auto") -> AnswerDrafted:
    """``language`` overrides the query's language for the templates and the Composer."""
    m = ev.material if language == "auto" else ev.material.model_copy(update={"language": language})
    lang = m.language
    usage: list[Usage] = []
    if ev.mode == "degraded":
        out = ComposerOutput(status="fallback", detail="REJECT uses the fixed degraded template")
        text = render_degraded(m, lang, ev.reason)
    else:
        try:
            left = budget(ev.deadline_at, now, roles.budget_s)
            result = await roles.composer.compose(m.model_dump(mode="json"), left)
            usage.append(result.usage)
            out = parse_composer(result.text)
        except Exception as exc:
            log.warning("composer failed session_id=%s: %s", ev.session_id, exc)
            out = ComposerOutput(status="fallback", detail=f"{type(exc).__name__}: {exc}"[:200])
        if out.status == "valid" and mentions_sole_root_cause(out.user_facing_answer) and not m.root_cause_allowed:
            out = ComposerOutput(status="malformed", detail="worded an inference as the sole root cause")
        body = out.user_facing_answer if out.status == "valid" else render_answer(m, lang)
        text = render_disclaimer(m, lang, body if out.status == "valid" else None) if ev.mode == "disclaimer" else body
    return AnswerDrafted(event_id=derived_id(ev.session_id, "draft"), session_id=ev.session_id, round=ev.round,
                         occurred_at=now, causation_id=ev.event_id, final_answer=text, composer_output=out,
                         usage=usage)
