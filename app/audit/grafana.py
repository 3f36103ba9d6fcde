"""The Grafana dashboard (ClickHouse datasource) built from the same SQL files as the served
page; ``python -m app.audit.grafana --write`` regenerates the checked-in JSON, a test checks drift."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from app.audit.dashboard import queries

OUT = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "dashboards" / "groundgate.json"
DATASOURCE = {"type": "grafana-clickhouse-datasource", "uid": "groundgate-clickhouse"}


def build() -> dict[str, Any]:
    panels = []
    for i, q in enumerate(queries()):
        sql = "\n".join(ln for ln in q.sql.splitlines() if not ln.strip().startswith("--")).strip()
        panels.append({
            "id": i + 1, "title": q.title, "datasource": DATASOURCE,
            "type": "barchart" if q.chart in ("bar", "stacked") else "table",
            "gridPos": {"h": 8, "w": 12, "x": (i % 2) * 12, "y": (i // 2) * 8},
            "targets": [{"refId": "A", "datasource": DATASOURCE, "editorType": "sql", "format": 1,
                         "queryType": "table", "rawSql": sql}],
        })
    return {"uid": "groundgate", "title": "groundgate", "schemaVersion": 39, "version": 1,
            "time": {"from": "now-24h", "to": "now"}, "refresh": "30s", "panels": panels}


def render() -> str:
    return json.dumps(build(), indent=2) + "\n"


if __name__ == "__main__":
    if "--write" in sys.argv:
        OUT.write_text(render())
    else:
        sys.exit(0 if OUT.is_file() and OUT.read_text() == render() else 1)
