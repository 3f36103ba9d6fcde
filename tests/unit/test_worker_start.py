"""``groundgate worker`` checks its topics on the broker while it builds the app, not before (on
the way to "worker ready" a restart pays the longer of the two), and ends an earlier run's group
memberships only after the build, just before it joins."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import app.kafka.prepare
import app.worker
from app import cli
from app.errors import UnreachableError
from app.kafka import members
from app.settings import Settings

SETTINGS = Settings(bootstrap_servers="127.0.0.1:1", worker_id="w-start")


class Built(Exception):
    """Stands for everything after the start-up (Faust's worker), which these tests do not run."""


def test_the_worker_checks_its_topics_while_it_builds_and_leaves_old_memberships_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    building = threading.Event()
    steps: list[Any] = []

    async def prepare(settings: Settings, bootstrap: str) -> None:
        # One after the other, the build would start only after this and the wait would run out.
        steps.append(("topics checked, built meanwhile", await asyncio.to_thread(building.wait, 30)))

    def build_worker(settings: Settings, bootstrap: str) -> Any:
        building.set()
        steps.append("built")
        return object()

    async def leave_stale(settings: Settings, bootstrap: str, worker_id: str) -> list[str]:
        steps.append(("left", bootstrap, worker_id))
        raise Built

    monkeypatch.setattr(app.kafka.prepare, "prepare", prepare)
    monkeypatch.setattr(app.worker, "build_worker", build_worker)
    monkeypatch.setattr(members, "leave_stale", leave_stale)
    with pytest.raises(Built):
        cli.cmd_worker(SETTINGS)
    assert steps == ["built", ("topics checked, built meanwhile", True), ("left", "127.0.0.1:1", "w-start")]


def test_a_broker_the_topic_check_cannot_reach_stops_the_worker_before_it_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    async def prepare(settings: Settings, bootstrap: str) -> None:
        raise UnreachableError("no broker at 127.0.0.1:1")

    async def leave_stale(settings: Settings, bootstrap: str, worker_id: str) -> list[str]:
        pytest.fail("nothing is left before the topics are there")

    monkeypatch.setattr(app.kafka.prepare, "prepare", prepare)
    monkeypatch.setattr(app.worker, "build_worker", lambda settings, bootstrap: object())
    monkeypatch.setattr(members, "leave_stale", leave_stale)
    with pytest.raises(UnreachableError, match="no broker"):
        cli.cmd_worker(SETTINGS)
