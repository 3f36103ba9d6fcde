"""The dashboard page renders whatever ClickHouse returns, NaN and empty results included."""

from __future__ import annotations

import asyncio
import math
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from app.audit.dashboard import (
    Panel,
    Query,
    Window,
    allowed_hosts,
    host_name,
    parse_range,
    render_html,
    render_text,
    web_app,
)


def panel(chart: str, rows: list[tuple]) -> Panel:  # type: ignore[type-arg]
    return Panel(Query("x", "X", chart, "SELECT 1"), ["label", "value"], rows)


def test_non_finite_numbers_and_empty_panels_render() -> None:
    panels = [panel("bar", [("a", math.nan), ("b", 2.0), ("c", math.inf)]), panel("table", [("a", math.nan)]),
              panel("bar", []), Panel(Query("e", "E", "table", ""), [], [], error="boom")]
    page = render_html(panels)
    assert page.count("<svg") == 1 and "no data in this window" in page and "boom" in page and "–" in page
    assert "–" in render_text(panels)


# ---------------------------------------------------------------- time windows


@pytest.mark.parametrize(("text", "seconds"), [("1h", 3600), ("24h", 86400), ("7d", 604800), ("90m", 5400),
                                               (" 2D ", 172800)])
def test_a_range_is_a_number_of_minutes_hours_or_days(text: str, seconds: int) -> None:
    assert parse_range(text) == timedelta(seconds=seconds)


@pytest.mark.parametrize("text", ["", "24", "h", "-1h", "0h", "1w", "1h; DROP TABLE gg_events", "401d", "1.5h"])
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="range"):
        parse_range(text)


def test_a_window_expands_grafanas_macros_as_the_clickhouse_plugin_does() -> None:
    end = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    w = Window.last("24h", now=end)
    sql = "SELECT 1 WHERE $__timeFilter(t.at) AND x >= $__fromTime AND y <= $__toTime GROUP BY $__interval_s"
    frm, to = int((end - timedelta(days=1)).timestamp()), int(end.timestamp())
    assert w.bind(sql) == (f"SELECT 1 WHERE t.at >= toDateTime({frm}) AND t.at <= toDateTime({to}) "
                           f"AND x >= toDateTime({frm}) AND y <= toDateTime({to}) GROUP BY 864")


# ---------------------------------------------------------------- the web port


@pytest.mark.parametrize(("header", "host"), [("127.0.0.1:6066", "127.0.0.1"), ("LOCALHOST", "localhost"),
                                              ("[::1]:6066", "::1"), ("example.com.", "example.com"),
                                              ("evil.example:80", "evil.example")])
def test_the_host_of_a_host_header(header: str, host: str) -> None:
    assert host_name(header) == host


class NoStore:
    def query_with_columns(self, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        return ["n"], [(1,)]


async def _get(app: web.Application, path: str, host: str | None) -> tuple[int, str]:
    async with TestClient(TestServer(app)) as client:
        headers = {"Host": host} if host is not None else {}
        resp = await client.get(path, headers=headers)
        return resp.status, await resp.text()


async def ok(_: web.Request) -> web.Response:
    return web.Response(text="ok")


def app_with_store(allowed: frozenset[str] = allowed_hosts("")) -> web.Application:
    return web_app(lambda: NoStore(), [web.get("/metrics", ok), web.get("/healthz", ok)], allowed)  # type: ignore[arg-type,return-value]


@pytest.mark.parametrize("host", ["127.0.0.1:6066", "localhost:6066", "[::1]:6066"])
def test_the_page_answers_this_machines_names(host: str) -> None:
    status, body = asyncio.run(_get(app_with_store(), "/?range=1h", host))
    assert status == 200 and "groundgate dashboard" in body and "<b>1h</b>" in body


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:6066", "127.0.0.1.nip.io", ""])
def test_a_rebound_dns_name_cannot_read_the_audit(host: str) -> None:
    for path in ("/", "/api/panels"):
        status, body = asyncio.run(_get(app_with_store(), path, host))
        assert status == 421 and "answers" not in body


def test_hosts_named_in_the_setting_are_answered() -> None:
    allowed = allowed_hosts("gg.internal, Dash.Example ,[fd00::1]")
    assert {"gg.internal", "dash.example", "fd00::1", "localhost"} <= allowed
    assert asyncio.run(_get(app_with_store(allowed), "/", "dash.example:6066"))[0] == 200


def test_probes_and_metrics_skip_the_host_check() -> None:
    assert asyncio.run(_get(app_with_store(), "/metrics", "10.1.2.3:6066")) == (200, "ok")
    assert asyncio.run(_get(app_with_store(), "/healthz", "pod-ip")) == (200, "ok")


def test_a_bad_range_is_a_bad_request() -> None:
    status, body = asyncio.run(_get(app_with_store(), "/?range=forever", "localhost"))
    assert status == 400 and "range" in body


def test_without_a_store_the_pages_say_where_the_dashboard_is() -> None:
    for path in ("/", "/session/s-1", "/api/panels"):
        status, body = asyncio.run(_get(web_app(None, [web.get("/healthz", ok)]), path, "localhost"))
        assert status == 404 and body.startswith("<!doctype html>"), path
        assert "GROUNDGATE_AUDIT=off" in body and "<code>groundgate audit</code> process" in body
    assert asyncio.run(_get(web_app(None, [web.get("/healthz", ok)]), "/healthz", "localhost")) == (200, "ok")


def test_the_audit_process_exposes_prometheus_metrics() -> None:
    from app.audit.process import metrics
    from app.metrics import AUDIT_REGISTRY, export

    export(AUDIT_REGISTRY)  # as run_audit does

    async def go() -> tuple[int, str, str]:
        async with TestClient(TestServer(web_app(None, [web.get("/metrics", metrics)]))) as client:
            resp = await client.get("/metrics")
            return resp.status, resp.headers["Content-Type"], await resp.text()

    status, ctype, body = asyncio.run(go())
    assert status == 200 and ctype.startswith("text/plain; version=0.0.4")
    assert "groundgate_audit_lag_messages" in body and "groundgate_audit_rows_total" in body
