"""The Grafana dashboard is generated from the dashboard SQL files and provisioned by compose."""

from __future__ import annotations

import json
import re
from pathlib import Path

from app.audit import grafana
from app.audit.dashboard import queries

ROOT = Path(__file__).resolve().parents[2]


def test_the_checked_in_grafana_dashboard_matches_the_queries() -> None:
    assert grafana.OUT.read_text() == grafana.render(), "run `python -m app.audit.grafana --write`"
    panels = json.loads(grafana.OUT.read_text())["panels"]
    assert [p["title"] for p in panels] == [q.title for q in queries()]
    assert all(p["datasource"]["type"] == "grafana-clickhouse-datasource" for p in panels)
    for p in panels:  # Grafana's time picker drives every panel
        sql = p["targets"][0]["rawSql"]
        assert "$__timeFilter(" in sql or "$__fromTime" in sql, p["title"]


def test_docker_compose_provisions_grafana_with_the_dashboard() -> None:
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "./deploy/grafana/dashboards:/var/lib/grafana/dashboards" in compose
    assert "grafana-clickhouse-datasource" in compose
    for service in ("kafka:", "clickhouse:", "worker:", "audit:", "grafana:"):
        assert f"  {service}" in compose


def test_docker_compose_is_secured_by_default() -> None:
    compose = (ROOT / "docker-compose.yml").read_text()
    ports = re.findall(r'ports: \["([^"]+)"\]', compose)
    assert ports and all(p.startswith("127.0.0.1:") for p in ports), ports
    assert "PASSWORD: ${" in compose and not re.search(r"PASSWORD: [\w\"]", compose)  # from the environment only
    assert 'GF_AUTH_ANONYMOUS_ENABLED: "false"' in compose
    assert 'GROUNDGATE_AUDIT: "off"' in compose and '["groundgate", "audit"]' in compose
    datasource = (ROOT / "deploy/grafana/provisioning/datasources/clickhouse.yml").read_text()
    assert "password: $CLICKHOUSE_READER_PASSWORD" in datasource and "username: grafana" in datasource


def test_panels_fit_their_data() -> None:
    """The verdict mix is bars stacked by verdict over time, each verdict its colour; a bar chart
    is drawn over the categorical column its query names, not a numeric axis."""
    panels = {p["title"]: p for p in grafana.build()["panels"]}
    for q in queries():
        p = panels[q.title]
        if q.chart == "stacked":
            assert p["type"] == "timeseries" and p["targets"][0]["format"] == grafana.TIME_SERIES
            assert p["fieldConfig"]["defaults"]["custom"]["stacking"]["mode"] == "normal"
            colours = {o["matcher"]["options"]: o["properties"][0]["value"]["fixedColor"]
                       for o in p["fieldConfig"]["overrides"]}
            assert set(colours) == {f".*{v}.*" for v in ("PASS", "LOW_CONFID", "REJECT")}
        elif q.chart == "bar":
            assert q.x and p["type"] == "barchart" and p["options"]["xField"] == q.x, q.name
        else:
            assert p["type"] == "table"
    assert {q.name: q.x for q in queries() if q.chart == "bar"} == {
        "02_groundedness_distribution": "score", "04_composer_fallback": "composer_status",
        "05_fabricated_entities": "entity"}
