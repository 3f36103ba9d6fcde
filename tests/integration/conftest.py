from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.kafka.broker import EmbeddedBroker, ensure_topics
from tests.integration.harness import Cluster, unique


@pytest.fixture(scope="session")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedBroker]:
    log = tmp_path_factory.mktemp("broker") / "tansu.log"
    with EmbeddedBroker(log_path=log) as b:
        yield b


@pytest.fixture
def cluster(broker: EmbeddedBroker, tmp_path: Path) -> Iterator[Cluster]:
    """Own topics (a unique prefix) on the shared broker; every worker started is reaped."""
    c = Cluster(bootstrap=broker.bootstrap, prefix=f"{unique('t')}.", tmp=tmp_path)
    from app.kafka import topics

    asyncio.run(ensure_topics(broker.bootstrap, [c.topic(t) for t in topics.ALL], 4))
    try:
        yield c
    finally:
        for w in c.workers:
            w.stop()
