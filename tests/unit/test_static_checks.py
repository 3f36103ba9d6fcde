"""The code stays lint-clean (ruff, incl. ASYNC and DTZ) and type-checks (mypy)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=240)


@pytest.mark.skipif(shutil.which("ruff", path=str(Path(sys.executable).parent)) is None, reason="ruff not installed")
def test_ruff_is_clean() -> None:
    out = run("ruff", "check", "app", "agents", "events", "tests", "bench")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean() -> None:
    pytest.importorskip("mypy")
    out = run("mypy", "app", "agents", "events")
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_worker_without_its_own_audit_store_or_model_roles_imports_none_of_their_clients() -> None:
    """What ``groundgate worker`` imports before it joins its group is time a restarted worker is
    not ready; with ``GROUNDGATE_AUDIT=off`` it never opens a store (app/audit/store.py imports
    clickhouse-connect when a store is opened), never runs the audit writer (agents/audit.py
    imports it only with ``inline``) and, with offline roles, never makes an HTTP call to a model."""
    unused = ("clickhouse_connect", "app.audit.sink", "httpx", "openai")
    out = subprocess.run([sys.executable, "-c", "import sys, faust, app.cli, app.worker, agents; "
                          f"print(sorted(m for m in sys.modules if m.startswith({unused!r})))"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
