"""A prefix is a deployment: two deployments with different ``GROUNDGATE_TOPIC_PREFIX`` and the
same (default) app id on one broker share no consumer group and no topic, so neither's workers
join the other's groups (no rebalance of one by the other), and each answers its own queries."""

from __future__ import annotations

import asyncio
from pathlib import Path

from aiokafka.admin import AIOKafkaAdminClient

from app.kafka.brokers import LocalBroker
from tests.integration.harness import Cluster, group_of, query, unique

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"


async def members_and_topics(bootstrap: str, groups: list[str]) -> tuple[dict[str, int], set[str]]:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        members = {}
        for group in groups:  # one at a time: aiokafka misreads the answer about several
            for resp in await admin.describe_consumer_groups([group]):
                members.update({g[1]: len(g[5]) for g in resp.groups})
        return members, set(await admin.list_topics())
    finally:
        await admin.close()


def test_two_prefixes_on_one_broker_share_no_group_and_no_topic(broker: LocalBroker, broker_kind: str,
                                                                tmp_path: Path) -> None:
    from tests.integration.conftest import create_topics, tuning_for

    deployments = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        c = Cluster(bootstrap=broker.bootstrap, prefix=f"{unique('dep' + name)}.", tmp=tmp_path / name,
                    kind=broker_kind, tuning=tuning_for(broker_kind))
        create_topics(broker.bootstrap, c)
        deployments.append(c)
    try:
        workers = [c.worker().start() for c in deployments]
        sids = [unique("dep") for _ in deployments]
        for c, sid in zip(deployments, sids, strict=True):
            asyncio.run(c.produce("query", [query(sid, DISK)]))
        for c, sid, w in zip(deployments, sids, workers, strict=True):
            assert asyncio.run(c.answers({sid}, timeout_s=60)).get(sid), f"{sid} not answered:\n{w.tail()}"

        stems = [group_of(w.env) for w in workers]
        assert stems[0] != stems[1] and all(s.startswith(c.prefix) for s, c in zip(stems, deployments, strict=True))
        groups = [g for s in stems for g in (s, f"{s}-ledger", f"{s}-audit")]
        members, on_broker = asyncio.run(members_and_topics(broker.bootstrap, groups))
        assert members == dict.fromkeys(groups, 1), f"a group with another deployment's members: {members}"
        for stem in stems:
            assert f"{stem}-diagnosis_session-changelog" in on_broker, "the changelog carries the prefix"
    finally:
        for c in deployments:
            for w in c.workers:
                w.stop()
