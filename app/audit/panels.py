"""A dashboard panel: one SQL file of ``app/audit/sql/queries`` (its title, chart and x column in
``-- key: value`` comments) and, once run, its rows. The text dashboard, the page and the Grafana
dashboard all read the same files."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

QUERY_DIR = Path(__file__).parent / "sql" / "queries"


@dataclass(frozen=True)
class Query:
    name: str
    title: str
    chart: str
    sql: str
    x: str = ""
    """The column a bar chart's categorical axis shows (``-- x:``)."""


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
        out.append(Query(path.stem, meta.get("title", path.stem), meta.get("chart", "table"), text,
                         meta.get("x", "").strip()))
    return out
