"""Model-backed roles over any OpenAI-compatible endpoint. Prompts come from ``prompts/``;
every call's usage (tokens, latency, prompt hash) is recorded; every output goes through the
same strict parsers as the offline engine's."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from app.domain.strict_json import one_object
from app.domain.verifier import VerifierOutputError, VerifierReport, parse_report
from app.roles import prompts
from app.roles.base import Plan, PlannedCall, RoleResult, VerifierInputs
from app.roles.llm import ModelClient, Reply
from app.tools.base import ToolRegistry
from events.models import ExecutorOutput, RecommendedAction, RetryContext, ToolInvocation, Usage, derived_id

log = logging.getLogger(__name__)
MAX_TOOL_CALLS = 8
MAX_TOOL_ROUNDS = 4
MAX_TOOL_RESULT_CHARS = 6000


class ComposerJSON(BaseModel):
    answer_summary: str
    recommended_actions: list[RecommendedAction]
    user_facing_answer: str


def _usage(role: str, client: ModelClient, prompt: prompts.Prompt, reply: Reply) -> Usage:
    return Usage(role=role, model=client.config.model, prompt_hash=prompt.content_hash,
                 input_tokens=reply.input_tokens, output_tokens=reply.output_tokens, latency_ms=reply.latency_ms,
                 attempts=reply.attempts)


class ModelPlanner:
    def __init__(self, client: ModelClient, tools: ToolRegistry, prompt_dir: Path = prompts.PROMPT_DIR) -> None:
        self.client, self.tools, self.prompt = client, tools, prompts.load("chat-planner-prompt", prompt_dir)

    async def plan(self, query: str, retry_context: RetryContext | None, round_: int,
                   budget_s: float) -> tuple[Plan, list[Usage]]:
        # Round 1's evidence is for the Verifier; the Planner needs the gaps and failed searches.
        text = self.prompt.render(query=query, tools=[t["function"] for t in self.tools.openai_schema()],
                                  retry_context=retry_context.model_dump(exclude={"prior_evidence"})
                                  if retry_context else None)
        reply = await self.client.complete([{"role": "user", "content": text}], budget_s,
                                           json_schema=Plan.model_json_schema(), schema_name="plan")
        usage = [_usage("planner", self.client, self.prompt, reply)]
        try:
            plan = Plan.model_validate(one_object(reply.text))
        except (ValueError, ValidationError) as exc:
            log.warning("planner output unusable (%s); searching runbooks and logs for the question", exc)
            plan = Plan(steps=["search runbooks and logs for the question"],
                        calls=[PlannedCall(tool="kb_search", arguments={"query": query}),
                               PlannedCall(tool="log_search", arguments={"query": query})])
        return plan, usage


class ModelExecutor:
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
        text = ""
        for _ in range(MAX_TOOL_ROUNDS + 1):
            may_call = len(invocations) < self.max_tool_calls
            reply = await self.client.complete(messages, end - time.monotonic(),
                                               tools=tools.openai_schema() if may_call else None,
                                               json_schema=None if may_call else ExecutorOutput.model_json_schema(),
                                               schema_name="executor_output")
            usage.append(_usage("executor", self.client, self.prompt, reply))
            if not reply.tool_calls or not may_call:
                text = reply.text
                break
            messages.append(reply.raw_message)
            for call in reply.tool_calls:
                inv_id = derived_id(session_id, round_, "tool", len(invocations))
                try:
                    args = json.loads(call["arguments"] or "{}")
                    if not isinstance(args, dict):
                        raise ValueError("arguments are not an object")
                except ValueError as exc:
                    inv = ToolInvocation(invocation_id=inv_id, tool_name=call["name"], success=False,
                                         error=f"bad arguments: {exc}", round=round_,
                                         evidence=tools.declared_evidence(call["name"]))
                else:
                    inv = await tools.invoke(inv_id, call["name"], args, round_)
                invocations.append(inv)
                body = inv.output[:MAX_TOOL_RESULT_CHARS] if inv.success else f"ERROR: {inv.error}"
                messages.append({"role": "tool", "tool_call_id": call["id"], "content": f"[call id {inv_id}]\n{body}"})
        try:
            output = ExecutorOutput.model_validate(one_object(text))
        except (ValueError, ValidationError) as exc:
            log.warning("executor output unusable session_id=%s: %s", session_id, str(exc)[:200])
            output = ExecutorOutput(missing_info=["the Executor's result was not usable"])
        return invocations, output, usage


class ModelVerifier:
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
        reply = await self.client.complete(messages, end - time.monotonic(), json_schema=schema, schema_name="verdict")
        usage = _usage("verifier", self.client, self.prompt, reply)
        try:
            parse_report(reply.text)
            return RoleResult(text=reply.text, usage=usage)
        except VerifierOutputError as exc:
            messages += [{"role": "assistant", "content": reply.text[:4000]},
                         {"role": "user", "content": self.repair.render(error=str(exc))}]
        second = await self.client.complete(messages, end - time.monotonic(), json_schema=schema, schema_name="verdict")
        usage = usage.model_copy(update={"input_tokens": usage.input_tokens + second.input_tokens,
                                         "output_tokens": usage.output_tokens + second.output_tokens,
                                         "latency_ms": usage.latency_ms + second.latency_ms})
        return RoleResult(text=second.text, usage=usage, repaired=True)


class ModelComposer:
    def __init__(self, client: ModelClient, prompt_dir: Path = prompts.PROMPT_DIR) -> None:
        self.client = client
        self.prompt = prompts.load("chat-composer-prompt", prompt_dir)

    async def compose(self, material: dict[str, Any], budget_s: float) -> RoleResult:
        fields = {k: material.get(k) for k in self.prompt.variables}
        fields["language"] = material.get("language", "en")
        reply = await self.client.complete([{"role": "user", "content": self.prompt.render(**fields)}], budget_s,
                                           json_schema=ComposerJSON.model_json_schema(), schema_name="answer")
        return RoleResult(text=reply.text, usage=_usage("composer", self.client, self.prompt, reply))
