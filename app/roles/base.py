"""What each role must provide. Verifier and Composer return raw text: the same strict parser
checks a model's output and the offline engine's, so neither is trusted more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel, Field

from app.tools.base import ToolRegistry
from events.models import ExecutorOutput, RetryContext, Stage, ToolInvocation, TraceItem, Usage


class PlannedCall(BaseModel):
    tool: str
    arguments: dict[str, Any]


class Plan(BaseModel):
    steps: list[str] = Field(default_factory=list)
    calls: list[PlannedCall] = Field(default_factory=list)


class VerifierInputs(BaseModel):
    """The explicit inputs of spec 000; ``retry_context`` only on an extra round."""

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


@dataclass
class Roles:
    """The four roles a worker runs, and the tools its Executor calls."""

    planner: PlannerRole
    executor: ExecutorRole
    verifier: VerifierRole
    composer: ComposerRole
    tools: ToolRegistry
    budget_s: float = 30.0

    def needs(self, stage: Stage) -> list[float]:
        """What ``stage`` and the stages after it need of the session's time (``app.roles.budget``):
        a model role its per-call timeout times its fewest calls, the offline engine nothing."""
        def need(*roles: object) -> float:
            return sum(float(getattr(r, "need_s", 0.0)) for r in roles)

        stages = {"investigate": need(self.planner, self.executor), "verify": need(self.verifier),
                  "compose": need(self.composer)}
        order: list[Stage] = ["investigate", "verify", "compose"]
        return [stages[s] for s in order[order.index(stage):]]
