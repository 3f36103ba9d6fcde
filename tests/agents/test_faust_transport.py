"""The two Faust defaults the worker replaces (``app/kafka/faust_transport.py``): the table
manager starts without Faust's fixed one-second sleep (the consumer subscribes, and the group
join starts, only after it, so the sleep made every restart a second slower), and the worker's
consumer waits at most ``FETCH_MAX_WAIT_MS`` for a fetch, not Faust's 1.5 s."""

from __future__ import annotations

import asyncio
from typing import Any

from app.kafka import faust_transport
from app.kafka.runtime import build_runtime
from app.settings import Settings
from tests.unit.factories import offline_roles


def test_the_table_manager_registers_the_tables_without_sleeping(tmp_path: Any) -> None:
    rt = build_runtime(Settings(topic_prefix="t.", app_id="tm-test", partitions=4, data_dir=tmp_path),
                       "127.0.0.1:1", offline_roles())
    rt.app.finalize()
    manager = rt.app.tables
    assert isinstance(manager, faust_transport.TableManager)
    calls: list[str] = []

    async def sleep(seconds: float, *args: Any, **kwargs: Any) -> None:
        calls.append(f"sleep {seconds:g}")

    async def update_channels() -> None:
        calls.append("tables registered")

    async def start_recovery() -> None:
        calls.append("recovery started")

    manager.sleep = sleep  # type: ignore[method-assign]
    manager._update_channels = update_channels  # type: ignore[method-assign]
    manager.recovery.start = start_recovery  # type: ignore[method-assign]
    asyncio.run(manager.on_start())
    assert calls == ["tables registered", "recovery started"]


def test_the_worker_consumer_waits_at_most_the_short_fetch_wait(tmp_path: Any) -> None:
    """Faust hard-codes a 1.5 s fetch wait, and Tansu answers a waiting fetch only when it ends:
    the worker's consumer is built with ``FETCH_MAX_WAIT_MS`` instead."""
    rt = build_runtime(Settings(topic_prefix="t.", app_id="fw-test", partitions=4, data_dir=tmp_path),
                       "127.0.0.1:1", offline_roles())
    rt.app.finalize()

    async def build() -> Any:
        thread = rt.app.consumer._new_consumer_thread()
        return thread._create_worker_consumer(rt.app.transport)

    consumer = asyncio.run(build())
    assert consumer._fetch_max_wait_ms == faust_transport.FETCH_MAX_WAIT_MS
    assert faust_transport.FETCH_MAX_WAIT_MS <= 10
