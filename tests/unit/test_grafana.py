"""The Grafana dashboard is generated from the dashboard SQL files and provisioned by compose."""

from __future__ import annotations

import json
from pathlib import Path

from app import grafana
from app.dashboard import queries

ROOT = Path(__file__).resolve().parents[2]


def test_the_checked_in_grafana_dashboard_matches_the_queries() -> None:
    assert grafana.OUT.read_text() == grafana.render(), "run `python -m app.grafana --write`"
    panels = json.loads(grafana.OUT.read_text())["panels"]
    assert [p["title"] for p in panels] == [q.title for q in queries()]
    assert all(p["datasource"]["type"] == "grafana-clickhouse-datasource" for p in panels)


def test_docker_compose_provisions_grafana_with_the_dashboard() -> None:
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "./deploy/grafana/dashboards:/var/lib/grafana/dashboards" in compose
    assert "grafana-clickhouse-datasource" in compose
    for service in ("kafka:", "clickhouse:", "worker:", "grafana:"):
        assert f"  {service}" in compose
