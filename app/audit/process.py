"""``groundgate audit``: the audit writer as a process of its own, for a store several workers share.

chDB opens a path in one process only, and the writer's inserts cost CPU the answer path had
better keep: run the workers with ``GROUNDGATE_AUDIT=off`` and one ``groundgate audit`` per store.
Same guarantee as in a worker (its own consumer group; a batch is committed only once ClickHouse
has its rows). It serves the dashboard, ``/metrics`` (the writer's and the process's, nothing of a
worker's), ``/healthz`` (the process answers) and ``/readyz`` (503 until the writer holds its
partitions, and while the broker does not answer) on ``GROUNDGATE_WEB_PORT``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

from aiohttp import web

from app.audit import dashboard
from app.audit.opening import SharedStore
from app.audit.sink import AUDITED, AuditSink, Health
from app.audit.store import StoreError
from app.kafka.broker import ensure_every_topic
from app.kafka.services import run_forever
from app.lag import LagMonitor
from app.metrics import AUDIT_REGISTRY, export, exposition
from app.settings import Settings

log = logging.getLogger("groundgate")
METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


async def metrics(_: web.Request) -> web.Response:
    """What Prometheus scrapes: the writer's lag, rows, failed writes and skipped records."""
    return web.Response(body=exposition(), headers={"Content-Type": METRICS_CONTENT_TYPE})


def ops_routes(name: str, ready: asyncio.Event, lag: LagMonitor, writer: asyncio.Future[None]) -> list[web.RouteDef]:
    async def healthz(_: web.Request) -> web.Response:
        return web.json_response({"status": "ok", "audit": name})

    async def readyz(_: web.Request) -> web.Response:
        ok = ready.is_set() and lag.reachable() and not writer.done()
        return web.json_response({"ready": ok, "broker_reachable": lag.reachable(), "audit": name},
                                 status=200 if ok else 503)

    return [web.get("/metrics", metrics), web.get("/healthz", healthz), web.get("/readyz", readyz)]


async def run_audit(settings: Settings, bootstrap: str, stop: asyncio.Event) -> None:
    """Until ``stop``: the writer, restarted after a crash, and the web port."""
    await ensure_every_topic(settings, bootstrap)
    store = SharedStore(settings)
    try:
        await asyncio.to_thread(store.get)
    except StoreError:
        if settings.clickhouse_dsn.get_secret_value().startswith("chdb:"):
            raise  # another process holds the path: say so now, not in a retry loop
        log.warning("audit store not reachable yet: the writer keeps the records on Kafka and retries")
    health, ready = Health(name=f"audit@{Health().name}"), asyncio.Event()
    export(AUDIT_REGISTRY)
    lag = LagMonitor(settings, bootstrap, {f"{settings.group_id}-audit": [settings.topic(t) for t in AUDITED]})
    await lag.start()
    writer = asyncio.ensure_future(run_forever(
        "audit writer", lambda: AuditSink(settings, bootstrap, store.get, health, ready).run()))
    runner = None
    try:
        runner = await dashboard.serve(store.get, settings.web_port, settings.web_host,
                                       ops_routes(health.name, ready, lag, writer),
                                       dashboard.allowed_hosts(settings.web_allowed_hosts))
    except OSError as exc:
        log.warning("web port %d not served: %s", settings.web_port, exc)
    try:
        stopped, started = asyncio.ensure_future(stop.wait()), asyncio.ensure_future(ready.wait())
        await asyncio.wait([stopped, started], return_when=asyncio.FIRST_COMPLETED)
        started.cancel()
        if ready.is_set():
            log.info("groundgate audit ready (topics %s*, store %s, web port %d)", settings.topic_prefix,
                     settings.clickhouse_dsn.get_secret_value().split("://", 1)[0], settings.web_port)
        await stopped
    finally:
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
        if runner is not None:
            await runner.cleanup()
        await lag.stop()
        if store.store is not None:
            store.store.close()


async def cmd_audit(settings: Settings, bootstrap: str) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await run_audit(settings, bootstrap, stop)
    return 0
