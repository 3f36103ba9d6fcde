"""The session table's changelog is one Kafka compacts (``app.kafka.changelog``): a new deployment's
is created with the configs that let the cleaner reach it, an older one is aligned to them at a
worker's start (an operator's own value left, a refusal said with the command to run), and on
Apache Kafka a worker under a new id rebuilds its table from far fewer records than were written,
with every session of it still there."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType

from app.kafka import broker, changelog, clients, topics
from app.kafka.broker import ensure_every_topic
from app.settings import Settings
from tests.integration.harness import Cluster, query, unique

QUESTION = "Why is ingest-node-03 failing to write logs with no space left on device?"
BEFORE = {"cleanup.policy": "compact", "max.message.bytes": str(topics.MAX_REQUEST_BYTES)}
"""What a worker created the changelog with before ``app.kafka.changelog``."""


def settings_of(cluster: Cluster) -> Settings:
    return Settings(topic_prefix=cluster.prefix)


async def configs_of(bootstrap: str, topic: str) -> dict[str, str]:
    admin = clients.admin(Settings(), bootstrap)
    await admin.start()
    try:
        got = await admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, topic)])
        return {k: d.value or "" for k, d in changelog.described(got[0]).items()}
    finally:
        await admin.close()


async def create(bootstrap: str, topic: str, configs: dict[str, str]) -> None:
    admin = clients.admin(Settings(), bootstrap)
    await admin.start()
    try:
        await admin.create_topics([NewTopic(topic, 4, 1, topic_configs=configs)])
        await broker.listed(admin, [topic], 15)  # as a topic made before a worker's start is
    finally:
        await admin.close()


def test_a_new_deployments_changelog_is_created_for_kafka_to_compact(cluster: Cluster) -> None:
    settings = settings_of(cluster)
    asyncio.run(ensure_every_topic(settings, cluster.bootstrap))
    got = asyncio.run(configs_of(cluster.bootstrap, topics.changelog(settings.group_id)))
    assert {k: got.get(k) for k in changelog.CONFIGS} == changelog.CONFIGS
    assert got["max.message.bytes"] == str(topics.MAX_REQUEST_BYTES)


def test_an_older_changelog_is_aligned_at_start_and_an_operators_value_left(
        cluster: Cluster, caplog: pytest.LogCaptureFixture) -> None:
    settings = settings_of(cluster)
    name = topics.changelog(settings.group_id)
    asyncio.run(create(cluster.bootstrap, name, {**BEFORE, "segment.ms": "300000"}))
    with caplog.at_level(logging.WARNING, logger="app.kafka.changelog"):
        asyncio.run(ensure_every_topic(settings, cluster.bootstrap))
    got = asyncio.run(configs_of(cluster.bootstrap, name))
    said = caplog.text
    assert got["segment.ms"] == "300000", "the topic's own value is the operator's"
    if cluster.kind == "tansu":  # no AlterConfigs (and every config described as a default): it says
        assert "kafka-configs.sh" in said and f"--entity-name {name}" in said  # what to run; Tansu never compacts
        return
    assert "segment.ms=300000" in said and "left as it is" in said
    assert {k: got[k] for k in ("max.compaction.lag.ms", "delete.retention.ms")} == \
        {k: changelog.CONFIGS[k] for k in ("max.compaction.lag.ms", "delete.retention.ms")}
    assert {k: got[k] for k in BEFORE} == BEFORE, "what the topic set before is kept"
    assert "max.compaction.lag.ms=60000" in said and "which inherited" in said


def one_per_partition(partitions: int) -> list[str]:
    """New session ids, one on each partition (as the worker's own producer partitions keys)."""
    ids: dict[int, str] = {}
    while len(ids) < partitions:
        sid = unique("compact-late")
        ids.setdefault(topics.partition_of(sid.encode(), partitions), sid)
    return list(ids.values())


async def _replayed(bootstrap: str, topic: str) -> tuple[int, int]:
    """(records written, records a reader from the start gets now) on ``topic``."""
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False, fetch_max_wait_ms=50)
    await c.start()
    try:
        tps = [TopicPartition(topic, p) for p in await clients.partitions(c, topic)]
        ends = await c.end_offsets(tps)
        c.assign(tps)
        await c.seek_to_beginning(*tps)
        read, left = 0, {tp for tp in tps if ends[tp] > 0}
        deadline = time.monotonic() + 30
        while left and time.monotonic() < deadline:
            for tp, records in (await c.getmany(timeout_ms=200)).items():
                read += len(records)
                if records and records[-1].offset + 1 >= ends[tp]:
                    left.discard(tp)
        return sum(ends.values()), read
    finally:
        await c.stop()


@pytest.mark.brokers("kafka")
def test_a_worker_under_a_new_id_rebuilds_its_table_from_a_compacted_changelog(cluster: Cluster) -> None:
    """The changelog's minute made a second (its own values, which a worker leaves): once Kafka's
    cleaner ran (every 15 s at most), a worker under a new id reads a fraction of what was written
    and still knows every session: a different question under an answered session's id is refused."""
    settings = settings_of(cluster)
    name = topics.changelog(settings.group_id)
    asyncio.run(create(cluster.bootstrap, name, {**BEFORE, **changelog.CONFIGS, "segment.ms": "1000",
                                                 "max.compaction.lag.ms": "1000"}))
    a = cluster.worker(GROUNDGATE_WORKER_ID="first").start()
    sids = [unique("compact") for _ in range(30)]
    asyncio.run(cluster.produce("query", [query(s, QUESTION) for s in sids]))
    answers = asyncio.run(cluster.answers(set(sids), timeout_s=120))
    assert all(answers.get(s) for s in sids), a.tail()
    time.sleep(1.5)  # a partition's active segment rolls at its next write after a segment.ms, and
    late = one_per_partition(settings.partitions)  # the cleaner never reaches an active segment
    asyncio.run(cluster.produce("query", [query(s, QUESTION) for s in late]))
    answered = asyncio.run(cluster.answers(set(late), timeout_s=60))
    assert all(answered.get(s) for s in late), a.tail()
    a.stop()

    deadline = time.monotonic() + 90
    while True:
        written, replayed = asyncio.run(_replayed(cluster.bootstrap, name))
        if replayed * 3 <= written or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert written >= 4 * len(sids), f"{written} changelog records for {len(sids)} sessions"
    assert replayed * 3 <= written, f"{replayed} of {written} changelog records left: Kafka did not compact it"

    b = cluster.worker(GROUNDGATE_WORKER_ID="second", GROUNDGATE_DATA_DIR=str(cluster.tmp / "data-second")).start()
    asyncio.run(cluster.produce("query", [query(s, "Why is the nightly backup job slow?") for s in sids]))

    def all_refused(msgs: list[dict[str, Any]]) -> bool:
        return set(sids) <= {m.get("session_id") for m in msgs}

    dead = asyncio.run(cluster.read_all("dead-letter", until=all_refused, timeout_s=60))
    again = asyncio.run(cluster.answers(set(), timeout_s=1, settle_s=2))
    assert not [s for s in sids if len(again.get(s, [])) > 1], "a session the table lost was answered again"
    assert all_refused(dead), f"{len(set(sids) - {m.get('session_id') for m in dead})} not refused:\n{b.tail()}"
