"""Observability: the SQL files in ``app/sql/queries`` run on ClickHouse, shown as text
(``groundgate dashboard``) or as a page with inline SVG charts that the worker serves."""

from __future__ import annotations

import asyncio
import html
import logging
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from aiohttp import web
from mode import Service

from app.store import AuditStore

log = logging.getLogger(__name__)
QUERY_DIR = Path(__file__).parent / "sql" / "queries"
PALETTE = ["#2f6fdf", "#e0663c", "#3aa573", "#9b59b6", "#c9a227", "#5f7f8f"]
VERDICT_COLOURS = {"PASS": "#3aa573", "LOW_CONFID": "#c9a227", "REJECT": "#d64545"}


@dataclass(frozen=True)
class Query:
    name: str
    title: str
    chart: str
    sql: str


@dataclass
class Panel:
    query: Query
    columns: list[str]
    rows: list[tuple[Any, ...]]
    error: str = ""


def queries(directory: Path = QUERY_DIR) -> list[Query]:
    out = []
    for path in sorted(directory.glob("*.sql")):
        text = path.read_text()
        meta = dict(re.findall(r"^--\s*(\w+):\s*(.+)$", text, re.M))
        out.append(Query(path.stem, meta.get("title", path.stem), meta.get("chart", "table"), text))
    return out


def run_all(store: AuditStore) -> list[Panel]:
    panels = []
    for q in queries():
        try:
            cols, rows = store.query_with_columns(q.sql)
            panels.append(Panel(q, cols, rows))
        except Exception as exc:
            panels.append(Panel(q, [], [], error=str(exc).splitlines()[0][:300]))
    return panels


def _fmt(v: Any) -> str:
    if isinstance(v, float) and not math.isfinite(v):
        return "–"
    if isinstance(v, float):
        return f"{v:.3f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))
    if isinstance(v, datetime):
        return v.strftime("%Y-%m-%d %H:%M")
    if isinstance(v, list):
        return ", ".join(_fmt(x) for x in v)
    return str(v)


def render_text(panels: list[Panel]) -> str:
    out = []
    for p in panels:
        out.append(f"== {p.query.title} ({p.query.name})")
        if p.error:
            out.append(f"   error: {p.error}")
            continue
        table = [p.columns] + [[_fmt(v) for v in r] for r in p.rows]
        widths = [max(len(str(row[i])) for row in table) for i in range(len(p.columns))]
        for row in table:
            out.append("   " + "  ".join(str(v).ljust(w) for v, w in zip(row, widths, strict=True)))
        if not p.rows:
            out.append("   (no rows)")
    return "\n".join(out)


# ------------------------------------------------------------------ SVG charts


def _bars(labels: list[str], values: list[float], colours: list[str]) -> str:
    w, h, pad = 560, 220, 30
    bw = (w - 2 * pad) / max(1, len(values))
    parts = [f'<svg class="chart" viewBox="0 0 {w} {h + 40}" xmlns="http://www.w3.org/2000/svg">',
             f'<line x1="{pad}" y1="{h}" x2="{w - pad}" y2="{h}" stroke="#999"/>']
    values = [v if math.isfinite(v) else 0.0 for v in values]
    top = max(values + [1e-9])
    for i, (lab, v) in enumerate(zip(labels, values, strict=True)):
        bh = (h - 20) * v / top
        x = pad + i * bw + bw * 0.1
        parts.append(f'<rect x="{x:.1f}" y="{h - bh:.1f}" width="{bw * 0.8:.1f}" height="{bh:.1f}" '
                     f'fill="{colours[i % len(colours)]}"><title>{html.escape(lab)}: {_fmt(v)}</title></rect>')
        parts.append(f'<text x="{x + bw * 0.4:.1f}" y="{h - bh - 4:.1f}" font-size="11" text-anchor="middle">'
                     f'{_fmt(v)}</text>')
        parts.append(f'<text x="{x + bw * 0.4:.1f}" y="{h + 14}" font-size="10" text-anchor="middle">'
                     f'{html.escape(lab[:18])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _numeric_index(p: Panel) -> int | None:
    """The first numeric column after the first: what a bar chart plots."""
    for i in range(1, len(p.columns)):
        if p.rows and all(isinstance(r[i], int | float) for r in p.rows):
            return i
    return None


def _label(row: tuple[Any, ...], value_index: int) -> str:
    """The last text column before the values names a bar (else the first column)."""
    texts = [v for v in row[:value_index] if not isinstance(v, int | float)]
    return _fmt(texts[-1] if texts else row[0])


def chart(p: Panel) -> str:
    if p.error:
        return f'<p class="err">error: {html.escape(p.error)}</p>'
    if not p.rows:
        return '<p class="empty">no data yet</p>'
    if p.query.chart == "stacked" and len(p.columns) >= 3:
        totals: dict[str, float] = {}
        for r in p.rows:
            totals[str(r[1])] = totals.get(str(r[1]), 0) + float(r[2])
        labels = sorted(totals)
        return _bars(labels, [totals[k] for k in labels], [VERDICT_COLOURS.get(k, PALETTE[0]) for k in labels]) \
            + _table(p)
    idx = _numeric_index(p)
    if p.query.chart == "bar" and idx is not None:
        labels = [_label(r, idx) for r in p.rows]
        return _bars(labels, [float(r[idx]) for r in p.rows],
                     [VERDICT_COLOURS.get(lab, PALETTE[i % len(PALETTE)]) for i, lab in enumerate(labels)]) + _table(p)
    return _table(p)


def _table(p: Panel) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in p.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_fmt(v))}</td>" for v in r) + "</tr>" for r in p.rows[:50])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _safe_chart(p: Panel) -> str:
    try:
        return chart(p)
    except Exception as exc:  # one odd value must not take the whole page down
        log.warning("panel %s not rendered: %s", p.query.name, exc)
        return f'<p class="err">not rendered: {html.escape(str(exc))}</p>'


