"""Wires one worker, once: runtime, agents, the ledger and the audit store."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import faust
from aiohttp import web

import agents
from app.audit.dashboard import DashboardService, allowed_hosts
from app.audit.store import AuditStore
from app.kafka import faust_transport, identity, topics, tuning
from app.kafka.broker import ensure_topics
from app.kafka.heartbeat import Heartbeat
from app.kafka.ledger import ledger_loop
from app.kafka.ops import ops_routes
from app.kafka.runtime import Runtime, attach, build_runtime, worker_id_of
from app.roles.build import build_roles
from app.settings import Settings

log = logging.getLogger(__name__)


@dataclass
class Worker:
    runtime: Runtime
    store: AuditStore | None
    remember_member: Any = None
    """Faust's signals hold their receivers weakly: the worker keeps this one alive."""

    @property
    def app(self) -> faust.App:
        return self.runtime.app


def store_dsn(settings: Settings) -> str:
    dsn = settings.clickhouse_dsn.get_secret_value()
    if dsn.startswith("chdb://") and not dsn.startswith("chdb:///"):
        rel = dsn.removeprefix("chdb://")
        return f"chdb://{(settings.data_dir.resolve().parent / rel).resolve()}" if rel else "chdb://memory"
    return dsn


def open_store(settings: Settings) -> AuditStore:
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    store = AuditStore(store_dsn(settings))
    store.migrate()
    return store


@contextlib.asynccontextmanager
async def opened_store(settings: Settings) -> AsyncIterator[AuditStore]:
    """The store, migrated, for one command; closed after (chDB holds its path until then)."""
    store = await asyncio.to_thread(open_store, settings)
    try:
        yield store
    finally:
        store.close()


async def prepare(settings: Settings, bootstrap: str) -> None:
    await ensure_topics(settings, bootstrap, [settings.topic(t) for t in topics.ALL], settings.partitions,
                        max_message_bytes=topics.MAX_REQUEST_BYTES)


async def prepare_worker(settings: Settings, bootstrap: str) -> None:
    """Before a worker joins: its topics exist, no other run of its worker id is live (it
    refuses to start, exit 2), and what an earlier run of it that died left in its groups is gone
    (a join would otherwise wait for that member's session to run out)."""
    await prepare(settings, bootstrap)
    await identity.refuse_if_live(settings, bootstrap, worker_id_of(settings))
    await tuning.before_join(settings, bootstrap, worker_id_of(settings))


def web_routes(rt: Runtime) -> list[web.RouteDef]:
    """The worker's own routes on its web port, served whether or not it has a store (the
    dashboard page ``/`` is served only with ``GROUNDGATE_AUDIT=inline``)."""
    return ops_routes(rt, rt.ledger_ready)


def build_worker(settings: Settings, bootstrap: str, store: AuditStore | None = None) -> Worker:
    """With ``store`` the audit writes through it (the embedded stack, which also reads it);
    without, the audit writer opens the store itself and keeps retrying while it is away.
    With ``GROUNDGATE_AUDIT=off`` the worker runs no audit writer and opens no store."""
    rt = build_runtime(settings, bootstrap, build_roles(settings))
    get_store = (lambda: store) if store is not None else SharedStore(settings).get
    agents.register_all(rt, get_store, bootstrap)  # agents/audit.py: only with GROUNDGATE_AUDIT=inline
    # Dependencies, not extra services: they start with Faust's consumer, not after its recovery
    # (the ledger's group join overlaps Faust's; /healthz and /readyz answer while it starts).
    rt.app.add_dependency(DashboardService(settings.web_port, get_store if settings.audit == "inline" else None,
                                           web_routes(rt), allowed_hosts(settings.web_allowed_hosts),
                                           settings.web_host))
    rt.app.add_dependency(ledger_loop(settings, bootstrap, rt.ledger_ready, rt.identity.worker_id))
    attach(rt.app, Heartbeat(rt, bootstrap))

    async def remember_member(*_: object, **__: object) -> None:
        tuning.remember_member(settings, rt.identity.worker_id, settings.group_id, faust_transport.member_id(rt.app))

    rt.app.on_partitions_assigned.connect(remember_member)
    return Worker(runtime=rt, store=store, remember_member=remember_member)


class SharedStore:
    """One store per worker process, opened on first use and again after a failure: chDB allows
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
