"""``groundgate models check``: send each model role one request shaped like the real one (its
prompt, its response format, the Executor with its tools), read the reply as the pipeline would
(the same roles and strict parsers), and say what failed and why, naming the model and the URL.

Failures are told apart by what happened, not by the endpoint's words: ``timeout`` (no reply
within the role's per-call timeout), ``unsupported`` (the server refuses the request with its
response format or tools and takes it without), ``refused`` (any other 4xx: key, model, URL),
``unreachable`` (no connection, 5xx, 429), ``unparseable`` (a reply the role cannot use, and why).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

import httpx

from app.domain import composing, gatekeeper
from app.domain.redact import redact
from app.domain.verifier import VerifierOutputError, parse_report
from app.roles.base import Plan, PlannedCall
from app.roles.budget import MIN_CALL_S, MIN_CALLS
from app.roles.build import user_tools
from app.roles.inputs import verifier_evidence, verifier_inputs
from app.roles.llm import DeadlineExceeded, ModelClient, ModelError, ModelRejected, ModelUnusable, RoleConfig
from app.roles.model import ModelComposer, ModelExecutor, ModelPlanner, ModelVerifier
from app.roles.usable import composer_refusal, unusable_verdict
from app.settings import Settings
from app.tools.base import ToolRegistry
from app.tools.builtin import builtin_registry
from events.models import Claim, ComposerMaterial, ExecutorFinished, ExecutorOutput, RecommendedAction, ToolInvocation

Outcome = Literal["ok", "timeout", "unsupported", "refused", "unreachable", "unparseable"]


@dataclass
class CheckResult:
    role: str
    provider: str
    model: str
    ok: bool
    detail: str
    outcome: Outcome = "ok"
    url: str = ""

    def line(self) -> str:
        where = f" [{self.model} at {self.url}]" if self.url else ""
        what = "ok  " if self.ok else "FAIL"
        return f"{self.role:<9} {self.provider:<8} {what} {self.outcome}: {self.detail}{where}"


def shown_url(cfg: RoleConfig) -> str:
    """The endpoint as a user may see it: no credentials, no query string."""
    return re.sub(r"//[^/@]*@", "//", (cfg.base_url or "https://api.openai.com/v1").split("?")[0])


def sample() -> dict[str, str]:
    data: dict[str, str] = json.loads(resources.files("app").joinpath("demo/models-check.json").read_text("utf-8"))
    return data


class _Probe:
    """One role's check: its real call on the sample, then, if the server refused it, the same
    request without the role's feature (response format or tools), to tell which it refuses."""

    def __init__(self, role: str, cfg: RoleConfig, tools: ToolRegistry, http_client: httpx.AsyncClient | None,
                 prompt_dir: Any) -> None:
        self.role, self.tools, self.http_client, self.prompt_dir = role, tools, http_client, prompt_dir
        self.cfg = cfg.model_copy(update={"max_attempts": 1})  # one attempt: a check reports, it does not retry
        self.client = ModelClient(self.cfg, http_client=http_client, role=role)
        self.s = sample()

    @property
    def budget_s(self) -> float:
        """Each of the role's fewest calls its whole per-call timeout (and no more)."""
        return self.client.timeout_s * MIN_CALLS.get(self.role, 1) + MIN_CALL_S

    def executor_result(self) -> ExecutorFinished:
        return ExecutorFinished(
            session_id="models-check", original_query=self.s["question"],
            tool_invocations=[ToolInvocation(invocation_id="check-1", tool_name="log_search",
                                             arguments={"query": self.s["search"]}, output=self.s["tool_output"])],
            executor_output=ExecutorOutput(claims=[Claim(claim_id="c1", text=self.s["claim"], claim_type="observation",
                                                         evidence_refs=["check-1"])]))

    async def run(self, client: ModelClient) -> tuple[Outcome, str]:
        """The role's real call through ``client``; (outcome, detail)."""
        s, b = self.s, self.budget_s
        if self.role == "planner":
            _, [call] = await ModelPlanner(client, self.tools, self.prompt_dir).plan(s["question"], None, 1, b)
            return ("ok", "a plan") if call.status == "ok" else ("unparseable", call.error)
        if self.role == "executor":
            plan = Plan(steps=["search the logs"], calls=[PlannedCall(tool="log_search",
                                                                       arguments={"query": s["search"]})])
            invs, out, calls = await ModelExecutor(client, prompt_dir=self.prompt_dir).execute(
                "models-check", s["question"], plan, self.tools, 1, b)
            if not invs:
                return "unparseable", "it answered without calling a tool (the executor role needs tool calls)"
            return "ok", f"{len(invs)} tool call(s), {len(out.claims)} claim(s) in {len(calls)} turn(s)"
        if self.role == "verifier":
            ev = self.executor_result()
            items = verifier_evidence(ev, frozenset())
            findings = gatekeeper.inspect(ev.executor_output.claims, ev.tool_invocations, items, ev.original_query)
            inputs = verifier_inputs(ev, items, findings, ev.executor_output.claims)
            result = await ModelVerifier(client, self.prompt_dir).verify(inputs, b)
            try:
                parse_report(result.text)
            except VerifierOutputError as exc:
                last = str(unusable_verdict(exc))
                return "unparseable", (f"{result.earlier[0].error}; repair: {last}" if result.earlier else last)[:300]
            return "ok", (f"a verdict after its one repair (first reply {result.earlier[0].error})"
                          if result.repaired else "a verdict")
        m = ComposerMaterial(original_query=s["question"], verdict="PASS", allowed_claims=[s["claim"]],
                             recommended_actions=[RecommendedAction(action_text=s["action"])])
        result = await ModelComposer(client, self.prompt_dir).compose(m.model_dump(mode="json"), b)
        if result.unusable:
            return "unparseable", result.unusable
        parsed = composing.parse_composer(result.text)
        vetted = composing.vet(parsed, m)
        if vetted.status == "valid":
            return "ok", "an answer"
        return "unparseable", composer_refusal(parsed.status == "valid", vetted.detail)

    async def without_feature(self) -> bool:
        """Whether the server takes this role's request once its feature is left out."""
        bare = self.cfg.model_copy(update={"response_format": "text"})
        client = ModelClient(bare, http_client=self.http_client, role=self.role)
        try:
            await client.complete([{"role": "user", "content": "Reply with the word ok."}],
                                  self.client.timeout_s + MIN_CALL_S)
        except ModelError:
            return False
        return True

    def feature(self) -> str:
        return "tool calling" if self.role == "executor" else f"response_format={self.cfg.response_format}"

    async def check(self) -> tuple[Outcome, str]:
        var = f"GROUNDGATE_{self.role.upper()}"
        try:
            outcome, detail = await self.run(self.client)
        except ModelUnusable as exc:
            return "unparseable", exc.calls[-1].error if exc.calls else str(exc)
        except ModelRejected as exc:
            status = re.search(r"HTTP (\d+)", str(exc))
            code = int(status.group(1)) if status else 0
            if code == 401:
                return "refused", f"{exc}: bad API key; set {var}_API_KEY or OPENAI_API_KEY"
            if code == 404:
                return "refused", f"{exc}: unknown model or URL; set {var}_MODEL or {var}_BASE_URL"
            if (self.role == "executor" or self.cfg.response_format != "text") and await self.without_feature():
                hint = ("the executor role needs it" if self.role == "executor"
                        else f"set {var}_RESPONSE_FORMAT=json_object or text")
                return "unsupported", f"{exc} with {self.feature()}, accepted without it: {hint}"
            return "refused", str(exc)
        except ModelError as exc:
            if isinstance(exc, DeadlineExceeded) or (exc.calls and exc.calls[-1].status == "timeout"):
                return "timeout", (f"no reply within {self.client.timeout_s:g}s; raise {var}_TIMEOUT_S or lower "
                                   f"{var}_MAX_TOKENS (now {self.client.max_tokens}) ({exc})")
            return "unreachable", str(exc)
        except Exception as exc:  # anything else is reported, never raised at the user
            return "unreachable", redact(f"{type(exc).__name__}: {exc}", limit=300)
        return outcome, detail


async def check_models(settings: Settings, http_client: httpx.AsyncClient | None = None) -> list[CheckResult]:
    tools = user_tools(builtin_registry(settings.corpus), settings.tools_module)
    results = []
    for role, cfg in settings.roles.items():
        if cfg.provider == "offline":
            results.append(CheckResult(role, "offline", "-", True, "deterministic offline engine"))
            continue
        outcome, detail = await _Probe(role, cfg, tools, http_client, settings.prompt_dir).check()
        # detail: our own words, an error's class and status, a parser's reason: never the endpoint's text
        results.append(CheckResult(role, cfg.provider, cfg.model, outcome == "ok", detail[:400], outcome,
                                   shown_url(cfg)))
    return results
