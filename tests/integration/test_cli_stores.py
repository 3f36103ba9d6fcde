"""``dashboard`` and ``replay`` read the store the worker writes, from any directory, or say in one
line why they cannot: no store there (never a new empty one), or a store another process holds."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.integration.harness import ROOT


def _env(xdg: Path, **extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("GROUNDGATE_", "KAFKA_", "OPENAI_"))}
    return {**base, "XDG_DATA_HOME": str(xdg), **extra}


def gg(*args: str, cwd: Path, xdg: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=cwd, env=_env(xdg, **extra), capture_output=True,
                          text=True, timeout=120)


def one_line(out: subprocess.CompletedProcess[str]) -> str:
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("groundgate: "), out.stderr
    return lines[0]


WRITE = """
from app.audit.opening import open_store
from app.settings import Settings
from events import to_dict
from tests.unit.factories import run_session

store = open_store(Settings())
log, _, _ = run_session("Why do payments-api pods keep restarting with exit code 137?", session_id="st-1")
store.write([("t", to_dict(e)) for e in log], [])
store.close()
"""


@pytest.fixture
def written(tmp_path: Path) -> Path:
    """A store written with the default settings by a process in one directory (chDB holds a path
    for the life of the process that opened it: not this one's); returns the XDG data home."""
    xdg = tmp_path / "xdg"
    worker_dir = tmp_path / "where-the-worker-ran"
    worker_dir.mkdir()
    subprocess.run([sys.executable, "-c", WRITE], cwd=worker_dir, env={**_env(xdg), "PYTHONPATH": str(ROOT)},
                   check=True, timeout=120)
    return xdg


def test_dashboard_and_replay_from_another_directory_read_the_workers_store(written: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "somewhere-else"
    elsewhere.mkdir()
    dash = gg("dashboard", "--range", "7d", cwd=elsewhere, xdg=written)
    assert dash.returncode == 0, dash.stderr
    assert "PASS" in dash.stdout
    replay = gg("replay", cwd=elsewhere, xdg=written)
    assert replay.returncode == 0, replay.stderr
    assert "1 verdict(s) replayed" in replay.stdout


@pytest.mark.parametrize("command", ["dashboard", "replay"])
def test_no_store_is_an_error_that_says_where_it_looked_and_creates_nothing(command: str, tmp_path: Path) -> None:
    out = gg(command, cwd=tmp_path, xdg=tmp_path / "xdg")
    assert out.returncode == 3
    line = one_line(out)
    assert f"no audit store at {tmp_path / 'xdg' / 'groundgate' / 'chdb'}" in line and "groundgate config" in line
    assert not (tmp_path / "xdg" / "groundgate" / "chdb").exists()


@pytest.mark.parametrize("command", ["dashboard", "replay", "ask"])
def test_a_store_another_process_holds_is_one_line_with_what_to_do(command: str, written: Path,
                                                                  tmp_path: Path) -> None:
    """Also ``ask`` (and ``run``), whose embedded stack writes the store: chDB's own lines are kept aside."""
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom app.audit.opening import open_store\n"
         "from app.settings import Settings\nstore = open_store(Settings())\nprint('open', flush=True)\ntime.sleep(60)"],
        cwd=ROOT, env=_env(written), stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        started = time.monotonic()
        out = gg(command, *(["Why is ingest-node-03 out of disk space?"] if command == "ask" else []),
                 cwd=tmp_path, xdg=written)
        assert time.monotonic() - started < 60
    finally:
        holder.kill()
        holder.wait()
    assert out.returncode == 3
    line = one_line(out)
    assert "is open in another process" in line and "GROUNDGATE_AUDIT=off" in line and "Code:" not in out.stderr


def test_prices_are_set_and_listed_for_the_cost_panels(written: Path, tmp_path: Path) -> None:
    assert "no model prices" in gg("prices", cwd=tmp_path, xdg=written).stdout
    out = gg("prices", "--set", "gpt-4o-mini", "0.15", "0.6", cwd=tmp_path, xdg=written)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "gpt-4o-mini  0.15  0.6"
    again = gg("prices", "--set", "gpt-4o-mini", "0.2", "0.8", cwd=tmp_path, xdg=written)
    assert again.stdout.splitlines()[1:] == ["gpt-4o-mini  0.2  0.8"], "a model has one price: the last set"
    bad = gg("prices", "--set", "m", "cheap", "1", cwd=tmp_path, xdg=written)
    assert bad.returncode == 2 and "prices are numbers" in one_line(bad)
