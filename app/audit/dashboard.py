"""Observability: the SQL files in ``app/audit/sql/queries`` run on ClickHouse over a time window,
shown as text (``groundgate dashboard``) or as a page with inline SVG charts on the web port,
where each recent answer opens its session for review (``/session/<id>``, ``app.audit.session_view``).

The queries are written with the Grafana ClickHouse plugin's macros (``$__timeFilter(col)``,
``$__fromTime``, ``$__toTime``, ``$__interval_s``), so the provisioned Grafana dashboard runs the
same SQL; here ``Window.bind`` expands them the way the plugin does.

The web server answers only requests whose Host header names this machine (or a host in
``GROUNDGATE_WEB_ALLOWED_HOSTS``): a page on another site that rebinds its DNS name to
127.0.0.1 cannot read the audit's questions and answers. ``/metrics``, ``/healthz`` and
``/readyz`` skip the check (they hold no audit content, and probes address a pod by IP).
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import web
from mode import Service

from app.audit.page import ELSEWHERE, fmt, render_html
from app.audit.panels import Panel, Query, queries
from app.audit.session_view import render_session, session_events
from app.audit.store import AuditStore

__all__ = ["DashboardService", "Panel", "Query", "Window", "parse_range", "queries", "render_html", "render_text",
           "run_all", "serve", "web_app"]

log = logging.getLogger(__name__)
RANGES = ("1h", "24h", "7d")
"""The page's range selector; any ``<n>m|h|d`` up to ``MAX_RANGE`` works as ``?range=``."""
DEFAULT_RANGE = "24h"
MAX_RANGE = timedelta(days=400)
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
OPEN_PATHS = frozenset({"/metrics", "/healthz", "/readyz"})
_RANGE = re.compile(r"^([1-9]\d{0,5})([mhd])$")
_UNITS = {"m": 60, "h": 3600, "d": 86400}


def parse_range(text: str) -> timedelta:
    """``1h``, ``24h``, ``7d``, ``90m``…: how far back a dashboard looks. ValueError otherwise."""
    m = _RANGE.match(text.strip().lower())
    if not m:
        raise ValueError(f"range {text!r} is not <number>m, <number>h or <number>d (e.g. 1h, 24h, 7d)")
    span = timedelta(seconds=int(m[1]) * _UNITS[m[2]])
    if span > MAX_RANGE:
        raise ValueError(f"range {text!r} is longer than {MAX_RANGE.days} days")
    return span


