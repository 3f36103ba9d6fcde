"""Docstrings, comments and docs true to the tree: every file path and every dotted name of the
project they mention exists (a file moved or a function renamed leaves no stale pointer behind)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from faust import App as FaustApp

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for folder in ("app", "agents", "events") for p in (ROOT / folder).rglob("*.py"))
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PATH = re.compile(r"(?<![\w/.-])((?:app|agents|events|prompts|docs|deploy|bench|tests)/[\w/.*-]*\w)")
DOTTED = re.compile(r"``((?:app|agents|events)(?:\.\w+)+)``")
CODE_PATH = re.compile(r"`((?:app|agents|events)/[\w/.*<>-]*[\w/])`")


def resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    if parts[0] == "app" and hasattr(FaustApp, parts[1]) and not (ROOT / "app" / parts[1]).exists():
        return True  # ``app.service``: a Faust app's attribute, where ``app`` is the worker's faust.App
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


def stale(path: Path) -> list[str]:
    text = path.read_text()
    out = []
    for ref in sorted(set(PATH.findall(text))):
        if "*" in ref or "NNN" in ref or "<" in ref:
            ref = ref.rsplit("/", 1)[0]  # a pattern: its folder must exist
        if not (ROOT / ref).exists() and ref != "bench/x.py":  # `python bench/x.py`: any benchmark
            out.append(ref)
    out += [name for name in sorted(set(DOTTED.findall(text))) if not resolves(name)]
    return out


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_and_name_a_docstring_mentions_exists(path: Path) -> None:
    assert stale(path) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_page_names_exists(page: Path) -> None:
    """A path the docs name in code type (`app/domain/language.py`, `app/audit/sql/NNN_*.sql`) exists."""
    missing = []
    for ref in sorted(set(CODE_PATH.findall(page.read_text()))):
        if any(c in ref for c in "*<") or "NNN" in ref:
            ref = ref.rsplit("/", 1)[0]
        if not (ROOT / ref).exists():
            missing.append(ref)
    assert missing == []
