"""The audit store: ClickHouse through clickhouse-connect (``http://…`` server or ``chdb://`` engine).

Synchronous by nature (chDB has no async client): callers run it with ``asyncio.to_thread``.
Writes are idempotent: every table is a ReplacingMergeTree keyed so that a redelivered
event or snapshot replaces its earlier copy (reads use ``FINAL``), and the dashboards' rollups
hold idempotent states.

A failed write is one of two kinds, and the audit writer treats them differently:
``refuses_data(exc)`` — a value the client cannot encode or the server will not take (split the
batch, skip the record); anything else — the store is away or unwell (keep the batch, retry).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.audit.rows import COLUMNS, Rows, rows_for
from app.errors import UnreachableError

log = logging.getLogger(__name__)
# Its only log line is a traceback for a value it cannot encode; the audit writer says the same
# in one line (with the record's topic, partition, offset and session) and skips the row.
logging.getLogger("clickhouse_connect.driver.transform").setLevel(logging.CRITICAL)
SQL_DIR = Path(__file__).parent / "sql"
DATA_ERROR_CODES = frozenset({
    6, 26, 27, 32, 33, 38, 41, 53, 69, 70, 72, 117, 128, 131, 190, 321, 349, 407})
"""ClickHouse error codes that mean "this data", not "this server": CANNOT_PARSE_*, TYPE_MISMATCH,
ARGUMENT_OUT_OF_BOUND, CANNOT_CONVERT_TYPE, INCORRECT_DATA, TOO_LARGE_STRING_SIZE,
VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE, CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN, DECIMAL_OVERFLOW…"""


def refuses_data(exc: BaseException) -> bool:
    """Whether a failed insert was about the rows themselves (encoding them, or the server
    refusing a value) rather than about reaching or using the store."""
    from clickhouse_connect.driver.exceptions import ClickHouseError, DatabaseError, DataError

    if isinstance(exc, DataError):
        return True
    if isinstance(exc, DatabaseError):
        return getattr(exc, "code", None) in DATA_ERROR_CODES
    # client-side encoding: ValueError, TypeError, UnicodeError, OverflowError, struct.error…
    return not isinstance(exc, ClickHouseError | OSError | TimeoutError)


def sql_statements(text: str) -> list[str]:
    """The statements of a SQL file: comment lines dropped, split on ``;``."""
    body = "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("--"))
    return [s.strip() for s in body.split(";") if s.strip()]


class StoreError(UnreachableError, RuntimeError):
    """The audit store cannot be reached or used; the message names the DSN's scheme."""


class AuditStore:
    def __init__(self, dsn: str) -> None:
        # imported here: a worker with GROUNDGATE_AUDIT=off never opens a store, and its restart
        # does not wait for clickhouse-connect's imports (~70-130 ms of ~1 s of imports)
        import clickhouse_connect

        self.dsn = dsn
        self._lock = threading.Lock()
        try:
            # a server that hangs must not hold the audit writer for clickhouse-connect's default 300 s
            if dsn.startswith("chdb:"):
                self.client = clickhouse_connect.get_client(dsn=dsn)
            else:
                self.client = clickhouse_connect.get_client(dsn=dsn, connect_timeout=5, send_receive_timeout=60)
        except Exception as exc:
            scheme = dsn.split(":", 1)[0]
            hint = ""
            if scheme == "chdb" and ("lock" in str(exc).lower() or "EmbeddedServer" in str(exc)):
                hint = (" — another process (a worker, `groundgate audit`, `groundgate run` or `dashboard --serve`) "
                        "holds this chDB path; chDB allows one process per path: run the workers with "
                        "GROUNDGATE_AUDIT=off and one `groundgate audit` per store, use that process's dashboard "
                        "page, or stop it")
            raise StoreError(f"cannot open ClickHouse store ({scheme}://…): {str(exc).splitlines()[0]}{hint}") from exc

    def migrate(self) -> list[str]:
        """Apply ``app/audit/sql/NNN_*.sql`` in order, once each (idempotent DDL, versioned)."""
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

    def insert_rows(self, rows: Rows) -> int:
        """One insert per table (the audit writer's path). Returns the rows written."""
        n = 0
        with self._lock:
            for table, data in rows.items():
                if data:
                    self.client.insert(table, data, column_names=COLUMNS[table])
                    n += len(data)
        return n

    def write(self, events: Sequence[tuple[str, Any]], snapshots: Sequence[dict[str, Any] | bytes] = ()) -> int:
        """Already-decoded events as (topic, event or event dict), and snapshots. Returns rows written."""
        return self.insert_rows(rows_for(events, snapshots))

    def answers(self) -> bool:
        """Whether the store answers at all (a failed write was about the data, not the store)."""
        try:
            with self._lock:
                return bool(self.client.ping())
        except Exception:
            return False

    def insert_health(self, worker: str, lag: int, rows_written: int, last_error: str, *, failing: bool = False,
                      errors: int = 0, skipped: int = 0) -> None:
        with self._lock:
            self.client.insert("gg_audit_health",
                               [[datetime.now(UTC), worker, lag, rows_written, last_error, failing, errors, skipped]],
                               column_names=["at", "worker", "lag_messages", "rows_written", "last_error", "failing",
                                             "errors", "skipped"])

    def close(self) -> None:
        with self._lock:
            self.client.close()