@dataclass(frozen=True)
class Window:
    start: datetime
    end: datetime

    @classmethod
    def last(cls, span: timedelta | str, now: datetime | None = None) -> Window:
        end = now or datetime.now(UTC)
        return cls(end - (parse_range(span) if isinstance(span, str) else span), end)

    @property
    def interval_s(self) -> int:
        """About 100 buckets over the window, as Grafana's ``$__interval`` gives a panel."""
        return max(1, int((self.end - self.start).total_seconds()) // 100)

    def bind(self, sql: str) -> str:
        """The Grafana macros expanded as the ClickHouse plugin expands them."""
        # whole seconds, the end rounded up: a row written in the current second is inside "now"
        frm, to = f"toDateTime({math.floor(self.start.timestamp())})", f"toDateTime({math.ceil(self.end.timestamp())})"
        sql = re.sub(r"\$__timeFilter\(\s*([\w.]+)\s*\)", lambda m: f"{m[1]} >= {frm} AND {m[1]} <= {to}", sql)
        sql = re.sub(r"\$__fromTime\b", frm, sql)
        sql = re.sub(r"\$__toTime\b", to, sql)
        return re.sub(r"\$__interval_s\b", str(self.interval_s), sql)


def run_all(store: AuditStore, window: Window | None = None) -> list[Panel]:
    window = window or Window.last(DEFAULT_RANGE)
    panels = []
    for q in queries():
        try:
            cols, rows = store.query_with_columns(window.bind(q.sql))
            panels.append(Panel(q, cols, rows))
        except Exception as exc:
            panels.append(Panel(q, [], [], error=str(exc).splitlines()[0][:300]))
    return panels


def render_text(panels: list[Panel]) -> str:
    out = []
    for p in panels:
        out.append(f"== {p.query.title} ({p.query.name})")
        if p.error:
            out.append(f"   error: {p.error}")
            continue
        table = [p.columns] + [[fmt(v) for v in r] for r in p.rows]
        widths = [max(len(str(row[i])) for row in table) for i in range(len(p.columns))]
        for row in table:
            out.append("   " + "  ".join(str(v).ljust(w) for v, w in zip(row, widths, strict=True)))
        if not p.rows:
            out.append("   (no rows)")
    return "\n".join(out)


# ------------------------------------------------------------------ web server


def allowed_hosts(extra: str = "") -> frozenset[str]:
    """This machine's names plus ``extra`` (comma-separated, as ``GROUNDGATE_WEB_ALLOWED_HOSTS``)."""
    return LOCAL_HOSTS | {h.strip().lower().strip("[]") for h in extra.split(",") if h.strip()}


def host_name(header: str) -> str:
    """The host of a Host header, without port or brackets: ``[::1]:6066`` → ``::1``."""
    h = header.strip().lower()
    if h.startswith("["):
        return h[1:h.find("]")] if "]" in h else h
    name = h.rsplit(":", 1)[0] if h.count(":") == 1 else h
    return name.rstrip(".")


def host_check(allowed: frozenset[str]) -> Any:
    @web.middleware
    async def check(request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path in OPEN_PATHS or host_name(request.headers.get("Host", "")) in allowed:
            response: web.StreamResponse = await handler(request)
            return response
        return web.Response(status=421, text="misdirected request: this host name is not served here "
                                             "(add it to GROUNDGATE_WEB_ALLOWED_HOSTS)\n")
    return check


def _window_of(request: web.Request) -> tuple[str, Window]:
    text = request.query.get("range", DEFAULT_RANGE)
    try:
        return text, Window.last(text)
    except ValueError as exc:
        raise web.HTTPBadRequest(text=f"{exc}\n") from None


def web_app(get_store: Callable[[], AuditStore] | None, extra_routes: Sequence[web.RouteDef] = (),
            allowed: frozenset[str] = LOCAL_HOSTS) -> web.Application:
    """The dashboard (``/``, ``/api/panels``, ``/session/<id>``) when there is a store, else a short
    page saying where it is; ``extra_routes`` always."""
    async def panels_of(request: web.Request) -> tuple[str, list[Panel]]:
        text, window = _window_of(request)
        assert get_store is not None
        return text, await asyncio.to_thread(lambda: run_all(get_store(), window))

    async def page(request: web.Request) -> web.Response:
        try:
            text, panels = await panels_of(request)
        except web.HTTPException:
            raise
        except Exception as exc:
            return web.Response(status=503, text=f"audit store unavailable: {exc}")
        return web.Response(text=render_html(panels, text, RANGES), content_type="text/html")

    async def session(request: web.Request) -> web.Response:
        sid = request.match_info["session_id"]
        assert get_store is not None
        try:
            events = await asyncio.to_thread(lambda: session_events(get_store(), sid))
        except Exception as exc:
            return web.Response(status=503, text=f"audit store unavailable: {exc}")
        # no stored event: an unknown id, or one the audit has not written yet (the page says which)
        return web.Response(status=200 if events else 404, text=render_session(sid, events), content_type="text/html")

    async def api(request: web.Request) -> web.Response:
        _, panels = await panels_of(request)
        return web.json_response({p.query.name: {"title": p.query.title, "columns": p.columns,
                                                 "rows": [[fmt(v) for v in r] for r in p.rows], "error": p.error}
                                  for p in panels})

    async def elsewhere(request: web.Request) -> web.Response:
        return web.Response(status=404, text=ELSEWHERE, content_type="text/html")

    app = web.Application(middlewares=[host_check(allowed)])
    if get_store is not None:
        app.router.add_get("/", page)
        app.router.add_get("/api/panels", api)
        app.router.add_get("/session/{session_id}", session)
    else:  # the pages live with the store: say where
        for path in ("/", "/api/panels", "/session/{session_id}"):
            app.router.add_get(path, elsewhere)
    app.router.add_routes(extra_routes)
    return app


async def serve(get_store: Callable[[], AuditStore] | None, port: int, host: str = "127.0.0.1",
                extra_routes: Sequence[web.RouteDef] = (), allowed: frozenset[str] = LOCAL_HOSTS) -> web.AppRunner:
    # no access log: probes and Prometheus scrapes would write a line every few seconds
    runner = web.AppRunner(web_app(get_store, extra_routes, allowed), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner


class DashboardService(Service):
    """The web port (``GROUNDGATE_WEB_PORT``): the dashboard page when this process has a store,
    and ``extra_routes`` (health, readiness, metrics) in any case."""

    def __init__(self, port: int, get_store: Callable[[], AuditStore] | None,
                 extra_routes: Sequence[web.RouteDef] = (), allowed: frozenset[str] = LOCAL_HOSTS,
                 host: str = "127.0.0.1") -> None:
        super().__init__()
        self.port, self.get_store, self.extra_routes, self.allowed, self.host = port, get_store, extra_routes, \
            allowed, host
        self._runner: web.AppRunner | None = None

    async def on_start(self) -> None:
        if self.get_store is None and not self.extra_routes:
            return
        try:
            self._runner = await serve(self.get_store, self.port, self.host, self.extra_routes, self.allowed)
            log.info("web port on http://%s:%d/%s", self.host, self.port,
                     " (dashboard)" if self.get_store is not None else "")
        except OSError as exc:
            log.warning("web port %d not served: %s", self.port, exc)

    async def on_stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
