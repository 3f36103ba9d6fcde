"""Scripted roles: an Executor that returns a fixed trace and claims per round, and Verifiers that
lie in the ways a model that trusts the Executor does. Tests pick their path with these, never
with which demo runbook a question happens to hit."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx

from app.roles.base import Plan, RoleResult, VerifierInputs
from app.roles.llm import ModelClient, RoleConfig
from app.roles.model import ModelVerifier
from app.stages import Roles
from app.tools.base import ToolRegistry
from events.models import Claim, ExecutorOutput, RecommendedAction, ToolInvocation, Usage
from tests.replay import Replay, completion
from tests.unit.factories import offline_roles

CANARY_UFA = "CANARY-UFA-51e0"
CANARY_TOOL = "CANARY-TOOL-0b7d"


def inv(invocation_id: str, output: str = "", tool: str = "log_search", query: str = "q", success: bool = True,
        error: str | None = None, round_: int = 1, evidence: bool | None = None) -> ToolInvocation:
    return ToolInvocation(invocation_id=invocation_id, tool_name=tool, arguments={"query": query}, output=output,
                          success=success, error=error, round=round_, evidence=evidence)


def claim(claim_id: str, text: str, refs: tuple[str, ...] = (), critical: bool = True,
          claim_type: str = "observation") -> Claim:
    return Claim(claim_id=claim_id, text=text, is_critical=critical, evidence_refs=list(refs),
                 claim_type=claim_type)  # type: ignore[arg-type]


Round = tuple[list[ToolInvocation], ExecutorOutput]


class ScriptedExecutor:
    """Returns the scripted (invocations, output) of each round; a round not scripted finds nothing."""

    def __init__(self, rounds: dict[int, Round]) -> None:
        self.rounds = rounds

    async def execute(self, session_id: str, query: str, plan: Plan, tools: ToolRegistry, round_: int,
                      budget_s: float) -> tuple[list[ToolInvocation], ExecutorOutput, list[Usage]]:
        invs, out = self.rounds.get(round_, ([], ExecutorOutput()))
        invs = [i.model_copy(update={"round": round_}) for i in invs]
        return invs, out, [Usage(role="executor", model="scripted")]


def output(*claims: Claim, actions: tuple[str, ...] = ()) -> ExecutorOutput:
    return ExecutorOutput(claims=list(claims), user_facing_answer=CANARY_UFA,
                          recommended_actions=[RecommendedAction(action_text=a) for a in actions])


# ------------------------------------------------------------------ lying Verifiers


def _report(facts: list[dict[str, Any]], verdict: str = "PASS", score: float = 1.0) -> str:
    return json.dumps({"verdict": verdict, "groundedness_score": score, "critical_fact_count": len(facts),
                       "facts_checked": facts, "rationale": "everything is supported",
                       "claim_checks": [{"claim_id": f["claim_id"], "classification": "direct_observation"}
                                        for f in facts if f.get("claim_id")]})


def trusting_facts(inputs: VerifierInputs, refs: Callable[[dict[str, Any]], list[Any]] | None = None,
                   claim_ids: bool = True) -> list[dict[str, Any]]:
    """Every claim direct_evidence, critical, citing what the Executor cited (or the first item)."""
    first = [inputs.tool_trace_summary[0].trace_ref] if inputs.tool_trace_summary else []
    facts = []
    for c in inputs.executor_final_answer.get("claims", []):
        f = {"fact": c["text"], "is_critical": True, "verification": "direct_evidence", "detail": "stated",
             "evidence_refs": refs(c) if refs else (c.get("evidence_refs") or first)}
        if claim_ids:
            f["claim_id"] = c["claim_id"]
        facts.append(f)
    return facts


class LyingVerifier:
    """A scripted Verifier: ``script(inputs)`` returns the report text."""

    def __init__(self, name: str, script: Callable[[VerifierInputs], str]) -> None:
        self.name, self.script = name, script

    async def verify(self, inputs: VerifierInputs, budget_s: float) -> RoleResult:
        return RoleResult(text=self.script(inputs), usage=Usage(role="verifier", model=self.name))


def _failed_and_unknown(inputs: VerifierInputs) -> str:
    bad = [t.trace_ref for t in inputs.tool_trace_summary if not t.success] + ["T9-9"]
    return _report(trusting_facts(inputs, refs=lambda c: list(bad)))


LIARS: dict[str, Callable[[VerifierInputs], str]] = {
    # Everything direct_evidence / direct_observation, PASS 1.0.
    "all-direct": lambda i: _report(trusting_facts(i)),
    # Only the first claim is checked; the rest are left out.
    "omits-claims": lambda i: _report(trusting_facts(i)[:1]),
    # Cites failed calls and refs that do not exist.
    "cites-failed-and-unknown": _failed_and_unknown,
    # Invents trace refs and invocation ids, and gives no claim ids (facts matched by text).
    "invents-refs": lambda i: _report(trusting_facts(
        i, refs=lambda c: [{"trace_ref": "T1-77", "source_invocation_ids": ["inv-made-up"]}, "T2-99"],
        claim_ids=False)),
    # Everything direct, and the answer declared relevant to whatever was asked.
    "says-relevant": lambda i: json.dumps({**json.loads(_report(trusting_facts(i))), "relevance": "relevant"}),
    # Everything critical is declared non-critical except one direct fact.
    "marks-gaps-non-critical": lambda i: _report([
        {**f, "is_critical": n == 0} for n, f in enumerate(trusting_facts(i))]),
}


def trusting_model_reply(request: httpx.Request) -> httpx.Response:
    """What a model that trusts the Executor answers: reads the claims and trace refs out of the
    rendered prompt and labels every claim direct_evidence with PASS 1.0."""
    prompt = json.loads(request.content)["messages"][0]["content"]
    answer = prompt.split("executor_final_answer (structured claims):\n", 1)[1].split("\n\ntool_trace_summary:", 1)[0]
    trace = prompt.split("tool_trace_summary:\n", 1)[1].split("\n\ngatekeeper_findings:", 1)[0]
    items = json.loads(trace)
    first = [{"trace_ref": items[0]["trace_ref"], "source_invocation_ids": items[0]["source_invocation_ids"]}] \
        if items else []
    facts = [{"claim_id": c["claim_id"], "fact": c["text"], "is_critical": True, "verification": "direct_evidence",
              "detail": "the trace shows it", "evidence_refs": first} for c in json.loads(answer)["claims"]]
    return httpx.Response(200, json=completion(_report(facts)))


def model_verifier(replies: int = 8) -> ModelVerifier:
    replay = Replay(*[trusting_model_reply] * replies)
    return ModelVerifier(ModelClient(RoleConfig(provider="openai", base_url="http://model.test/v1",
                                                api_key="sk-test", model="trusting-verifier"),
                                     http_client=replay.client()))


VERIFIERS = ["offline", "model-replayed", *LIARS]


# ------------------------------------------------------------------ lying Composers


class LyingComposer:
    """Valid Composer JSON (the offline Composer's) with a lie of its own: ``lie`` is a sentence
    added to the answer, or, with ``replace``, the whole answer (an omission)."""

    def __init__(self, lie: str, replace: bool = False) -> None:
        self.lie, self.replace = lie, replace

    async def compose(self, material: dict[str, Any], budget_s: float) -> RoleResult:
        from app.roles.offline import OfflineComposer

        out = json.loads((await OfflineComposer().compose(material, budget_s)).text)
        out["user_facing_answer"] = self.lie if self.replace else f"{out['user_facing_answer']}\n{self.lie}"
        return RoleResult(text=json.dumps(out, ensure_ascii=False), usage=Usage(role="composer", model="lying"))


# (sentence, what must never be read, whether it replaces the whole answer): one per form a
# Composer model adds or leaves out, English and Chinese.
COMPOSER_LIES: dict[str, tuple[str, str, bool]] = {
    "adds-a-host": ("The same failure hit web-19.", "web-19", False),
    "adds-a-host-without-a-digit": ("The broker kestrel failed too.", "kestrel", False),
    "adds-a-cause-in-common-words": ("The retention job was disabled last week.", "retention job", False),
    "adds-a-cause-with-a-marker": ("This was caused by a runaway debug logger.", "debug logger", False),
    "adds-a-number-word": ("About ninety percent of writes failed.", "ninety", False),
    "adds-a-homoglyph-code": ("Also seen: ЕRR-5301.", "ЕRR-5301", False),
    "words-the-sole-cause": ("ingest-node-03 logs show ENOSPC, and that alone caused the outage.", "alone caused",
                             False),
    "zh-adds-a-cause": ("磁盘被网络交换机故障写满。", "网络交换机", False),
    "zh-words-the-culprit": ("罪魁祸首是 ingest-node-03。", "罪魁祸首", False),
    "answers-dots": ("...", "...", True),
    "restates-the-question": ("Why can't ingest-node-03 write its logs?", "Why can't", True),
    "zh-answers-ellipsis": ("……", "……", True),
}


def roles_with(verifier: str, executor: ScriptedExecutor) -> Roles:
    roles = offline_roles()
    roles.executor = executor
    if verifier == "model-replayed":
        roles.verifier = model_verifier()
    elif verifier in LIARS:
        roles.verifier = LyingVerifier(verifier, LIARS[verifier])
    return roles


def labelled_case(case: dict[str, Any], data: dict[str, Any], verifier: str) -> tuple[str, Roles]:
    """One case of the safety net's labelled set (``bench/data``) as the benchmark runs it: its
    question, and roles whose Executor claims the case's claim citing a log search of the part's
    evidence and a runbook section, with the case's action, before ``verifier``."""
    lang = case["lang"]
    logs = ToolInvocation(invocation_id="i1", tool_name="log_search", arguments={"query": case["about"]},
                          output="\n".join(data["evidence"][lang]))
    hit = {"source": "runbook.md § Remediation", "text": data["runbook"][lang], "relevance": "high",
           "layer": "runbook_section"}
    book = ToolInvocation(invocation_id="i2", tool_name="kb_search", arguments={"query": case["about"]},
                          output=json.dumps({"hits": [hit]}))
    actions = (case["action"],) if case["action"] else ()
    out = output(claim("c1", case["claim"], ("i1", "i2"))).model_copy(update={"recommended_actions": [
        RecommendedAction(action_text=a, reason="runbook") for a in actions]})
    q = case["question"] or (f"{case['about']} 出了什么问题？" if lang == "zh" else f"What went wrong with {case['about']}?")
    return q, roles_with(verifier, ScriptedExecutor({1: ([logs, book], out)}))
