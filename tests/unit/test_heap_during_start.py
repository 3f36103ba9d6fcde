"""The cyclic collector is paused while a worker imports and builds itself (no I/O, only what the
process keeps: app/heap.py) and runs as before around it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from app import cli, heap
from app.settings import Settings


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_the_collector_is_paused_inside_and_as_it_was_after() -> None:
    gc.enable()
    with heap.paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with heap.paused():
        pass
    assert not gc.isenabled()


def test_a_failure_inside_leaves_the_collector_as_it_was() -> None:
    gc.enable()
    with pytest.raises(RuntimeError), heap.paused():
        raise RuntimeError("a failed build")
    assert gc.isenabled()


class _Built(Exception):
    pass


def test_a_worker_builds_itself_with_the_collector_paused_and_prepares_with_it_running(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import app.worker

    seen: dict[str, bool] = {}

    async def prepare(settings: Settings, bootstrap: str) -> None:
        seen["prepare"] = gc.isenabled()

    def build(settings: Settings, bootstrap: str) -> None:
        seen["build"] = gc.isenabled()
        raise _Built

    monkeypatch.setattr(app.worker, "prepare_worker", prepare)
    monkeypatch.setattr(app.worker, "build_worker", build)
    gc.enable()
    with pytest.raises(_Built):
        cli.cmd_worker(Settings(bootstrap_servers="127.0.0.1:9", data_dir=tmp_path))
    assert seen == {"prepare": True, "build": False}
    assert gc.isenabled()
