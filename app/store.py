"""The audit store: ClickHouse through clickhouse-connect (``http://…`` server or ``chdb://`` engine).

Synchronous by nature (chDB has no async client): callers run it with ``asyncio.to_thread``.
Writes are idempotent: every table is a ReplacingMergeTree keyed so that a redelivered
event or snapshot replaces its earlier copy; reads use ``FINAL``.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import clickhouse_connect

log = logging.getLogger(__name__)
SQL_DIR = Path(__file__).parent / "sql"


class StoreError(RuntimeError):
    """The audit store cannot be reached or used; the message names the DSN's scheme."""


def _ts(value: str | datetime | None) -> datetime:
    if isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value) if value else datetime.fromtimestamp(0).astimezone()


class AuditStore:
    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._lock = threading.Lock()
        try:
            self.client = clickhouse_connect.get_client(dsn=dsn)
        except Exception as exc:
            scheme = dsn.split(":", 1)[0]
            raise StoreError(f"cannot open ClickHouse store ({scheme}://…): {exc}") from exc

    def migrate(self) -> None:
        for path in sorted(SQL_DIR.glob("*.sql")):
            for stmt in path.read_text().split(";"):
                if stmt.strip() and not all(ln.strip().startswith("--") or not ln.strip() for ln in stmt.splitlines()):
                    self.command(stmt)

    def command(self, sql: str) -> Any:
        with self._lock:
            return self.client.command(sql)

    def query(self, sql: str, parameters: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self.client.query(sql, parameters=parameters).result_rows)

    def write(self, events: Sequence[tuple[str, dict[str, Any]]], snapshots: Sequence[dict[str, Any]]) -> None:
        """One batch: events as (topic, event dict) and session snapshots."""
        ev_rows, outcome_rows, call_rows = [], [], []
        for topic, e in events:
            for k, u in enumerate(e.get("usage") or []):
                call_rows.append([e["event_id"], k, e["session_id"], e.get("round", 1), u["role"], u["model"],
                                  u.get("prompt_hash", ""), u.get("input_tokens", 0), u.get("output_tokens", 0),
                                  float(u.get("latency_ms", 0.0)), _ts(e.get("occurred_at"))])
            ev_rows.append([e["event_id"], e["event_type"], e["session_id"], e.get("round", 1),
                            _ts(e.get("occurred_at")), topic, json.dumps(e, ensure_ascii=False)])
            if e["event_type"] == "AnswerComposed":
                outcome_rows.append([e["session_id"], e["event_id"], e["verdict"], e["groundedness_score"],
                                     e["rounds"], e["composer_status"], e.get("degraded_reason", ""),
                                     _ts(e["occurred_at"]), e.get("original_query", ""), e["final_answer"]])
        snap_rows = []
        for s in snapshots:
            ve = (s.get("self_evaluation") or {}).get("verifier_evaluation") or {}
            snap_rows.append([s["session_id"], s["events_folded"], s["stage"], s["round"],
                              ve.get("verdict", ""), float(ve.get("groundedness_score", 0.0)),
                              _ts(s.get("updated_at")), json.dumps(s, ensure_ascii=False)])
        with self._lock:
            if ev_rows:
                self.client.insert("gg_events", ev_rows, column_names=[
                    "event_id", "event_type", "session_id", "round", "occurred_at", "topic", "payload"])
            if outcome_rows:
                self.client.insert("gg_outcomes", outcome_rows, column_names=[
                    "session_id", "event_id", "verdict", "score", "rounds", "composer_status",
                    "degraded_reason", "answered_at", "original_query", "final_answer"])
            if call_rows:
                self.client.insert("gg_model_calls", call_rows, column_names=[
                    "event_id", "call_index", "session_id", "round", "role", "model", "prompt_hash",
                    "input_tokens", "output_tokens", "latency_ms", "occurred_at"])
            if snap_rows:
                self.client.insert("gg_session_snapshots", snap_rows, column_names=[
                    "session_id", "version", "stage", "round", "verdict", "score", "updated_at", "state"])

    def close(self) -> None:
        with self._lock:
            self.client.close()
