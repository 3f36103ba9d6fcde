"""The audit store: ClickHouse through clickhouse-connect (``http://…`` server or ``chdb://`` engine).

Synchronous by nature (chDB has no async client): callers run it with ``asyncio.to_thread``.
Writes are idempotent: every table is a ReplacingMergeTree keyed so that a redelivered
event or snapshot replaces its earlier copy; reads use ``FINAL``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import clickhouse_connect

from app.audit_rows import COLUMNS, rows_for

log = logging.getLogger(__name__)
SQL_DIR = Path(__file__).parent / "sql"


def sql_statements(text: str) -> list[str]:
    """The statements of a SQL file: comment lines dropped, split on ``;``."""
    body = "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("--"))
    return [s.strip() for s in body.split(";") if s.strip()]


class StoreError(RuntimeError):
    """The audit store cannot be reached or used; the message names the DSN's scheme."""


class AuditStore:
    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._lock = threading.Lock()
        try:
            self.client = clickhouse_connect.get_client(dsn=dsn)
        except Exception as exc:
            scheme = dsn.split(":", 1)[0]
            hint = ""
            if scheme == "chdb" and ("lock" in str(exc).lower() or "EmbeddedServer" in str(exc)):
                hint = (" — another process (a worker, `groundgate run` or `dashboard --serve`) holds this chDB "
                        "path; chDB allows one process per path: use that process's dashboard page, or stop it")
            raise StoreError(f"cannot open ClickHouse store ({scheme}://…): {str(exc).splitlines()[0]}{hint}") from exc

    def migrate(self) -> list[str]:
        """Apply ``app/sql/NNN_*.sql`` in order, once each (idempotent DDL, versioned)."""
        self.command("CREATE TABLE IF NOT EXISTS gg_schema_migrations (version String, applied_at DateTime64(3)) "
                     "ENGINE = ReplacingMergeTree ORDER BY version")
        done = {v for (v,) in self.query("SELECT version FROM gg_schema_migrations FINAL")}
        applied = []
        for path in sorted(SQL_DIR.glob("[0-9][0-9][0-9]_*.sql")):
            if path.stem in done:
                continue
            for stmt in sql_statements(path.read_text()):
                self.command(stmt)
            self.command(f"INSERT INTO gg_schema_migrations VALUES ('{path.stem}', now64(3))")
            applied.append(path.stem)
        return applied

    def command(self, sql: str) -> Any:
        with self._lock:
            return self.client.command(sql)

    def query(self, sql: str, parameters: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        with self._lock:
            return [tuple(r) for r in self.client.query(sql, parameters=parameters).result_rows]

    def query_with_columns(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        with self._lock:
            res = self.client.query(sql)
            return list(res.column_names), [tuple(r) for r in res.result_rows]

    def write(self, events: Sequence[tuple[str, dict[str, Any]]], snapshots: Sequence[dict[str, Any]]) -> int:
        """One batch: events as (topic, event dict) and session snapshots. Returns rows written."""
        rows = rows_for(events, snapshots)
        with self._lock:
            for table, data in rows.items():
                if data:
                    self.client.insert(table, data, column_names=COLUMNS[table])
        return sum(len(v) for v in rows.values())

    def insert_health(self, worker: str, lag: int, rows_written: int, last_error: str) -> None:
        with self._lock:
            self.client.insert("gg_audit_health", [[datetime.now(UTC), worker, lag, rows_written, last_error]],
                               column_names=["at", "worker", "lag_messages", "rows_written", "last_error"])

    def close(self) -> None:
        with self._lock:
            self.client.close()
