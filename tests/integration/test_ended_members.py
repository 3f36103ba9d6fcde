"""A run that ended leaves its static memberships (KIP-345) to whoever starts next: a static
member does not leave its groups when it stops, and a dead one stays until its session times
out, so a worker started under a new id (a replaced pod) joined beside it and waited 10–16 s on
Apache Kafka. The next worker removes it by its group.instance.id (LeaveGroup v3, as Kafka's
Admin ``removeMembersFromConsumerGroup`` does).

The check is on the group's member list, not on a time."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from app.kafka import members
from app.kafka.broker import ensure_topics
from app.settings import Settings
from tests.integration.test_members import members_of

pytestmark = pytest.mark.brokers("kafka")  # static membership: on without the Tansu tuning

STATIC_MEMBER = r"""
import asyncio, sys
from aiokafka import AIOKafkaConsumer

async def main():
    c = AIOKafkaConsumer(sys.argv[2], bootstrap_servers=sys.argv[1], group_id=sys.argv[3],
                         group_instance_id=sys.argv[4], session_timeout_ms=30000, heartbeat_interval_ms=1000)
    await c.start()
    while not c.assignment():
        await asyncio.sleep(0.05)
    print("joined", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def join_and_die(bootstrap: str, topic: str, groups: tuple[str, ...], instance_ids: list[str]) -> None:
    """Static members of each group, together, SIGKILLed once each holds its partitions."""
    procs = [subprocess.Popen([sys.executable, "-c", STATIC_MEMBER, bootstrap, topic, g, i],
                              stdout=subprocess.PIPE, text=True) for g in groups for i in instance_ids]
    try:
        for proc in procs:
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "joined"
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)


def test_the_static_members_of_ended_runs_are_removed_by_their_instance_id(broker: object, tmp_path: Path) -> None:
    bootstrap: str = broker.bootstrap  # type: ignore[attr-defined]
    settings = Settings(app_id="ended-test", topic_prefix="ended-test.", data_dir=tmp_path)
    topic = "ended-test.query"
    asyncio.run(ensure_topics(Settings(), bootstrap, [topic], partitions=2))
    groups = members.groups_of(settings)
    join_and_die(bootstrap, topic, groups, ["gone-host_6066", "live-host_6066"])
    for group in groups:  # killed, both still members for their 30 s session
        assert len(asyncio.run(members_of(bootstrap, group))) == 2

    left = asyncio.run(members.end_static(settings, bootstrap, ["gone-host_6066"]))

    assert sorted(left) == sorted(groups)
    for group in groups:
        assert len(asyncio.run(members_of(bootstrap, group))) == 1, "only the named instance is removed"
    assert sorted(asyncio.run(members.end_static(settings, bootstrap, ["live-host_6066"]))) == sorted(groups)
    for group in groups:
        assert asyncio.run(members_of(bootstrap, group)) == []
    # a member already gone is simply gone: no error, no retry
    asyncio.run(members.end_static(settings, bootstrap, ["gone-host_6066"]))
