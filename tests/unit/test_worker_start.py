"""``groundgate worker`` prepares on the broker (topics, an earlier run's memberships) while it
builds the app, not before: on the way to "worker ready" a restart pays the longer of the two."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import app.kafka.prepare
import app.worker
from app import cli
from app.errors import UnreachableError
from app.settings import Settings

SETTINGS = Settings(bootstrap_servers="127.0.0.1:1")


class Built(Exception):
    """Stands for everything after the build (Faust's worker), which these tests do not start."""


def test_the_worker_prepares_on_the_broker_while_it_builds_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    building = threading.Event()
    seen: dict[str, Any] = {}

    async def prepare_worker(settings: Settings, bootstrap: str) -> None:
        seen["bootstrap"] = bootstrap
        # One after the other, the build would start only after this and the wait would run out.
        seen["built meanwhile"] = await asyncio.to_thread(building.wait, 30)

    def build_worker(settings: Settings, bootstrap: str) -> Any:
        building.set()
        raise Built

    monkeypatch.setattr(app.kafka.prepare, "prepare_worker", prepare_worker)
    monkeypatch.setattr(app.worker, "build_worker", build_worker)
    with pytest.raises(Built):
        cli.cmd_worker(SETTINGS)
    assert seen == {"bootstrap": "127.0.0.1:1", "built meanwhile": True}


def test_a_broker_the_preparation_cannot_reach_stops_the_worker_before_it_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def prepare_worker(settings: Settings, bootstrap: str) -> None:
        raise UnreachableError("no broker at 127.0.0.1:1")

    monkeypatch.setattr(app.kafka.prepare, "prepare_worker", prepare_worker)
    monkeypatch.setattr(app.worker, "build_worker", lambda settings, bootstrap: object())
    with pytest.raises(UnreachableError, match="no broker"):
        cli.cmd_worker(SETTINGS)
