"""What the Verifier is given (spec 000), as the verify stage and ``groundgate models check`` build
it: this round's trace summary plus, on an extra round, the earlier rounds' evidence; this round's
claims plus the last round's unconfirmed critical ones; never the Executor's user_facing_answer."""

from __future__ import annotations

from collections.abc import Sequence

from app.domain.trace import summarise_trace
from app.roles.base import VerifierInputs
from events.models import MAX_LIST_ITEMS, Claim, ExecutorFinished, GatekeeperFinding, TraceItem


def verifier_evidence(ev: ExecutorFinished, helper_tools: frozenset[str]) -> list[TraceItem]:
    """This round's trace summary, plus the earlier rounds' evidence on an extra round (it supplements)."""
    focus = "\n".join(c.text for c in ev.executor_output.claims)
    items = summarise_trace(ev.tool_invocations, focus, helper_tools, ev.original_query)
    prior = ev.retry_context.prior_evidence if ev.retry_context is not None and ev.round > 1 else []
    own = {it.trace_ref for it in items}
    return [*items, *(it for it in prior if it.success and it.round < ev.round and it.trace_ref not in own)]


def verifier_inputs(ev: ExecutorFinished, items: list[TraceItem], findings: Sequence[GatekeeperFinding],
                    claims: Sequence[Claim]) -> VerifierInputs:
    """What the Verifier is given: never the Executor's user_facing_answer; the claims to verify
    are this round's plus, on an extra round, the last round's unconfirmed critical ones."""
    return VerifierInputs(
        original_query=ev.original_query,
        executor_final_answer={**ev.executor_output.model_dump(mode="json", exclude={"user_facing_answer"}),
                               "claims": [c.model_dump(mode="json") for c in claims]},
        tool_trace_summary=items, gatekeeper_findings=[f.model_dump(mode="json") for f in findings],
        retry_context=ev.retry_context if ev.round > 1 else None,
    )


def claims_to_verify(ev: ExecutorFinished) -> list[Claim]:
    """This round's claims, plus on an extra round the last round's unconfirmed critical claims (the
    retry context carries them): the verdict after the retry covers every round's claims."""
    own = list(ev.executor_output.claims)
    prior = ev.retry_context.prior_claims if ev.retry_context is not None and ev.round > 1 else []
    ids = {c.claim_id for c in own}
    return [*own, *(c for c in prior if c.claim_id not in ids)][:MAX_LIST_ITEMS]
