"""Where the audit store is, and opening it for a process that writes it or a command that reads it.

``store_dsn``: a relative ``chdb://`` path lives inside ``GROUNDGATE_DATA_DIR`` (by default the
user's data directory, not the current one), so a worker, ``groundgate audit``, ``dashboard`` and
``replay`` started anywhere find the same store. A writer creates the store on first use; a
command that only reads (``existing_store``) never does: no store at the path is an error that
says where it looked, not a new empty store whose every panel says "no data". chDB opens a path
in one process only: a reader beside a running worker is told so in one line, with what to do.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import tempfile
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import IO

from app.audit.store import AuditStore, StoreError
from app.settings import Settings

IN_USE_HINT = ("chDB opens a path in one process only: open that process's dashboard page "
               "(http://127.0.0.1:<its GROUNDGATE_WEB_PORT>/), or stop it; to read while workers run, run them with "
               "GROUNDGATE_AUDIT=off beside one `groundgate audit`, or use a ClickHouse server")


def store_dsn(settings: Settings) -> str:
    """The DSN to open: a relative ``chdb://`` path made absolute inside the data directory."""
    dsn = settings.clickhouse_dsn.get_secret_value()
    if dsn.startswith("chdb://") and not dsn.startswith("chdb:///"):
        rel = dsn.removeprefix("chdb://")
        return f"chdb://{(settings.data_dir.resolve() / rel).resolve()}" if rel else "chdb://memory"
    return dsn


def chdb_path(dsn: str) -> Path | None:
    """The directory of a ``chdb://`` store on disk (None for a server or an in-memory engine)."""
    if not dsn.startswith("chdb://") or dsn == "chdb://memory":
        return None
    return Path(dsn.removeprefix("chdb://").split("?", 1)[0])


def open_store(settings: Settings) -> AuditStore:
    """The store a writer uses, created and migrated on first use."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    store = AuditStore(store_dsn(settings))
    store.migrate()
    return store


@contextlib.contextmanager
def _engine_output_caught() -> Iterator[IO[bytes]]:
    """chDB writes its own error lines straight to file descriptor 2 while it opens a path; a
    command says what went wrong in one line of its own, so they are kept aside (only while a
    command opens its store: nothing else runs in the process then)."""
    with tempfile.TemporaryFile() as caught:
        saved = os.dup(2)
        os.dup2(caught.fileno(), 2)
        try:
            yield caught
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def _engine(dsn: str, path: Path | None) -> AuditStore:
    """The store at ``dsn`` opened for a command: one line of its own when another process holds
    the path (chDB's own lines kept aside)."""
    with _engine_output_caught() as caught:
        try:
            return AuditStore(dsn)
        except StoreError as exc:
            caught.seek(0)
            said = caught.read().decode("utf-8", "replace")
            if path is not None and ("lock" in said.lower() or "lock" in str(exc).lower()):
                raise StoreError(f"the audit store {path} is open in another process (a worker, `groundgate "
                                 "audit` or `groundgate run`)", hint=IN_USE_HINT) from None
            raise


def command_store(settings: Settings) -> AuditStore:
    """The store a command's own embedded stack writes (``run``, ``ask``): created and migrated on
    first use, with one line of its own when another process holds it."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    dsn = store_dsn(settings)
    store = _engine(dsn, chdb_path(dsn))
    store.migrate()
    return store


def existing_store(settings: Settings) -> AuditStore:
    """The store a reading command uses: it must exist, and no other process may hold it."""
    dsn = store_dsn(settings)
    path = chdb_path(dsn)
    if path is not None and not (path / "metadata").exists():
        raise StoreError(f"no audit store at {path} (nothing has written there)",
                         hint="run a worker or `groundgate run` first, or point GROUNDGATE_DATA_DIR / "
                              "GROUNDGATE_CLICKHOUSE_DSN at the store it writes (`groundgate config` shows both)")
    store = _engine(dsn, path)
    store.migrate()
    return store


@contextlib.asynccontextmanager
async def opened_store(settings: Settings) -> AsyncIterator[AuditStore]:
    """The existing store, for one reading command; closed after (chDB holds its path until then)."""
    store = await asyncio.to_thread(existing_store, settings)
    try:
        yield store
    finally:
        store.close()


class SharedStore:
    """One store per writing process, opened on first use and again after a failure: chDB allows
    one engine per path, and the audit writer and the dashboard page share it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store: AuditStore | None = None
        self.lock = threading.Lock()

    def get(self) -> AuditStore:
        with self.lock:
            if self.store is None:
                self.store = open_store(self.settings)
            return self.store
