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
