"""The offline engine: deterministic Planner, Executor, Verifier and Composer, no network.

It behaves like a cautious but imperfect assistant: it quotes log lines it found, leans on
runbooks for causes, and — like real assistants — restates the user's premise (codes and
hosts named in the question) as fact, which is exactly what the Gatekeeper must catch.
"""

from __future__ import annotations

import json
import re
from typing import Any

from app.domain import entities, exclusive
from app.domain.claimtrace import restated_lines, untraced_claim
from app.domain.evidence import is_evidence, subject_overlap
from app.domain.text import language_of, normalise, terms
from app.domain.trace import parse_output
from app.domain.vocabulary import mentions_sole_root_cause
from app.roles.base import Plan, PlannedCall, RoleResult, VerifierInputs
from app.tools.base import ToolRegistry
from events.models import Claim, ExecutorOutput, RecommendedAction, RetryContext, ToolInvocation, Usage, derived_id

CAUSE_WORDS = ("cause", "原因", "root")
ACTION_WORDS = ("action", "remediation", "fix", "处理", "措施", "resolution", "steps")
DIRECT_SHARE = 0.6
"""A claim is direct evidence when its best line holds this share of its subject, or when it is
traced to the item's lines clause by clause (``app.domain.claimtrace``)."""
ABSOLUTE = re.compile(r"(?i)(?<![\w.-])(?:only|sole|definitely|certainly)(?![\w.-])|唯一|肯定|一定")
"""Words that overstate what a line shows: whole words, not a part of a name ("read_only_allow_delete"
is a setting the line writes, not a claim of "only")."""


def _overstates(text: str, excerpts: list[str]) -> bool:
    """Whether ``text`` says a word of ``ABSOLUTE`` that no line it restates writes ("one source
    only" of "chrony uses only ntp-c" restates the line's own word)."""
    said = {m.group(0).casefold() for m in ABSOLUTE.finditer(exclusive.without(text))}  # not "only 38 of 60"
    if not said:
        return False
    written = {m.group(0).casefold() for ln in restated_lines(text, excerpts) for m in ABSOLUTE.finditer(ln)}
    return not said <= written


PHRASES = {
    "en": {"log": "The log {src} shows: {text}", "cause": "According to {src}, a likely cause is: {text}",
           "symptom": "{src} describes this symptom: {text}",
           "premise": "The incident is caused by {named}, as reported."},
    "zh": {"log": "日志 {src} 显示：{text}", "cause": "根据运行手册 {src}，可能原因是：{text}",
           "symptom": "运行手册 {src} 描述了该症状：{text}", "premise": "故障由 {named} 引起（如用户所述）。"},
}


def _usage(role: str) -> Usage:
    return Usage(role=role, model="offline")


class OfflinePlanner:
    async def plan(self, query: str, retry_context: RetryContext | None, round_: int,
                   budget_s: float) -> tuple[Plan, list[Usage]]:
        if round_ == 1 or retry_context is None:
            calls = [PlannedCall(tool="kb_search", arguments={"query": query}),
                     PlannedCall(tool="log_search", arguments={"query": query}),
                     PlannedCall(tool="clock", arguments={})]
            steps = ["search runbooks for the symptom", "search incident logs", "note the time"]
        else:
            wider = " ".join([query, *retry_context.missing])
            calls = [PlannedCall(tool="log_search", arguments={"query": wider, "min_terms": 1}),
                     PlannedCall(tool="kb_search", arguments={"query": wider, "top_k": 4})]
            steps = ["widen the log search to single terms", "search runbooks for the evidence gaps"]
        return Plan(steps=steps, calls=calls), [_usage("planner")]


def _rows(inv: ToolInvocation) -> list[tuple[str, str]]:
    lines, sources, _, _ = parse_output(inv.output)
    return [(ln.split("] ", 1)[1] if ln.startswith("[") and "] " in ln else ln, src)
            for ln, src in zip(lines, sources + [""] * (len(lines) - len(sources)), strict=True)]


class OfflineExecutor:
    async def execute(self, session_id: str, query: str, plan: Plan, tools: ToolRegistry, round_: int,
                      budget_s: float) -> tuple[list[ToolInvocation], ExecutorOutput, list[Usage]]:
        invs = [await tools.invoke(derived_id(session_id, round_, "tool", i), c.tool, c.arguments, round_)
                for i, c in enumerate(plan.calls)]
        claims: list[Claim] = []
        hypotheses: list[str] = []
        actions: list[RecommendedAction] = []
        qterms = terms(query)
        say = PHRASES[language_of(query)]

        def claim(kind: str, claim_type: str, refs: list[str], **kw: str) -> None:
            claims.append(Claim(claim_id=f"c{round_}-{len(claims) + 1}", claim_type=claim_type,  # type: ignore[arg-type]
                                text=say[kind].format(**kw), evidence_refs=refs))

        for inv in invs:
            if not inv.success or not is_evidence(inv):
                continue
            rows = _rows(inv)
            if inv.tool_name == "log_search":
                ranked = sorted(rows, key=lambda r: -len(qterms & terms(r[0])))[:2]
                for text, src in ranked:
                    claim("log", "observation", [inv.invocation_id], src=src, text=text)
            elif inv.tool_name == "kb_search":
                by_section: dict[str, list[str]] = {}
                for text, src in rows:
                    by_section.setdefault(src, []).append(text)
                for src, texts in list(by_section.items())[:3]:
                    low = src.lower()
                    first = texts[0].lstrip("-0123456789. ")
                    if any(w in low for w in CAUSE_WORDS):
                        claim("cause", "inference", [inv.invocation_id], src=src, text=first)
                        hypotheses += [t.lstrip("- ") for t in texts[1:3]]
                    elif any(w in low for w in ACTION_WORDS):
                        actions += [RecommendedAction(action_text=t.lstrip("-0123456789. "), reason=f"runbook {src}")
                                    for t in texts[:3]]
                    elif not any(c.claim_type == "inference" for c in claims):
                        claim("symptom", "inference", [inv.invocation_id], src=src, text=first)
        seen = normalise("\n".join(i.output for i in invs if i.success and is_evidence(i)))
        premise = [e for e in entities.extract(query)
                   if e.kind in ("error_code", "host", "ip") and not entities.occurs(e, seen)]
        if premise:
            claim("premise", "root_cause", [], named=", ".join(e.value for e in premise))
        answer = " ".join(c.text for c in claims) or "No evidence was found."
        return invs, ExecutorOutput(claims=claims, hypotheses=hypotheses, recommended_actions=actions,
                                    missing_info=[] if claims else [f"evidence for: {query}"],
                                    user_facing_answer=answer), [_usage("executor")]


