"""The worker's operational routes on its web port: liveness, readiness and Prometheus metrics.

``/healthz`` answers while the event loop does; ``/readyz`` is 503 until the worker holds its
partitions (Faust recovered and not rebalancing, the ledger assigned), again while it stops, and
while the broker does not answer (``broker_reachable``, from ``app.lag``);
``/metrics`` is the text format Prometheus scrapes (see app.metrics for the names).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from aiohttp import web

from app import metrics
from app.kafka.runtime import Runtime

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


def is_ready(rt: Runtime, ledger_ready: asyncio.Event, broker_reachable: Callable[[], bool] = lambda: True) -> bool:
    return bool(rt.ready and ledger_ready.is_set() and not getattr(rt.app, "rebalancing", False)
                and broker_reachable())


def ops_routes(rt: Runtime, ledger_ready: asyncio.Event,
               broker_reachable: Callable[[], bool] = lambda: True) -> list[web.RouteDef]:
    ident = {"worker_id": rt.identity.worker_id, "incarnation": rt.identity.incarnation}

    async def healthz(_: web.Request) -> web.Response:
        return web.json_response({"status": "ok", **ident})

    async def readyz(_: web.Request) -> web.Response:
        ready = is_ready(rt, ledger_ready, broker_reachable)
        return web.json_response({"ready": ready, "broker_reachable": broker_reachable(), **ident},
                                 status=200 if ready else 503)

    async def scrape(_: web.Request) -> web.Response:
        return web.Response(body=metrics.exposition(), headers={"Content-Type": CONTENT_TYPE})

    return [web.get("/healthz", healthz), web.get("/readyz", readyz), web.get("/metrics", scrape)]
