"""The Verifier's output contract and its strict parsing.

A Verifier (model or offline) returns one JSON object (``VerifierReport``). Parsing is strict
in the shape spec 000 requires: exactly one object, the four top-level fields and
``critical_fact_count``, and every ``facts_checked`` item with ``fact``, ``is_critical`` (a real
boolean), ``verification``, ``detail`` and ``evidence_refs``; the score must be a number. Output
that is not one valid object gets one repair attempt (the model roles do that) and then fails
closed. What the labels mean is decided afterwards, by ``app.domain.reconcile``: nothing a
valid report says is taken on trust.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from app.domain.strict_json import NotOneObject, one_object
from events.models import MAX_LIST_ITEMS, ClaimCheckClass, Verdict, Verification

MAX_REFS_PER_FACT = 50


class ReportRef(BaseModel):
    model_config = ConfigDict(extra="ignore")
    trace_ref: StrictStr
    source_invocation_ids: list[StrictStr] = Field(default_factory=list, max_length=MAX_REFS_PER_FACT)


class ReportFact(BaseModel):
    model_config = ConfigDict(extra="ignore")
    fact: Annotated[StrictStr, Field(min_length=1)]
    is_critical: StrictBool
    verification: Verification
    detail: StrictStr
    evidence_refs: list[ReportRef | StrictStr] = Field(max_length=MAX_REFS_PER_FACT)
    claim_id: StrictStr | None = None


class ReportClaimCheck(BaseModel):
    model_config = ConfigDict(extra="ignore")
    claim_id: StrictStr
    classification: ClaimCheckClass
    detail: StrictStr = ""


class VerifierReport(BaseModel):
    """Exactly what the Verifier must output (the JSON schema given to models)."""

    model_config = ConfigDict(extra="ignore")
    verdict: Verdict
    groundedness_score: Annotated[float, Field(strict=True, ge=0.0, le=1.0)]
    critical_fact_count: Annotated[StrictInt, Field(ge=0)]
    facts_checked: list[ReportFact] = Field(max_length=2 * MAX_LIST_ITEMS)
    claim_checks: list[ReportClaimCheck] = Field(default_factory=list, max_length=2 * MAX_LIST_ITEMS)
    rationale: StrictStr
    relevance: Literal["relevant", "partial", "off_topic"] | None = None
    """Whether the supported claims address the question (optional: a deterministic floor is applied anyway)."""


class VerifierOutputError(ValueError):
    """The Verifier's text is not exactly one JSON object of the required shape."""


def parse_report(text: str) -> VerifierReport:
    """Strict: the whole text must be one JSON object (no fences, no prose around it)."""
    try:
        data = one_object(text)
    except NotOneObject as exc:
        raise VerifierOutputError(str(exc)) from None
    try:
        return VerifierReport.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise VerifierOutputError(f"schema: {'.'.join(map(str, first['loc']))}: {first['msg']}"[:500]) from None
