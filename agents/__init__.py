"""Thin Faust agents, one per module, registered explicitly by ``register_all``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from agents import audit, compose, investigate, session, verify
from app.kafka.log_reader import LogReader

if TYPE_CHECKING:
    from app.audit.store import AuditStore
    from app.kafka.runtime import Runtime


def register_all(rt: Runtime, open_store: Callable[[], AuditStore], bootstrap: str) -> None:
    investigate.register(rt)
    verify.register(rt)
    session.register(rt, LogReader(rt.settings, bootstrap))
    compose.register(rt)
    audit.register(rt, open_store, bootstrap)
