"""The dashboard page renders whatever ClickHouse returns, NaN and empty results included."""

from __future__ import annotations

import math

from app.dashboard import Panel, Query, render_html, render_text


def panel(chart: str, rows: list[tuple]) -> Panel:  # type: ignore[type-arg]
    return Panel(Query("x", "X", chart, "SELECT 1"), ["label", "value"], rows)


def test_non_finite_numbers_and_empty_panels_render() -> None:
    panels = [panel("bar", [("a", math.nan), ("b", 2.0), ("c", math.inf)]), panel("table", [("a", math.nan)]),
              panel("bar", []), Panel(Query("e", "E", "table", ""), [], [], error="boom")]
    page = render_html(panels)
    assert page.count("<svg") == 1 and "no data in this window" in page and "boom" in page and "–" in page
    assert "–" in render_text(panels)
