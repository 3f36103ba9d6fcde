"""The brokers the integration tests run on: each test that takes ``broker`` or ``cluster`` runs once
on the embedded Tansu and once on Apache Kafka (which skips, saying why, where Java is absent).

- ``GROUNDGATE_TEST_BROKERS=tansu`` (or ``kafka``) runs one kind only;
- ``GROUNDGATE_TEST_BROKER_TUNING=off`` runs the workers on Tansu without the Tansu tuning too
  (``app/kafka/tuning.py``); by default a worker runs as ``groundgate`` would on that broker: tuned on
  the embedded Tansu, untuned on Kafka. Untuned on Tansu the workers are dynamic group members
  (``GROUNDGATE_STATIC_MEMBERSHIP=false``): Tansu holds a join beside a dead static member for a
  minute and more, and static membership is a Kafka feature, not a patch;
- ``@pytest.mark.brokers("tansu")`` keeps a test to the kinds named (a test of a Tansu correction).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.kafka.broker import ensure_topics
from app.kafka.brokers import KINDS, LocalBroker, start_broker, unavailable
from app.settings import Settings
from tests.integration.harness import Cluster, unique

BROKERS_VARIABLE = "GROUNDGATE_TEST_BROKERS"
TUNING_VARIABLE = "GROUNDGATE_TEST_BROKER_TUNING"


def kinds_to_run() -> tuple[str, ...]:
    wanted = [k.strip() for k in os.environ.get(BROKERS_VARIABLE, ",".join(KINDS)).split(",") if k.strip()]
    unknown = set(wanted) - set(KINDS)
    if unknown:
        raise pytest.UsageError(f"{BROKERS_VARIABLE}: unknown broker kind(s) {sorted(unknown)}; known: {KINDS}")
    return tuple(wanted)


def tuning_for(kind: str) -> str:
    """The worker's GROUNDGATE_BROKER_TUNING on a broker of this kind."""
    forced = os.environ.get(TUNING_VARIABLE, "").strip()
    if forced:
        return forced
    return "tansu" if kind == "tansu" else "off"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "broker_kind" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("brokers")
    allowed = set(marker.args) if marker else set(KINDS)
    kinds = [k for k in kinds_to_run() if k in allowed]
    if not kinds:
        kinds = [k for k in KINDS if k in allowed]  # collected, then skipped by the fixture (not run here)
    metafunc.parametrize("broker_kind", kinds, indirect=True, scope="session")


@pytest.fixture(scope="session")
def broker_kind(request: pytest.FixtureRequest) -> str:
    kind = str(request.param)
    if kind not in kinds_to_run():
        pytest.skip(f"{BROKERS_VARIABLE}={os.environ.get(BROKERS_VARIABLE)} leaves {kind} out")
    if why := unavailable(kind):  # type: ignore[arg-type]
        pytest.skip(f"Apache Kafka tests skipped: {why}")
    return kind


KAFKA_AS_SHIPPED = {"group.initial.rebalance.delay.ms": "0"}
"""What Apache Kafka's own ``config/server.properties`` sets for a one-node cluster ("a better
out-of-the-box experience for development and testing"): a new group's first join is not held
3 s for more members. The tests start a worker ~100 times on Kafka, each joining new groups; the
benchmarks and ``groundgate broker --kind kafka`` keep the 3 s production default."""


@pytest.fixture(scope="session")
def broker(broker_kind: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalBroker]:
    log = tmp_path_factory.mktemp(f"broker-{broker_kind}") / f"{broker_kind}.log"
    b = start_broker(broker_kind, log_path=log,  # type: ignore[arg-type]
                     properties=KAFKA_AS_SHIPPED if broker_kind == "kafka" else None)
    try:
        yield b
    finally:
        b.stop()


@pytest.fixture
def tuned(broker_kind: str) -> bool:
    """Whether the workers of this test run with the Tansu tuning."""
    return tuning_for(broker_kind) == "tansu"


def create_topics(bootstrap: str, c: Cluster) -> None:
    """A deployment's topics, as its first worker creates them (Apache Kafka refuses a record over
    its 1 MB default unless the topic says otherwise; the workers' take the wire contract's limit)."""
    from app.kafka import topics

    asyncio.run(ensure_topics(Settings(), bootstrap, [c.topic(t) for t in topics.ALL], 4,
                              max_message_bytes=topics.MAX_REQUEST_BYTES))


@pytest.fixture
def cluster(broker: LocalBroker, broker_kind: str, tmp_path: Path) -> Iterator[Cluster]:
    """Own topics (a unique prefix) on the shared broker; every worker started is reaped."""
    c = Cluster(bootstrap=broker.bootstrap, prefix=f"{unique('t')}.", tmp=tmp_path, kind=broker_kind,
                tuning=tuning_for(broker_kind))
    create_topics(broker.bootstrap, c)
    try:
        yield c
    finally:
        for w in c.workers:
            w.stop()
