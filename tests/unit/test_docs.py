"""The docs say what is: the configuration reference is the settings' own descriptions, every
relative link leads somewhere, and no page reads like a lab notebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.config_view import DOCS, docs_with_reference

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_configuration_reference_is_generated_from_the_settings() -> None:
    text = DOCS.read_text()
    assert text == docs_with_reference(text), "run `python -m app.config_view --write-docs`"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    missing = []
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", page.read_text()):
        if "://" in target:
            continue
        path = (page.parent / target).resolve()
        if not path.exists():
            missing.append(target)
    assert not missing


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_tells_the_history_of_its_runs(page: Path) -> None:
    text = page.read_text().lower()
    assert not re.search(r"\b(this|last|previous|earlier) stop\b|stops ago|this run's|the last run", text)
