"""Wires one worker, once: runtime, agents, the ledger and the audit store."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import faust
from aiohttp import web

import agents
from app import metrics
from app.audit.dashboard import DashboardService, allowed_hosts
from app.audit.opening import SharedStore
from app.audit.store import AuditStore
from app.domain import specific
from app.kafka import ended, faust_transport, identity, members, tuning
from app.kafka.broker import ensure_every_topic
from app.kafka.heartbeat import Heartbeat
from app.kafka.ledger import WATCHED as LEDGER_TOPICS
from app.kafka.ledger import ledger_loop
from app.kafka.ops import ops_routes
from app.kafka.runtime import Runtime, attach, build_runtime, worker_id_of
from app.lag import LagMonitor
from app.offload import BUSY_STAGES, RulePoolService
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


async def prepare(settings: Settings, bootstrap: str) -> None:
    """Every topic exists (the embedded stack, app/stack.py, is prepared with it too)."""
    await ensure_every_topic(settings, bootstrap)


async def prepare_worker(settings: Settings, bootstrap: str) -> None:
    """Before a worker joins: its topics exist, no other run of its worker id is live (it refuses
    to start, exit 2), and what an earlier run of it that died, or a run that ended elsewhere
    (``app.kafka.ended``), left in its groups is gone (a join would otherwise wait for that
    member's session to run out)."""
    await prepare(settings, bootstrap)
    await identity.refuse_if_live(settings, bootstrap, worker_id_of(settings))
    await tuning.before_join(settings, bootstrap, worker_id_of(settings))
    ended.start_ending(settings, bootstrap, worker_id_of(settings))


def web_routes(rt: Runtime, broker_reachable: Callable[[], bool] = lambda: True) -> list[web.RouteDef]:
    """The worker's own routes on its web port, served whether or not it has a store (the
    dashboard page ``/`` is served only with ``GROUNDGATE_AUDIT=inline``)."""
    return ops_routes(rt, rt.ledger_ready, broker_reachable)


def consumer_groups(settings: Settings, app: faust.App) -> dict[str, list[str]]:
    """The groups a worker is in, each with the topics it reads: Faust's (its agents' topics),
    the ledger's, and the audit writer's when it runs inline."""
    faust_group, ledger_group = members.groups_of(settings)
    groups = {faust_group: sorted({t for agent in app.agents.values() for t in agent.channel.topics}),
              ledger_group: [settings.topic(t) for t in LEDGER_TOPICS]}
    if settings.audit == "inline":
        from app.audit.sink import AUDITED  # a worker without the audit never imports its writer

        groups[f"{settings.group_id}-audit"] = [settings.topic(t) for t in AUDITED]
    return groups


def build_worker(settings: Settings, bootstrap: str, store: AuditStore | None = None) -> Worker:
    """With ``store`` the audit writes through it (the embedded stack, which also reads it);
    without, the audit writer opens the store itself and keeps retrying while it is away.
    With ``GROUNDGATE_AUDIT=off`` the worker runs no audit writer and opens no store. The
    common-word vocabularies (``app.domain.specific``) are loaded before it takes work."""
    specific.warm()  # the common-word vocabularies load here, not inside the first session's verdict
    rt = build_runtime(settings, bootstrap, build_roles(settings))
    get_store = (lambda: store) if store is not None else SharedStore(settings).get
    agents.register_all(rt, get_store, bootstrap)  # agents/audit.py: only with GROUNDGATE_AUDIT=inline
    metrics.export(metrics.REGISTRY, *([metrics.AUDIT_REGISTRY] if settings.audit == "inline" else []))
    lag = LagMonitor(settings, bootstrap, consumer_groups(settings, rt.app))
    # Dependencies, not extra services: they start with Faust's consumer, not after its recovery
    # (the ledger's group join overlaps Faust's; /healthz and /readyz answer while it starts).
    rt.app.add_dependency(lag)
    rt.app.add_dependency(DashboardService(settings.web_port, get_store if settings.audit == "inline" else None,
                                           web_routes(rt, lag.reachable), allowed_hosts(settings.web_allowed_hosts),
                                           settings.web_host))
    rt.app.add_dependency(ledger_loop(settings, bootstrap, rt.ledger_ready, rt.identity.worker_id))
    if settings.rule_processes:
        rt.app.add_dependency(RulePoolService(settings.rule_processes, after=rt.ledger_ready,
                                              busy=lambda: len(rt.running) >= BUSY_STAGES))
    attach(rt.app, Heartbeat(rt, bootstrap))

    async def remember_member(*_: object, **__: object) -> None:
        tuning.remember_member(settings, rt.identity.worker_id, settings.group_id, faust_transport.member_id(rt.app))

    rt.app.on_partitions_assigned.connect(remember_member)
    return Worker(runtime=rt, store=store, remember_member=remember_member)