def render_html(panels: list[Panel]) -> str:
    cards = "".join(f'<section class="card" id="{p.query.name}"><h2>{html.escape(p.query.title)}</h2>'
                    f"{_safe_chart(p)}</section>" for p in panels)
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>groundgate dashboard</title>
<style>body{{font-family:system-ui,sans-serif;margin:16px;background:#f5f6f8;color:#222}}
h1{{font-size:20px}}.grid{{display:grid;grid-template-columns:repeat(auto-fill,minmax(600px,1fr));gap:14px}}
.card{{background:#fff;border-radius:8px;padding:10px 14px;box-shadow:0 1px 3px #0002}}
h2{{font-size:14px;margin:4px 0 8px}}table{{border-collapse:collapse;font-size:12px;margin-top:6px}}
td,th{{border-bottom:1px solid #eee;padding:2px 8px;text-align:left}}.chart{{width:100%;max-width:600px}}
.err{{color:#b00}}.empty{{color:#888}}</style></head>
<body><h1>groundgate — verdicts, evidence and latency</h1><div class="grid">{cards}</div></body></html>"""


def web_app(get_store: Callable[[], AuditStore]) -> web.Application:
    async def page(_: web.Request) -> web.Response:
        try:
            panels = await asyncio.to_thread(run_all, get_store())
        except Exception as exc:
            return web.Response(status=503, text=f"audit store unavailable: {exc}")
        return web.Response(text=render_html(panels), content_type="text/html")

    async def api(_: web.Request) -> web.Response:
        panels = await asyncio.to_thread(run_all, get_store())
        return web.json_response({p.query.name: {"title": p.query.title, "columns": p.columns,
                                                 "rows": [[_fmt(v) for v in r] for r in p.rows], "error": p.error}
                                  for p in panels})

    app = web.Application()
    app.router.add_get("/", page)
    app.router.add_get("/api/panels", api)
    return app


async def serve(get_store: Callable[[], AuditStore], port: int, host: str = "127.0.0.1") -> web.AppRunner:
    runner = web.AppRunner(web_app(get_store))
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner


class DashboardService(Service):
    """Serves the dashboard page from the worker (``GROUNDGATE_WEB_PORT``), no external service."""

    def __init__(self, port: int, get_store: Callable[[], AuditStore]) -> None:
        super().__init__()
        self.port, self.get_store = port, get_store
        self._runner: web.AppRunner | None = None

    async def on_start(self) -> None:
        try:
            self._runner = await serve(self.get_store, self.port)
            log.info("dashboard on http://127.0.0.1:%d/", self.port)
        except OSError as exc:
            log.warning("dashboard not served on port %d: %s", self.port, exc)

    async def on_stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