class OfflineVerifier:
    """Labels each claim by how much of its subject the summarised evidence contains (numbers and
    times alone never match). Instructions inside tool output are text like any other: they can
    match a claim, never steer the labels; the question is not read at all."""

    async def verify(self, inputs: VerifierInputs, budget_s: float) -> RoleResult:
        claims = inputs.executor_final_answer.get("claims", [])
        by_claim: dict[str, list[dict[str, Any]]] = {}
        for f in inputs.gatekeeper_findings:
            by_claim.setdefault(f["claim_id"], []).append(f)
        facts, checks = [], []
        for c in claims:
            best, best_score = None, 0.0
            for item in inputs.tool_trace_summary:
                if not item.success:
                    continue
                score = max((subject_overlap(c["text"], x) for x in item.excerpts), default=0.0)
                if score < DIRECT_SHARE and untraced_claim(c["text"], c.get("claim_type", ""), item.excerpts) is None:
                    score = DIRECT_SHARE  # each clause of it is one of the item's lines: what the answer shows
                if score > best_score:
                    best, best_score = item, score
            found = by_claim.get(c["claim_id"], [])
            if any(f["kind"] == "contradicted_value" for f in found):
                label, cls, detail = "contradicted", "contradicted", found[0]["detail"]
            elif any(f["kind"] == "fabricated_entity" for f in found):
                label, cls = "no_evidence", "unsupported"
                detail = "; ".join(f["detail"] for f in found)
            elif best is not None and best_score >= DIRECT_SHARE:
                inference = c.get("claim_type") in ("inference", "root_cause") and best.tool_name == "kb_search"
                label = "indirect_support" if inference else "direct_evidence"
                cls = "reasonable_inference" if inference else "direct_observation"
                if _overstates(c["text"], best.excerpts) or mentions_sole_root_cause(c["text"]):
                    label, cls = "indirect_support", "overstated"
                detail = f"{round(best_score * 100)}% of the claim's terms are in {best.trace_ref}"
            elif best is not None and best_score >= 0.35:
                label, cls, detail = "indirect_support", "reasonable_inference", f"partly in {best.trace_ref}"
            else:
                label = "no_evidence"
                cls = "unsupported" if inputs.tool_trace_summary else "external_unknown"
                detail = "no evidence item covers this claim"
            refs = [{"trace_ref": best.trace_ref, "source_invocation_ids": best.source_invocation_ids}] \
                if best is not None and label in ("direct_evidence", "indirect_support") else []
            # A runbook section the claim itself cites is cited beside its best line: the grounds a
            # next step may be traced to (app.domain.material), as a model Verifier cites them.
            own = set(c.get("evidence_refs", []))
            refs += [{"trace_ref": it.trace_ref, "source_invocation_ids": it.source_invocation_ids}
                     for it in inputs.tool_trace_summary if refs and it is not best and it.success
                     and it.retrieval_layers and (it.trace_ref in own or own & set(it.source_invocation_ids))]
            facts.append({"fact": c["text"], "is_critical": c.get("is_critical", True), "verification": label,
                          "detail": detail, "evidence_refs": refs, "claim_id": c["claim_id"]})
            checks.append({"claim_id": c["claim_id"], "classification": cls, "detail": detail})
        from app.domain.scoring import derive_verdict
        from events.models import FactCheck

        verdict, score = derive_verdict([FactCheck.model_validate(f) for f in facts])
        report = {"verdict": verdict, "groundedness_score": score,
                  "critical_fact_count": sum(f["is_critical"] for f in facts), "facts_checked": facts,
                  "claim_checks": checks,
                  "rationale": f"{len(facts)} claim(s) checked against "
                               f"{len(inputs.tool_trace_summary)} evidence item(s)"}
        return RoleResult(text=json.dumps(report, ensure_ascii=False), usage=_usage("verifier"))


class OfflineComposer:
    """Writes the answer from the filtered material only, as the Composer JSON contract."""

    async def compose(self, material: dict[str, Any], budget_s: float) -> RoleResult:
        from app.domain.material import Material
        from app.domain.templates import render_answer

        m = Material.model_validate(material)
        lang = m.language
        body = render_answer(m, lang)
        out = {"answer_summary": (m.allowed_claims[0] if m.allowed_claims else "")[:300],
               "recommended_actions": [a.model_dump() for a in m.recommended_actions],
               "user_facing_answer": body}
        return RoleResult(text=json.dumps(out, ensure_ascii=False), usage=_usage("composer"))
