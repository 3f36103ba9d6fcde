"""audit: every event and session snapshot to ClickHouse, off the answer path.

Not a Faust agent on purpose: a Faust stream that waits for ClickHouse fills its buffer and
pauses the consumer every other agent shares. The writer (``app.audit.sink``) is its own
consumer group, registered here with the app's lifecycle when ``GROUNDGATE_AUDIT=inline``; with
``off`` the worker opens no store and one ``groundgate audit`` process per store writes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from app.kafka.runtime import Runtime, attach

if TYPE_CHECKING:
    from app.audit.store import AuditStore


def register(rt: Runtime, open_store: Callable[[], AuditStore], bootstrap: str) -> None:
    if rt.settings.audit == "inline":
        from app.audit.sink import audit_loop  # a worker that writes no audit never loads the writer

        attach(rt.app, audit_loop(rt.settings, bootstrap, open_store))
