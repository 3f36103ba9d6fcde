"""Which rows one audited record becomes. Pure: no I/O.

An event's rows come from its decoded model (attribute reads, no dump); its ``payload`` is the
message as it was on the log, which the codec has already checked to be bounded, strict UTF-8
JSON of this very event, so nothing is serialised again. A session snapshot is JSON the worker
wrote (not an event): its size, text, nesting and the fields the table indexes are checked here,
and it is stored as it came.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from events import Event, decode
from events.codec import MAX_MESSAGE_BYTES
from events.models import MAX_ID_CHARS, AnswerComposed, ExecutorFinished, VerdictReached

COLUMNS: dict[str, list[str]] = {
    "gg_events": ["event_id", "event_type", "session_id", "round", "occurred_at", "topic", "payload"],
    "gg_outcomes": ["session_id", "event_id", "verdict", "score", "rounds", "composer_status", "degraded_reason",
                    "answered_at", "original_query", "final_answer"],
    "gg_session_snapshots": ["session_id", "version", "stage", "round", "verdict", "score", "updated_at", "state"],
    "gg_model_calls": ["event_id", "call_index", "session_id", "round", "role", "model", "prompt_hash",
                       "input_tokens", "output_tokens", "latency_ms", "occurred_at", "attempts", "error", "status",
                       "run_at"],
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
MAX_SNAPSHOT_DEPTH = 96
"""Events nest at most ``events.codec.MAX_JSON_DEPTH``; a snapshot wraps them a few levels deeper."""
MAX_LABEL_CHARS = 64
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
_SURROGATE = re.compile("[\ud800-\udfff]")

Rows = dict[str, list[list[Any]]]


class SnapshotError(ValueError):
    """A session-state record that is not a snapshot the audit can store; the message says why."""


def new_rows() -> Rows:
    return defaultdict(list)


def event_rows(topic: str, ev: Event, payload: bytes | str, out: Rows) -> None:
    """``ev`` decoded from ``payload`` (the record's value) on ``topic``."""
    sid, rnd, at, eid = ev.session_id, ev.round, ev.occurred_at, ev.event_id
    out["gg_events"].append([eid, ev.event_type, sid, rnd, at, topic, payload])
    usage = getattr(ev, "usage", None)
    if usage:
        calls = out["gg_model_calls"]
        for k, u in enumerate(usage):
            calls.append([eid, k, sid, rnd, u.role, u.model, u.prompt_hash, u.input_tokens, u.output_tokens,
                          float(u.latency_ms), at, u.attempts, u.error, u.status, at])
    if isinstance(ev, AnswerComposed):
        out["gg_outcomes"].append([sid, eid, ev.verdict, ev.groundedness_score, ev.rounds, ev.composer_status,
                                   ev.degraded_reason, at, ev.original_query, ev.final_answer])
    elif isinstance(ev, VerdictReached):
        facts = out["gg_facts"]
        for k, f in enumerate(ev.facts_checked):
            facts.append([eid, k, sid, rnd, f.claim_id or "", f.fact, f.is_critical, f.verification,
                          [r.trace_ref for r in f.evidence_refs],
                          [i for r in f.evidence_refs for i in r.source_invocation_ids], at])
        items = out["gg_trace_items"]
        for t in ev.tool_trace_summary:
            items.append([eid, t.trace_ref, sid, rnd, t.tool_name, t.success, t.evidence_level,
                          t.source_invocation_ids, t.repeated_calls, t.failed_calls, t.no_hit_calls,
                          t.raw_output_chars, at])
        findings = out["gg_findings"]
        for k, g in enumerate(ev.gatekeeper_findings):
            findings.append([eid, k, sid, rnd, g.kind, g.claim_id, g.entity, g.detail, at])
    elif isinstance(ev, ExecutorFinished):
        tools = out["gg_tool_calls"]
        for inv in ev.tool_invocations:
            args = json.dumps(inv.arguments, ensure_ascii=False)[:2000] if inv.arguments else "{}"
            tools.append([inv.invocation_id, sid, inv.round, inv.tool_name, inv.success, inv.error or "", args,
                          len(inv.output), float(inv.duration_ms or 0.0), at])


def _within_depth(brackets: bytes, limit: int) -> bool:
    """Whether a string of brackets is balanced and nests at most ``limit`` deep: each pass drops
    the innermost pairs, so it empties in exactly its depth of passes."""
    b = brackets.replace(b"{", b"[").replace(b"}", b"]")
    for _ in range(limit):
        if not b:
            return True
        b = b.replace(b"[]", b"")
    return not b


def nests_deeper(raw: bytes, limit: int) -> bool:
    """Whether valid JSON text nests deeper than ``limit``. Brackets inside strings are counted
    on the fast path; only if that fails are the string literals taken out and counted again."""
    if _within_depth(raw.translate(None, _NOT_BRACKETS), limit):
        return False
    return not _within_depth(_STRINGS.sub(b"", raw).translate(None, _NOT_BRACKETS), limit)


def _label(data: dict[str, Any], key: str, max_chars: int = MAX_LABEL_CHARS, default: str | None = None) -> str:
    """A short string field; with a ``default``, an absent or null field takes it (a session that
    ended before its first verdict has ``verdict: null``)."""
    v = data.get(key)
    if v is None:
        v = default
    if not isinstance(v, str) or len(v) > max_chars or _SURROGATE.search(v):
        raise SnapshotError(f"{key} is not a string of at most {max_chars} characters")
    return v


def _int(data: dict[str, Any], key: str, hi: int) -> int:
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
        raise SnapshotError(f"{key} is not an integer in 0..{hi}")
    return v


def _time(value: Any) -> datetime:
    if value is None:
        return EPOCH
    if not isinstance(value, str) or len(value) > 40:
        raise SnapshotError("updated_at is not an ISO timestamp")
    try:
        at = datetime.fromisoformat(value)
    except ValueError:
        raise SnapshotError("updated_at is not an ISO timestamp") from None
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def snapshot_rows(raw: bytes | None, out: Rows) -> str:
    """One snapshot record; returns its session id. Raises ``SnapshotError`` for anything else."""
    if not raw:
        raise SnapshotError("empty record")
    if len(raw) > MAX_MESSAGE_BYTES:
        raise SnapshotError(f"snapshot too large: {len(raw)} bytes > {MAX_MESSAGE_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SnapshotError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise SnapshotError(f"JSON nested deeper than {MAX_SNAPSHOT_DEPTH} levels") from None
    except ValueError as exc:
        raise SnapshotError(f"not JSON: {str(exc)[:200]}") from None
    if nests_deeper(raw, MAX_SNAPSHOT_DEPTH):  # after parsing: every string literal is known to end
        raise SnapshotError(f"JSON nested deeper than {MAX_SNAPSHOT_DEPTH} levels")
    if not isinstance(data, dict):
        raise SnapshotError(f"not a JSON object but {type(data).__name__}")
    sid = _label(data, "session_id", MAX_ID_CHARS)
    if not sid:
        raise SnapshotError("session_id is empty")
    evaluation = data.get("self_evaluation") or {}
    ve = evaluation.get("verifier_evaluation") if isinstance(evaluation, dict) else None
    ve = ve or {}
    if not isinstance(ve, dict):
        raise SnapshotError("self_evaluation.verifier_evaluation is not an object")
    stage = _label(data, "stage")
    answer = data.get("answer")
    if stage == "answered" and isinstance(answer, dict):  # what the user got: a deadline after a PASS is REJECT
        ve = {"verdict": answer.get("verdict"), "groundedness_score": answer.get("groundedness_score")}
    score = ve.get("groundedness_score", 0.0)
    if not isinstance(score, int | float) or isinstance(score, bool):
        raise SnapshotError("groundedness_score is not a number")
    out["gg_session_snapshots"].append([sid, _int(data, "events_folded", 2**32 - 1), stage,
                                        _int(data, "round", 255), _label(ve, "verdict", default=""), float(score),
                                        _time(data.get("updated_at")), text])
    return sid


def rows_for(events: Iterable[tuple[str, Event | dict[str, Any]]],
             snapshots: Iterable[dict[str, Any] | bytes] = ()) -> Rows:
    """Rows of already-decoded events (``(topic, event)``; a dict is decoded first) and snapshots
    (a dict is encoded first): for tools and tests; the audit writer works record by record."""
    out = new_rows()
    for topic, e in events:
        ev = decode(e) if isinstance(e, dict) else e
        event_rows(topic, ev, ev.model_dump_json(), out)
    for s in snapshots:
        snapshot_rows(s if isinstance(s, bytes) else json.dumps(s).encode(), out)
    return out
