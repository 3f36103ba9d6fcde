"""The three working stages, as plain async functions the thin agents call.

Each takes the stage's input event and returns the events to emit, with ids derived from
(session, round, stage): doing a stage twice emits the same events, which the fold ignores.
Each result says when its stage began (``started_at``, the ``now`` it was given) and ended
(``occurred_at``: ``now`` plus the time the stage took), so the audit's times are the answer's own.

Every model call a stage makes is accounted here once (``account``): counted by role and status,
and an unusable reply counted by reason and logged once with the session id (a call that failed
the stage is logged by the runtime that reports the failure).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, TypeVar

from app import metrics, offload
from app.domain import composing, gatekeeper, scoring
from app.domain.composing import parse_composer
from app.domain.deadlines import deadline_of
from app.domain.language import AnswerLanguage, session_language
from app.domain.reconcile import fail_closed, reconcile
from app.domain.redact import redact
from app.domain.templates import degraded_wording
from app.domain.trace import DEFAULT_HELPER_TOOLS
from app.domain.verifier import VerifierOutputError, parse_report
from app.roles.base import Roles as Roles  # re-exported: the runtime takes the roles from here
from app.roles.budget import stage_share
from app.roles.inputs import claims_to_verify, verifier_evidence, verifier_inputs
from app.roles.llm import DeadlineExceeded, ModelError, ModelUnusable
from app.roles.usable import composer_refusal, reason_of, unusable_verdict
from events.models import (
    AnswerDrafted,
    ComposeRequested,
    ComposerOutput,
    ExecutorFinished,
    QueryReceived,
    RetryRequested,
    RuleEvaluationRecorded,
    Usage,
    VerdictReached,
    VerifierStatus,
    derived_id,
)

log = logging.getLogger(__name__)
INLINE_OUTPUT_CHARS = 256_000
T = TypeVar("T")


def failed_calls(exc: BaseException) -> list[Usage]:
    """The audit rows of the calls of an operation that failed for good (every call is counted)."""
    calls = getattr(exc, "calls", None)
    return [u for u in calls if isinstance(u, Usage)] if isinstance(calls, list) else []


def account(session_id: str, round_: int, calls: Sequence[Usage], logged: Usage | None = None,
            repair: Usage | None = None) -> None:
    """Count every call by role and status; count and log each unusable reply once (``logged``:
    the call the stage's failure reports, logged there; ``repair``: the Verifier's repair call,
    marked so, so its line is told from the first reply's)."""
    for u in calls:
        metrics.MODEL_CALLS.labels(u.role, u.status).inc()
        if u.status != "unusable":
            continue
        metrics.MODEL_UNUSABLE.labels(u.role, reason_of(u.error) or "other").inc()
        if u is not logged:
            log.warning("%s model %s gave unusable output%s session_id=%s round=%d: %s",
                        u.role, u.model, " on its repair" if u is repair else "", session_id, round_, u.error)


def _refused(u: Usage, error: str) -> Usage:
    """A call whose reply the stage could not use, though the role took it (``error``: the
    reason first, ``app.roles.usable``)."""
    if u.status != "ok":
        return u
    return u.model_copy(update={"status": "unusable", "error": error[:200]})


async def _off_loop(large: bool, fn: Callable[..., T], *args: Any) -> T:
    """A deterministic check off the event loop when the loop is busy or the check large: in the
    worker's rule processes (``app.offload``) where it runs them, else a large one in a thread
    (heartbeats go on); a small one on a quiet loop inline."""
    pool = offload.wanted(large)
    if pool is not None:
        return await pool.run(fn, *args)
    return await asyncio.to_thread(fn, *args) if large else fn(*args)


def budget(deadline_at: datetime | None, now: datetime, default_s: float) -> float:
    """The seconds left of the session's deadline (``default_s`` for a session without one)."""
    if deadline_at is None:
        return default_s
    return max(0.0, (deadline_at - now).total_seconds())


class _Clock:
    """The stage's own times: ``now`` when it began, ``now`` plus what it took so far."""

    def __init__(self, now: datetime) -> None:
        self.started_at, self._t0 = now, time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self._t0

    def now(self) -> datetime:
        return self.started_at + timedelta(seconds=self.elapsed())


async def investigate(ev: QueryReceived | RetryRequested, roles: Roles, now: datetime) -> ExecutorFinished:
    query = ev.query if isinstance(ev, QueryReceived) else ev.original_query
    retry = ev.retry_context if isinstance(ev, RetryRequested) else None
    deadline_at = deadline_of(ev) if isinstance(ev, QueryReceived) else ev.deadline_at
    clock = _Clock(now)
    share = stage_share(budget(deadline_at, now, roles.budget_s), roles.needs("investigate"))
    u1: list[Usage] = []
    try:
        plan, u1 = await roles.planner.plan(query, retry, ev.round, share)
        invs, output, u2 = await roles.executor.execute(ev.session_id, query, plan, roles.tools, ev.round,
                                                        max(0.0, share - clock.elapsed()))
    except ModelError as exc:
        # an unusable reply that fails the stage is logged with the stage's failure, by the runtime
        failed = exc.calls[-1] if isinstance(exc, ModelUnusable) and exc.calls else None
        exc.calls = [*u1, *exc.calls]  # the Planner's call happened, whatever the Executor's did
        account(ev.session_id, ev.round, exc.calls, logged=failed)
        raise
    account(ev.session_id, ev.round, [*u1, *u2])
    return ExecutorFinished(
        event_id=derived_id(ev.session_id, ev.round, "executor"), session_id=ev.session_id, round=ev.round,
        occurred_at=clock.now(), causation_id=ev.event_id, original_query=query, plan=plan.steps,
        tool_invocations=invs, executor_output=output, usage=[*u1, *u2],
        retry_context=retry, deadline_at=deadline_at, started_at=now,
    )


async def verify(ev: ExecutorFinished, roles: Roles, now: datetime,
                 helper_tools: frozenset[str] = DEFAULT_HELPER_TOOLS) -> tuple[RuleEvaluationRecorded, VerdictReached]:
    claims = claims_to_verify(ev)
    clock = _Clock(now)
    # CPU-bound on large outputs (~1 s for 10 MB): off the event loop, so heartbeats go on; a
    # small one costs less than the hand-off to a thread.
    large = sum(len(i.output) for i in ev.tool_invocations) > INLINE_OUTPUT_CHARS
    items = await _off_loop(large, verifier_evidence, ev, helper_tools | roles.tools.helper_names)
    findings = await _off_loop(large, gatekeeper.inspect, claims, ev.tool_invocations, items,
                                      ev.original_query)
    rule = RuleEvaluationRecorded(
        event_id=derived_id(ev.session_id, ev.round, "rule"), session_id=ev.session_id, round=ev.round,
        occurred_at=clock.now(), causation_id=ev.event_id, rule_score=scoring.rule_score(items, findings),
        evidence_items=len(items), successful_items=sum(i.success for i in items),
        direct_items=sum(i.evidence_level == "direct" for i in items), findings=findings,
    )
    inputs = verifier_inputs(ev, items, findings, claims)
    status: VerifierStatus = "valid"
    usage: list[Usage] = []
    repair: Usage | None = None
    share = stage_share(budget(ev.deadline_at, now, roles.budget_s) - clock.elapsed(), roles.needs("verify"))
    try:
        result = await roles.verifier.verify(inputs, share)
        usage = result.calls
        repair = result.usage if result.repaired else None
        try:
            rec = reconcile(parse_report(result.text), claims, items, findings, ev.original_query)
        except VerifierOutputError as exc:
            usage[-1] = _refused(usage[-1], str(unusable_verdict(exc)))
            repair = usage[-1] if result.repaired else None
            raise
        if rec.overrides:
            status = "overridden"
        elif result.repaired:
            status = "repaired"
    except VerifierOutputError as exc:  # logged with the call (account): the verdict fails closed
        rec, status = fail_closed(str(exc), claims, items, findings), "fail_closed"
    except DeadlineExceeded as exc:
        log.warning("verifier out of time session_id=%s round=%s: %s", ev.session_id, ev.round, exc)
        rec, status = fail_closed(f"deadline: {exc}", claims, items, findings), "deadline_exceeded"
        usage += failed_calls(exc)
    except ModelError as exc:
        log.warning("verifier model failed session_id=%s round=%s: %s", ev.session_id, ev.round, exc)
        rec, status = fail_closed(f"model: {exc}", claims, items, findings), "model_unavailable"
        usage += failed_calls(exc)
    except Exception as exc:  # the model path failed for good: fail closed, never PASS
        why = redact(f"{type(exc).__name__}: {exc}")
        log.warning("verifier failed session_id=%s round=%s: %s", ev.session_id, ev.round, why)
        rec, status = fail_closed(why, claims, items, findings), "fail_closed"
    account(ev.session_id, ev.round, usage, repair=repair)
    verdict = VerdictReached(
        event_id=derived_id(ev.session_id, ev.round, "verdict"), session_id=ev.session_id, round=ev.round,
        occurred_at=clock.now(), causation_id=ev.event_id, verdict=rec.verdict,
        groundedness_score=rec.groundedness_score, critical_fact_count=rec.critical_fact_count,
        facts_checked=rec.facts_checked, claim_checks=rec.claim_checks, rationale=rec.rationale,
        gatekeeper_findings=findings, tool_trace_summary=items, verifier_status=status,
        overrides=rec.overrides, dropped_refs=rec.dropped_refs, usage=usage, started_at=now,
        relevance=rec.relevance,
    )
    return rule, verdict


async def compose(ev: ComposeRequested, roles: Roles, now: datetime,
                  language: AnswerLanguage = "auto") -> AnswerDrafted:
    """``language``: the answer-language setting; the material is in the session's language,
    which follows it (``app.domain.language``) when the fold was given it."""
    lang = session_language(language, ev.material.language, ev.material.original_query)
    m = ev.material if lang == ev.material.language else ev.material.model_copy(update={"language": lang})
    clock = _Clock(now)
    usage: list[Usage] = []
    if not composing.composer_needed(ev.mode, m):
        out, text = composing.without_composer(ev.mode, m, lang, degraded_wording(ev.reason, now, ev.deadline_at))
    else:
        try:
            left = budget(ev.deadline_at, now, roles.budget_s)
            result = await roles.composer.compose(m.model_dump(mode="json"), left)
            usage = result.calls
            if result.unusable:
                out = ComposerOutput(status="malformed", detail=result.unusable[:200])
            else:
                parsed = parse_composer(result.text)
                big = sum(map(len, m.allowed_claims)) > INLINE_OUTPUT_CHARS // 4  # ~0.1 s of tracing and up
                out = await _off_loop(big, composing.vet, parsed, m)
                if out.refusal:
                    metrics.COMPOSER_REFUSALS.labels(out.refusal).inc()
                if out.status != "valid":
                    usage[-1] = _refused(usage[-1], composer_refusal(parsed.status == "valid", out.detail))
        except Exception as exc:
            why = redact(f"{type(exc).__name__}: {exc}", limit=200)
            log.warning("composer failed session_id=%s: %s", ev.session_id, why)
            out = ComposerOutput(status="fallback", detail=why)
            usage += failed_calls(exc)
        text = composing.with_composer(ev.mode, m, lang, out)
    account(ev.session_id, ev.round, usage)
    return AnswerDrafted(event_id=derived_id(ev.session_id, "draft"), session_id=ev.session_id, round=ev.round,
                         occurred_at=clock.now(), causation_id=ev.event_id, final_answer=text, composer_output=out,
                         usage=usage, started_at=now)
