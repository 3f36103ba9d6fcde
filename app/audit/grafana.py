"""The Grafana dashboard (ClickHouse datasource) built from the same SQL files as the served
page; ``python -m app.audit.grafana --write`` regenerates the checked-in JSON, a test checks drift.

Each query's ``-- chart:`` says how its rows are drawn: ``stacked`` is a time series whose second
column names the series (answers per interval, stacked by verdict, each verdict its colour);
``bar`` is a bar per row on a categorical axis, the column named by ``-- x:`` (a score bucket,
an entity, a status), never a numeric axis; anything else is a table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from app.audit.page import VERDICT_COLOURS
from app.audit.panels import Query, queries

OUT = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "dashboards" / "groundgate.json"
DATASOURCE = {"type": "grafana-clickhouse-datasource", "uid": "groundgate-clickhouse"}
TIME_SERIES, TABLE = 0, 1
"""The ClickHouse plugin's result formats: a time series turns a long result (time, label, value)
into one series per label."""


def _target(sql: str, time_series: bool) -> dict[str, Any]:
    return {"refId": "A", "datasource": DATASOURCE, "editorType": "sql",
            "format": TIME_SERIES if time_series else TABLE, "queryType": "timeseries" if time_series else "table",
            "rawSql": sql}


def _verdict_colours() -> list[dict[str, Any]]:
    return [{"matcher": {"id": "byRegexp", "options": f".*{verdict}.*"},
             "properties": [{"id": "color", "value": {"mode": "fixed", "fixedColor": colour}}]}
            for verdict, colour in VERDICT_COLOURS.items()]


def panel(i: int, q: Query) -> dict[str, Any]:
    sql = "\n".join(ln for ln in q.sql.splitlines() if not ln.strip().startswith("--")).strip()
    out: dict[str, Any] = {"id": i + 1, "title": q.title, "datasource": DATASOURCE,
                           "gridPos": {"h": 8, "w": 12, "x": (i % 2) * 12, "y": (i // 2) * 8}}
    if q.chart == "stacked":
        return {**out, "type": "timeseries", "targets": [_target(sql, True)],
                "fieldConfig": {"defaults": {"custom": {"drawStyle": "bars", "fillOpacity": 80,
                                                        "stacking": {"mode": "normal", "group": "A"}}},
                                "overrides": _verdict_colours()}}
    if q.chart == "bar":
        return {**out, "type": "barchart", "targets": [_target(sql, False)],
                "options": {"xField": q.x, "orientation": "auto", "showValue": "auto"},
                "fieldConfig": {"defaults": {}, "overrides": _verdict_colours()}}
    return {**out, "type": "table", "targets": [_target(sql, False)]}


def build() -> dict[str, Any]:
    return {"uid": "groundgate", "title": "groundgate", "schemaVersion": 39, "version": 1,
            "time": {"from": "now-24h", "to": "now"}, "refresh": "30s",
            "panels": [panel(i, q) for i, q in enumerate(queries())]}


def render() -> str:
    return json.dumps(build(), indent=2) + "\n"


if __name__ == "__main__":
    if "--write" in sys.argv:
        OUT.write_text(render())
    else:
        sys.exit(0 if OUT.is_file() and OUT.read_text() == render() else 1)
