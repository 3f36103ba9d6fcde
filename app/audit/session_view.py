"""One session on the built-in page, for a reviewer: the question, each round's claims, what the
Gatekeeper and the Verifier made of them (checks, findings, verdict and score), the evidence they
were judged against (the bounded trace summary, never a tool's raw output), and the answer sent.

Read from the stored event log (``gg_events``), the same record every reader of the log has; a
verdict row of the page's "Recent answers" panel links here (``/session/<id>``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from app.audit.store import AuditStore

SHOWN = ("QueryReceived", "ExecutorFinished", "RuleEvaluationRecorded", "VerdictReached", "AnswerComposed",
         "StageFailed", "DeadLettered")


def link(session_id: str) -> str:
    """Where the page shows ``session_id``."""
    return f"/session/{quote(session_id, safe='')}"


def session_events(store: AuditStore, session_id: str) -> list[dict[str, Any]]:
    """The session's events as they were on the log, in the order they happened."""
    rows = store.query("SELECT payload FROM gg_events FINAL WHERE session_id = {s:String} "
                       "AND event_type IN {types:Array(String)} ORDER BY occurred_at, round, event_type",
                       {"s": session_id, "types": list(SHOWN)})
    return [json.loads(payload) for (payload,) in rows]


def _e(value: Any) -> str:
    return html.escape(str(value))


def _table(head: Iterable[str], rows: Iterable[Iterable[Any]]) -> str:
    body = "".join("<tr>" + "".join(f"<td>{_e(v)}</td>" for v in r) + "</tr>" for r in rows)
    return ("<table><thead><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + f"</tr></thead><tbody>{body}"
            "</tbody></table>") if body else '<p class="empty">none</p>'


def _round(executor: dict[str, Any] | None, verdict: dict[str, Any] | None, rule: dict[str, Any] | None) -> str:
    parts = []
    if executor:
        claims = executor.get("executor_output", {}).get("claims", [])
        parts.append("<h3>Claims</h3>" + _table(("id", "claim", "type", "critical"), [
            (c.get("claim_id"), c.get("text"), c.get("claim_type", "other"), c.get("is_critical", True))
            for c in claims]))
        calls = executor.get("tool_invocations", [])
        parts.append("<h3>Tool calls</h3>" + _table(("id", "tool", "succeeded", "error"), [
            (c.get("invocation_id"), c.get("tool_name"), c.get("success", True), c.get("error") or "")
            for c in calls]))
    if verdict:
        parts.append(f'<p class="verdict"><b>{_e(verdict.get("verdict"))}</b> score '
                     f'{_e(verdict.get("groundedness_score"))} · Verifier {_e(verdict.get("verifier_status"))}'
                     f'{" · rule score " + _e(rule.get("rule_score")) if rule else ""}</p>'
                     f'<p>{_e(verdict.get("rationale", ""))}</p>')
        parts.append("<h3>Checks</h3>" + _table(("claim", "fact", "critical", "verification", "detail"), [
            (f.get("claim_id") or "", f.get("fact"), f.get("is_critical"), f.get("verification"), f.get("detail", ""))
            for f in verdict.get("facts_checked", [])]))
        parts.append(_table(("claim", "classification", "detail"), [
            (c.get("claim_id"), c.get("classification"), c.get("detail", ""))
            for c in verdict.get("claim_checks", [])]))
        findings = verdict.get("gatekeeper_findings", [])
        if findings:
            parts.append("<h3>Gatekeeper findings</h3>" + _table(("kind", "claim", "entity", "detail"), [
                (f.get("kind"), f.get("claim_id"), f.get("entity", ""), f.get("detail", "")) for f in findings]))
        if verdict.get("overrides"):
            parts.append("<h3>Overrides</h3><ul>" + "".join(f"<li>{_e(o)}</li>" for o in verdict["overrides"])
                         + "</ul>")
        parts.append("<h3>Evidence (trace summary)</h3>" + _table(
            ("ref", "tool", "ok", "level", "input", "output", "excerpts"),
            [(t.get("trace_ref"), t.get("tool_name"), t.get("success"), t.get("evidence_level"),
              t.get("input_summary"), t.get("output_summary"), " · ".join(t.get("excerpts", [])))
             for t in verdict.get("tool_trace_summary", [])]))
    return "".join(parts)


def render_session(session_id: str, events: list[dict[str, Any]]) -> str:
    by: dict[tuple[str, int], dict[str, Any]] = {}
    for ev in events:
        by[(ev.get("event_type", ""), int(ev.get("round", 1)))] = ev
    question = next((ev.get("query") or ev.get("original_query") for ev in events
                     if ev.get("event_type") in ("QueryReceived", "ExecutorFinished")), "")
    rounds = sorted({r for (t, r) in by if t in ("ExecutorFinished", "VerdictReached")})
    body = [f"<h2>Question</h2><p>{_e(question)}</p>"] if question else []
    for r in rounds:
        body.append(f'<section class="card"><h2>Round {r}</h2>'
                    + _round(by.get(("ExecutorFinished", r)), by.get(("VerdictReached", r)),
                             by.get(("RuleEvaluationRecorded", r))) + "</section>")
    answer = next((ev for ev in reversed(events) if ev.get("event_type") == "AnswerComposed"), None)
    if answer:
        body.append(f'<section class="card"><h2>Answer</h2><p class="verdict"><b>{_e(answer.get("verdict"))}</b> '
                    f'score {_e(answer.get("groundedness_score"))} · {_e(answer.get("rounds"))} round(s) · composer '
                    f'{_e(answer.get("composer_status"))}'
                    f'{" · degraded: " + _e(answer["degraded_reason"]) if answer.get("degraded_reason") else ""}</p>'
                    f'<pre class="answer">{_e(answer.get("final_answer", ""))}</pre></section>')
    problems = [ev for ev in events if ev.get("event_type") in ("StageFailed", "DeadLettered")]
    if problems:
        body.append("<section class=\"card\"><h2>Failures</h2>" + _table(("event", "round", "reason", "detail"), [
            (ev.get("event_type"), ev.get("round"), ev.get("reason"), ev.get("detail", "")) for ev in problems])
            + "</section>")
    if not events:
        body.append(f"<p>no stored event of session {_e(session_id)} (the audit may not have written it yet)</p>")
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>session {_e(session_id)}</title>
<style>body{{font-family:system-ui,sans-serif;margin:16px;background:#f5f6f8;color:#222;max-width:1200px}}
.card{{background:#fff;border-radius:8px;padding:10px 14px;box-shadow:0 1px 3px #0002;margin:12px 0}}
table{{border-collapse:collapse;font-size:12px;margin:6px 0}}td,th{{border-bottom:1px solid #eee;padding:2px 8px;
text-align:left;vertical-align:top}}h2{{font-size:16px}}h3{{font-size:13px;margin:10px 0 2px}}.empty{{color:#888}}
.answer{{white-space:pre-wrap;font-family:inherit}}</style></head>
<body><p><a href="/">← dashboard</a></p><h1>session {_e(session_id)}</h1>{"".join(body)}</body></html>"""
