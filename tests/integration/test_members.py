"""A worker that died without leaving its groups is gone from them as soon as its next run
starts: that run ends the memberships the dead one left (otherwise its join waits for the dead
member's session to run out: 7 s instead of 2 on the embedded broker, for Faust's group and the
ledger's).

The check is on the group's member list, not on a time."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from aiokafka.admin import AIOKafkaAdminClient

from app.kafka import members
from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.settings import Settings

pytestmark = pytest.mark.brokers("tansu")  # the LeaveGroup of a killed run's members (the Tansu tuning)

MEMBER = r"""
import asyncio, sys
from aiokafka import AIOKafkaConsumer

async def main():
    c = AIOKafkaConsumer(sys.argv[2], bootstrap_servers=sys.argv[1], group_id=sys.argv[3],
                         session_timeout_ms=10000, heartbeat_interval_ms=1000)
    await c.start()
    while not c.assignment():
        await asyncio.sleep(0.05)
    print(c._coordinator.member_id, flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


async def members_of(bootstrap: str, group: str) -> list[str]:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        [resp] = await admin.describe_consumer_groups([group])
        return [m[0] for g in resp.groups for m in g[5]]
    finally:
        await admin.close()


def test_the_next_run_of_a_killed_worker_ends_the_memberships_it_left(broker: EmbeddedBroker, tmp_path: Path) -> None:
    settings = Settings(app_id="members-test", topic_prefix="members-test.", data_dir=tmp_path)
    topic = "members-test.query"
    asyncio.run(ensure_topics(Settings(), broker.bootstrap, [topic], partitions=2))
    # one member per group with a 10 s session, both killed: without a LeaveGroup they stay 10 s
    # (Tansu holds a join for half the session timeout, so the members join in parallel)
    procs = {group: subprocess.Popen([sys.executable, "-c", MEMBER, broker.bootstrap, topic, group],
                                     stdout=subprocess.PIPE, text=True) for group in members.groups_of(settings)}
    dead: dict[str, str] = {}
    try:
        for group, proc in procs.items():
            assert proc.stdout is not None
            dead[group] = proc.stdout.readline().strip()
    finally:
        for proc in procs.values():
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
    for group, member_id in dead.items():
        assert member_id
        members.remember(settings, "w-1", group, member_id)
        assert asyncio.run(members_of(broker.bootstrap, group)) == [member_id]

    members.remember(settings, "w-2", settings.app_id, "another-workers-member-id")
    left = asyncio.run(members.leave_stale(settings, broker.bootstrap, "w-1"))

    assert sorted(left) == sorted(members.groups_of(settings))
    for group in members.groups_of(settings):
        assert asyncio.run(members_of(broker.bootstrap, group)) == []
        assert not members.member_file(settings, "w-1", group).exists(), "each id is ended once"
    assert members.member_file(settings, "w-2", settings.app_id).exists(), "only this worker's ids are touched"
    assert asyncio.run(members.leave_stale(settings, broker.bootstrap, "w-1")) == []
