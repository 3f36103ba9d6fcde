"""Model-backed roles over any OpenAI-compatible endpoint. Prompts come from ``prompts/``;
every call is recorded with how it ended (``Usage.status``); every reply goes through the same
strict parsers as the offline engine's, and one that cannot be used says why
(``app.roles.usable``) instead of being sent again: only the Verifier gets one repair (spec 000).

What a role does with an unusable reply: the Planner falls back to a fixed plan (search the
runbooks and the logs for the question); the Executor fails its stage (``ModelUnusable``: the
session is answered degraded at once); the Verifier asks once for a repair, then the stage fails
closed; the Composer's reply is replaced by the safe template (``app.stages.compose``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from app.domain.verifier import VerifierOutputError, VerifierReport, parse_report
from app.roles import prompts
from app.roles.base import Plan, PlannedCall, RoleResult, VerifierInputs
from app.roles.llm import ModelClient, ModelError, ModelUnusable, Reply
from app.roles.usable import Unusable, check_finished, json_reply, unusable_verdict
from app.tools.base import ToolRegistry
from events.models import ExecutorOutput, RecommendedAction, RetryContext, ToolInvocation, Usage, derived_id

MAX_TOOL_CALLS = 8
MAX_TOOL_ROUNDS = 4
MAX_TOOL_RESULT_CHARS = 6000


class ComposerJSON(BaseModel):
    answer_summary: str
    recommended_actions: list[RecommendedAction]
    user_facing_answer: str


def _unusable(usage: Usage, exc: Unusable) -> Usage:
    return usage.model_copy(update={"status": "unusable", "error": str(exc)})


class _Role:
    """What every model role shares: its client, and what it needs of the session's time."""

    client: ModelClient

    @property
    def need_s(self) -> float:
        return self.client.need_s


class ModelPlanner(_Role):
    def __init__(self, client: ModelClient, tools: ToolRegistry, prompt_dir: Path = prompts.PROMPT_DIR) -> None:
        self.client, self.tools, self.prompt = client, tools, prompts.load("chat-planner-prompt", prompt_dir)

    async def plan(self, query: str, retry_context: RetryContext | None, round_: int,
                   budget_s: float) -> tuple[Plan, list[Usage]]:
        # Round 1's evidence is for the Verifier; the Planner needs the gaps and failed searches.
        text = self.prompt.render(query=query, tools=[t["function"] for t in self.tools.openai_schema()],
                                  retry_context=retry_context.model_dump(exclude={"prior_evidence"})
                                  if retry_context else None)
        reply = await self.client.complete([{"role": "user", "content": text}], budget_s,
                                           json_schema=Plan.model_json_schema(), schema_name="plan",
                                           prompt_hash=self.prompt.content_hash)
        usage = self.client.usage(reply, self.prompt.content_hash)
        try:
            check_finished(reply.text, reply.finish_reason, self.client.max_tokens)
            return json_reply(reply.text, Plan), [usage]
        except Unusable as exc:
            plan = Plan(steps=["search runbooks and logs for the question"],
                        calls=[PlannedCall(tool="kb_search", arguments={"query": query}),
                               PlannedCall(tool="log_search", arguments={"query": query})])
            return plan, [_unusable(usage, exc)]


class ModelExecutor(_Role):
    """The tool loop: function calling over the registered tools, each call recorded as a fact."""

    def __init__(self, client: ModelClient, max_tool_calls: int = MAX_TOOL_CALLS,
                 prompt_dir: Path = prompts.PROMPT_DIR) -> None:
        self.client, self.max_tool_calls = client, max_tool_calls
        self.prompt = prompts.load("chat-executor-prompt", prompt_dir)

    async def execute(self, session_id: str, query: str, plan: Plan, tools: ToolRegistry, round_: int,
                      budget_s: float) -> tuple[list[ToolInvocation], ExecutorOutput, list[Usage]]:
        end = time.monotonic() + budget_s
        messages: list[dict[str, Any]] = [{"role": "user", "content": self.prompt.render(
            query=query, plan=plan.model_dump(), max_tool_calls=str(self.max_tool_calls))}]
        invocations: list[ToolInvocation] = []
        usage: list[Usage] = []
        for turn in range(MAX_TOOL_ROUNDS + 1):
            may_call = len(invocations) < self.max_tool_calls and turn < MAX_TOOL_ROUNDS
            try:
                reply = await self.client.complete(
                    messages, end - time.monotonic(), tools=tools.openai_schema() if may_call else None,
                    json_schema=None if may_call else ExecutorOutput.model_json_schema(),
                    schema_name="executor_output", prompt_hash=self.prompt.content_hash)
            except ModelError as exc:
                exc.calls = [*usage, *exc.calls]
                raise
            usage.append(self.client.usage(reply, self.prompt.content_hash))
            try:
                check_finished(reply.text, reply.finish_reason, self.client.max_tokens, bool(reply.tool_calls))
                if reply.tool_calls and may_call:
                    messages.append(reply.raw_message)
                    for call in reply.tool_calls:
                        inv = await self._invoke(session_id, call, tools, round_, len(invocations))
                        invocations.append(inv)
                        body = inv.output[:MAX_TOOL_RESULT_CHARS] if inv.success else f"ERROR: {inv.error}"
                        messages.append({"role": "tool", "tool_call_id": call["id"],
                                         "content": f"[call id {inv.invocation_id}]\n{body}"})
                    continue
                return invocations, json_reply(reply.text, ExecutorOutput), usage
            except Unusable as exc:
                usage[-1] = _unusable(usage[-1], exc)
                raise ModelUnusable(f"{self.client.config.model}: unusable output ({exc})", calls=usage) from None
        raise AssertionError("unreachable: the last round may not call tools")  # pragma: no cover

    @staticmethod
    async def _invoke(session_id: str, call: dict[str, Any], tools: ToolRegistry, round_: int,
                      index: int) -> ToolInvocation:
        inv_id = derived_id(session_id, round_, "tool", index)
        try:
            args = json.loads(call["arguments"] or "{}")
            if not isinstance(args, dict):
                raise ValueError("arguments are not an object")
        except ValueError as exc:
            return ToolInvocation(invocation_id=inv_id, tool_name=call["name"], success=False,
                                  error=f"bad arguments: {exc}", round=round_,
                                  evidence=tools.declared_evidence(call["name"]))
        return await tools.invoke(inv_id, call["name"], args, round_)


