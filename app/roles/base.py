"""What each role must provide. Verifier and Composer return raw text: the same strict parser
checks a model's output and the offline engine's, so neither is trusted more."""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, Field

from app.tools.base import ToolRegistry
from events.models import ExecutorOutput, RetryContext, ToolInvocation, TraceItem, Usage


class PlannedCall(BaseModel):
    tool: str
    arguments: dict[str, Any]


class Plan(BaseModel):
    steps: list[str] = Field(default_factory=list)
    calls: list[PlannedCall] = Field(default_factory=list)


class VerifierInputs(BaseModel):
    """The explicit inputs of spec 000; ``retry_context`` only on round 2."""

    original_query: str
    executor_final_answer: dict[str, Any]
    tool_trace_summary: list[TraceItem]
    gatekeeper_findings: list[dict[str, Any]] = Field(default_factory=list)
    retry_context: RetryContext | None = None


class RoleResult(BaseModel):
    text: str
    usage: Usage
    """The call whose reply is ``text``."""
    repaired: bool = False
    earlier: list[Usage] = Field(default_factory=list)
    """Calls made before it (a Verifier's first reply, before its repair)."""
    unusable: str = ""
    """Why the role could not use ``text`` (``reason: detail``, see ``app.roles.usable``); empty if it could."""

    @property
    def calls(self) -> list[Usage]:
        return [*self.earlier, self.usage]


class PlannerRole(Protocol):
    async def plan(self, query: str, retry_context: RetryContext | None, round_: int,
                   budget_s: float) -> tuple[Plan, list[Usage]]: ...


class ExecutorRole(Protocol):
    async def execute(self, session_id: str, query: str, plan: Plan, tools: ToolRegistry, round_: int,
                      budget_s: float) -> tuple[list[ToolInvocation], ExecutorOutput, list[Usage]]: ...


class VerifierRole(Protocol):
    async def verify(self, inputs: VerifierInputs, budget_s: float) -> RoleResult: ...


class ComposerRole(Protocol):
    async def compose(self, material: dict[str, Any], budget_s: float) -> RoleResult: ...
