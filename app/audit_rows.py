"""Which rows one event (or session snapshot) becomes in the audit tables. Pure: no I/O."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

COLUMNS: dict[str, list[str]] = {
    "gg_events": ["event_id", "event_type", "session_id", "round", "occurred_at", "topic", "payload"],
    "gg_outcomes": ["session_id", "event_id", "verdict", "score", "rounds", "composer_status", "degraded_reason",
                    "answered_at", "original_query", "final_answer"],
    "gg_session_snapshots": ["session_id", "version", "stage", "round", "verdict", "score", "updated_at", "state"],
    "gg_model_calls": ["event_id", "call_index", "session_id", "round", "role", "model", "prompt_hash",
                       "input_tokens", "output_tokens", "latency_ms", "occurred_at"],
    "gg_facts": ["verdict_event_id", "fact_index", "session_id", "round", "claim_id", "fact", "is_critical",
                 "verification", "evidence_refs", "source_invocation_ids", "occurred_at"],
    "gg_trace_items": ["verdict_event_id", "trace_ref", "session_id", "round", "tool_name", "success",
                       "evidence_level", "source_invocation_ids", "repeated_calls", "failed_calls", "no_hit_calls",
                       "raw_output_chars", "occurred_at"],
    "gg_findings": ["verdict_event_id", "finding_index", "session_id", "round", "kind", "claim_id", "entity",
                    "detail", "occurred_at"],
    "gg_tool_calls": ["invocation_id", "session_id", "round", "tool_name", "success", "error", "arguments",
                      "output_chars", "duration_ms", "occurred_at"],
}
EPOCH = datetime.fromtimestamp(0, UTC)

Rows = dict[str, list[list[Any]]]


def ts(value: str | datetime | None) -> datetime:
    if isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value) if value else EPOCH


def event_rows(topic: str, e: dict[str, Any], out: Rows) -> None:
    sid, rnd, at, eid = e["session_id"], e.get("round", 1), ts(e.get("occurred_at")), e["event_id"]
    out["gg_events"].append([eid, e["event_type"], sid, rnd, at, topic, json.dumps(e, ensure_ascii=False)])
    for k, u in enumerate(e.get("usage") or []):
        out["gg_model_calls"].append([eid, k, sid, rnd, u["role"], u["model"], u.get("prompt_hash", ""),
                                      u.get("input_tokens", 0), u.get("output_tokens", 0),
                                      float(u.get("latency_ms", 0.0)), at])
    match e["event_type"]:
        case "AnswerComposed":
            out["gg_outcomes"].append([sid, eid, e["verdict"], e["groundedness_score"], e["rounds"],
                                       e["composer_status"], e.get("degraded_reason", ""), at,
                                       e.get("original_query", ""), e["final_answer"]])
        case "VerdictReached":
            for k, f in enumerate(e.get("facts_checked", [])):
                refs = f.get("evidence_refs", [])
                out["gg_facts"].append([eid, k, sid, rnd, f.get("claim_id") or "", f["fact"], f["is_critical"],
                                        f["verification"], [r["trace_ref"] for r in refs],
                                        [i for r in refs for i in r.get("source_invocation_ids", [])], at])
            for t in e.get("tool_trace_summary", []):
                out["gg_trace_items"].append([eid, t["trace_ref"], sid, rnd, t["tool_name"], t["success"],
                                              t["evidence_level"], t["source_invocation_ids"], t["repeated_calls"],
                                              t["failed_calls"], t["no_hit_calls"], t["raw_output_chars"], at])
            for k, g in enumerate(e.get("gatekeeper_findings", [])):
                out["gg_findings"].append([eid, k, sid, rnd, g["kind"], g["claim_id"], g.get("entity", ""),
                                           g.get("detail", ""), at])
        case "ExecutorFinished":
            for inv in e.get("tool_invocations", []):
                out["gg_tool_calls"].append([inv["invocation_id"], sid, inv.get("round", rnd), inv["tool_name"],
                                             inv["success"], inv.get("error") or "",
                                             json.dumps(inv.get("arguments", {}), ensure_ascii=False)[:2000],
                                             len(inv.get("output", "")), float(inv.get("duration_ms") or 0.0), at])


def snapshot_rows(s: dict[str, Any], out: Rows) -> None:
    ve = (s.get("self_evaluation") or {}).get("verifier_evaluation") or {}
    out["gg_session_snapshots"].append([s["session_id"], s["events_folded"], s["stage"], s["round"],
                                        ve.get("verdict", ""), float(ve.get("groundedness_score", 0.0)),
                                        ts(s.get("updated_at")), json.dumps(s, ensure_ascii=False)])


def rows_for(events: Iterable[tuple[str, dict[str, Any]]], snapshots: Iterable[dict[str, Any]]) -> Rows:
    out: Rows = defaultdict(list)
    for topic, e in events:
        event_rows(topic, e, out)
    for s in snapshots:
        snapshot_rows(s, out)
    return out