def _verifier_usable(reply: Reply, max_tokens: int) -> None:
    """The Verifier's reply as the stage will parse it (``parse_report``), its reason named. Its
    free text is not checked for placeholders: only its labels count, and they are re-derived."""
    check_finished(reply.text, reply.finish_reason, max_tokens)
    try:
        parse_report(reply.text)
    except VerifierOutputError as exc:
        raise unusable_verdict(exc) from None


class ModelVerifier(_Role):
    """One call; at most one repair when the output is not one valid JSON object."""

    def __init__(self, client: ModelClient, prompt_dir: Path = prompts.PROMPT_DIR) -> None:
        self.client = client
        self.prompt = prompts.load("chat-verifier-prompt", prompt_dir)
        self.repair = prompts.load("chat-verifier-repair-prompt", prompt_dir)

    async def verify(self, inputs: VerifierInputs, budget_s: float) -> RoleResult:
        end = time.monotonic() + budget_s
        text = self.prompt.render(
            original_query=inputs.original_query, executor_final_answer=inputs.executor_final_answer,
            tool_trace_summary=[t.model_dump(mode="json") for t in inputs.tool_trace_summary],
            gatekeeper_findings=inputs.gatekeeper_findings,
            # Round 1's evidence is already in tool_trace_summary (its items have round 1).
            retry_context=inputs.retry_context.model_dump(exclude={"prior_evidence"}) if inputs.retry_context else None)
        messages: list[dict[str, Any]] = [{"role": "user", "content": text}]
        schema = VerifierReport.model_json_schema()
        h = self.prompt.content_hash
        reply = await self.client.complete(messages, end - time.monotonic(), json_schema=schema,
                                           schema_name="verdict", prompt_hash=h)
        first = self.client.usage(reply, h)
        try:
            _verifier_usable(reply, self.client.max_tokens)
            return RoleResult(text=reply.text, usage=first)
        except Unusable as exc:
            first = _unusable(first, exc)
            messages += [{"role": "assistant", "content": reply.text[:4000]},
                         {"role": "user", "content": self.repair.render(error=str(exc))}]
        try:
            second = await self.client.complete(messages, end - time.monotonic(), json_schema=schema,
                                                schema_name="verdict", prompt_hash=h)
        except ModelError as exc:
            exc.calls = [first, *exc.calls]
            raise
        usage = self.client.usage(second, h)
        try:
            _verifier_usable(second, self.client.max_tokens)
        except Unusable as exc:
            usage = _unusable(usage, exc)
        return RoleResult(text=second.text, usage=usage, repaired=True, earlier=[first])


class ModelComposer(_Role):
    """One call. A reply that is cut, not the JSON asked for, or a copied example is marked
    unusable here; the stage parses and vets it (``app.domain.composing``) and falls back to the
    safe template for anything it cannot use."""

    def __init__(self, client: ModelClient, prompt_dir: Path = prompts.PROMPT_DIR) -> None:
        self.client = client
        self.prompt = prompts.load("chat-composer-prompt", prompt_dir)

    async def compose(self, material: dict[str, Any], budget_s: float) -> RoleResult:
        fields = {k: material.get(k) for k in self.prompt.variables}
        fields["language"] = material.get("language", "en")
        reply = await self.client.complete([{"role": "user", "content": self.prompt.render(**fields)}], budget_s,
                                           json_schema=ComposerJSON.model_json_schema(), schema_name="answer",
                                           prompt_hash=self.prompt.content_hash)
        usage = self.client.usage(reply, self.prompt.content_hash)
        try:
            check_finished(reply.text, reply.finish_reason, self.client.max_tokens)
            json_reply(reply.text, ComposerJSON)
        except Unusable as exc:
            return RoleResult(text=reply.text, usage=_unusable(usage, exc), unusable=str(exc))
        return RoleResult(text=reply.text, usage=usage)

