"""The dashboard as one HTML page: inline SVG charts and tables, no script, no external asset."""

from __future__ import annotations

import html
import logging
import math
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from app.audit.panels import Panel
from app.audit.session_view import link

log = logging.getLogger(__name__)
PALETTE = ["#2f6fdf", "#e0663c", "#3aa573", "#9b59b6", "#c9a227", "#5f7f8f"]
VERDICT_COLOURS = {"PASS": "#3aa573", "LOW_CONFID": "#c9a227", "REJECT": "#d64545"}


def fmt(v: Any) -> str:
    if isinstance(v, float) and not math.isfinite(v):
        return "–"
    if isinstance(v, float):
        return f"{v:.3f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))
    if isinstance(v, datetime):
        return v.strftime("%Y-%m-%d %H:%M")
    if isinstance(v, list):
        return ", ".join(fmt(x) for x in v)
    if v is None:
        return "–"
    return str(v)


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
                     f'fill="{colours[i % len(colours)]}"><title>{html.escape(lab)}: {fmt(v)}</title></rect>')
        parts.append(f'<text x="{x + bw * 0.4:.1f}" y="{h - bh - 4:.1f}" font-size="11" text-anchor="middle">'
                     f'{fmt(v)}</text>')
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
    return fmt(texts[-1] if texts else row[0])


def chart(p: Panel) -> str:
    if p.error:
        return f'<p class="err">error: {html.escape(p.error)}</p>'
    if not p.rows:
        return '<p class="empty">no data in this window</p>'
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


def _cell(column: str, value: Any) -> str:
    """A session id opens that session's review page; every other value is text."""
    if column == "session_id" and isinstance(value, str):
        return f'<td><a href="{html.escape(link(value))}">{html.escape(value)}</a></td>'
    return f"<td>{html.escape(fmt(value))}</td>"


def _table(p: Panel) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in p.columns)
    body = "".join("<tr>" + "".join(_cell(c, v) for c, v in zip(p.columns, r, strict=False)) + "</tr>"
                   for r in p.rows[:50])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _safe_chart(p: Panel) -> str:
    try:
        return chart(p)
    except Exception as exc:  # one odd value must not take the whole page down
        log.warning("panel %s not rendered: %s", p.query.name, exc)
        return f'<p class="err">not rendered: {html.escape(str(exc))}</p>'


def _selector(current: str, choices: Sequence[str]) -> str:
    links = [f"<b>{html.escape(c)}</b>" if c == current else f'<a href="?range={html.escape(c)}">{html.escape(c)}</a>'
             for c in choices]
    if current not in choices:
        links.append(f"<b>{html.escape(current)}</b>")
    return '<nav class="range">last ' + " · ".join(links) + "</nav>"


def render_html(panels: list[Panel], range_text: str = "24h", choices: Sequence[str] = ("1h", "24h", "7d")) -> str:
    cards = "".join(f'<section class="card" id="{html.escape(p.query.name)}"><h2>{html.escape(p.query.title)}</h2>'
                    f"{_safe_chart(p)}</section>" for p in panels)
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>groundgate dashboard</title>
<style>body{{font-family:system-ui,sans-serif;margin:16px;background:#f5f6f8;color:#222}}
h1{{font-size:20px}}.grid{{display:grid;grid-template-columns:repeat(auto-fill,minmax(600px,1fr));gap:14px}}
.card{{background:#fff;border-radius:8px;padding:10px 14px;box-shadow:0 1px 3px #0002}}
h2{{font-size:14px;margin:4px 0 8px}}table{{border-collapse:collapse;font-size:12px;margin-top:6px}}
td,th{{border-bottom:1px solid #eee;padding:2px 8px;text-align:left}}.chart{{width:100%;max-width:600px}}
.err{{color:#b00}}.empty{{color:#888}}.range{{margin:0 0 12px;font-size:14px}}</style></head>
<body><h1>groundgate — verdicts, evidence and latency</h1>{_selector(range_text, choices)}
<div class="grid">{cards}</div></body></html>"""


ELSEWHERE = """<!doctype html><html><head><meta charset="utf-8"><title>groundgate: no dashboard here</title></head>
<body style="font-family: sans-serif; max-width: 42em; margin: 2em auto">
<h1>No dashboard on this worker</h1>
<p>This worker writes no audit (<code>GROUNDGATE_AUDIT=off</code>), so it has no store to show.
The dashboard and the session pages are served by the <code>groundgate audit</code> process that writes
this deployment's store, on that process's <code>GROUNDGATE_WEB_PORT</code>.</p>
<p>This port serves <a href="/metrics">/metrics</a>, <a href="/healthz">/healthz</a> and
<a href="/readyz">/readyz</a>.</p>
</body></html>
"""
"""What a worker without a store answers for the dashboard's pages: where they are."""

