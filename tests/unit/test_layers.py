"""The layer rule: agents → app adapters → app/domain → events; each imports only below it (import-linter
holds the whole graph of app/ by the contracts in pyproject.toml; the tests below say the rule per folder)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
COMPOSITION_ROOT = {"app/worker.py", "app/cli.py", "app/__main__.py", "app/stack.py"}
THIRD_PARTY_IN_DOMAIN = {"pydantic", "wordfreq"}  # wordfreq: a word-frequency table read from its own wheel, no I/O else


def imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", files("events"), ids=lambda p: str(p.relative_to(ROOT)))
def test_events_is_the_wire_contract_only(path: Path) -> None:
    assert not {i for i in imports(path) if i.split(".")[0] in {"app", "agents"}}


@pytest.mark.parametrize("path", files("app/domain"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_domain_imports_only_events_and_the_stdlib(path: Path) -> None:
    import sys

    bad = set()
    for name in imports(path):
        top = name.split(".")[0]
        if name.startswith("app.") and not name.startswith("app.domain"):
            bad.add(name)
        elif top not in {"app", "events", "__future__"} | THIRD_PARTY_IN_DOMAIN and top not in sys.stdlib_module_names:
            bad.add(name)
    assert not bad


@pytest.mark.parametrize("path", [p for p in files("app") if str(p.relative_to(ROOT)) not in COMPOSITION_ROOT],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_app_adapters_never_import_agents(path: Path) -> None:
    assert not {i for i in imports(path) if i.split(".")[0] == "agents"}


@pytest.mark.parametrize("path", files("agents"), ids=lambda p: str(p.relative_to(ROOT)))
def test_agents_do_not_import_the_composition_root(path: Path) -> None:
    assert not {i for i in imports(path) if i in {"app.worker", "app.cli", "app.stack"}}


@pytest.mark.parametrize("path", files("app") + files("agents"), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_prompt_text_inside_python(path: Path) -> None:
    text = path.read_text().lower()
    assert "you are a" not in text and "you are the" not in text


LAYERS = "agents → app adapters → app/domain → events, the composition root on top"


def contracts() -> list[dict[str, object]]:
    import tomllib

    found: list[dict[str, object]] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    return found


def test_every_import_keeps_the_layers_and_no_package_has_a_circle() -> None:
    """import-linter over the real import graph (type-checking imports included): each layer of
    pyproject's contract imports only the layers below it, and no modules of one package import
    each other in a circle."""
    import subprocess
    import sys

    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "2 kept, 0 broken" in done.stdout


def test_the_layers_name_every_module_of_app() -> None:
    """A module or package added under app/ has to find its floor in the contract, or this fails."""
    [layers] = [c["layers"] for c in contracts() if c["name"] == LAYERS]
    named = {m.strip() for layer in layers for m in str(layer).split("|")}  # type: ignore[attr-defined]
    tops = {f"app.{p.stem}" for p in (ROOT / "app").glob("*.py") if p.stem != "__init__"}
    tops |= {f"app.{p.name}" for p in (ROOT / "app").iterdir() if (p / "__init__.py").exists()}
    assert tops - named == set()
    assert {"agents", "events"} <= named
