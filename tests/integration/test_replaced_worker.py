"""A worker started under a new id in place of one that died (a replaced pod) joins at once: it
removes the dead run's static membership (``app.kafka.ended``) instead of waiting for that
member's session to run out. With a 60 s session, the join would wait a minute without it."""

from __future__ import annotations

import asyncio
import signal

import pytest

from app.kafka import members
from app.settings import Settings
from tests.integration.harness import Cluster
from tests.integration.test_members import members_of
from tests.integration.test_worker_identity import elsewhere, still_serving

pytestmark = pytest.mark.brokers("kafka")  # static membership: on without the Tansu tuning

LONG_SESSION = {"GROUNDGATE_SESSION_TIMEOUT_S": "60"}


def test_a_worker_replacing_a_killed_one_under_a_new_id_does_not_wait_for_its_session(cluster: Cluster) -> None:
    peer = cluster.worker(GROUNDGATE_WORKER_ID="w-peer", **LONG_SESSION).start(ready_timeout_s=60)
    gone = cluster.worker(GROUNDGATE_WORKER_ID="w-gone", **LONG_SESSION, **elsewhere(cluster, "host-a"))
    gone.start(ready_timeout_s=60)
    gone.signal(signal.SIGKILL)

    new = cluster.worker(GROUNDGATE_WORKER_ID="w-new", **LONG_SESSION, **elsewhere(cluster, "host-b"))
    new.start(ready_timeout_s=30)

    assert "removed the static members of ended run(s) w-gone" in new.tail(300)
    settings = Settings(topic_prefix=cluster.prefix)
    for group in members.groups_of(settings):
        left = asyncio.run(members_of(cluster.bootstrap, group))
        assert not [m for m in left if m.startswith("w-gone-")], (group, left)
        assert [m for m in left if m.startswith("w-peer-")], "the live peer is not touched"
    still_serving(cluster, new)
    still_serving(cluster, peer)
