"""The wall between what is guaranteed and what is fast: every broker-specific override of Faust's and
aiokafka's private internals is switched here, by one setting (``GROUNDGATE_BROKER_TUNING``).

``off`` (the default against any ``KAFKA_BOOTSTRAP_SERVERS``): Faust and aiokafka as published, with
their public settings only. A worker is a static group member (KIP-345, ``group.instance.id`` =
its worker id; ``GROUNDGATE_STATIC_MEMBERSHIP``), so a restart in place gets its partitions back
without a rebalance; the group
session timeout defaults to 10 s (Apache Kafka refuses less than its
``group.min.session.timeout.ms``, 6 s by default). Every guarantee holds with the tuning off, on
Apache Kafka and on Tansu alike: the test suite runs that way (``GROUNDGATE_TEST_BROKER_TUNING=off``).

``tansu`` (``auto`` turns it on where groundgate starts the embedded broker itself): what the
embedded broker's timing and one of its bugs call for, each part documented where it lives:

- the worker's Faust transport ``ggkafka://`` (``app.kafka.faust_transport``): short fetch waits
  and the fetch gate (Tansu does not wake a waiting fetch when a record lands), the express lane,
  a paused reader woken on resume, committed offsets asked at once, a table manager without its
  one-second sleep, table recovery from the record after the last one applied, and a
  partition's end read by a fetch;
- the fetch gate's part in the hand-over of a worker's own events to its agents as the broker
  acknowledges them (``app.kafka.handover``, on with any broker), and Faust's producer without its
  stampede guard;
- aiokafka's group protocol patched process-wide so that a follower syncs after its leader
  (``app.kafka.group_sync``: Tansu holds an early SyncGroup a whole second);
- a LeaveGroup for the member ids a killed run left (``app.kafka.members``) instead of static
  membership, which Tansu serves slowly (a restart after SIGKILL: 14 s to the assignment, 2 s with
  the LeaveGroup, at a 6 s session timeout);
- a partition's end read by a fetch (``app.kafka.offsets.log_ends``: Tansu's ListOffsets stops at
  the first record of the last batch), for the ledger's catch-up and the table's recovery;
- a 2 s group session timeout by default (Tansu holds every JoinGroup for half of it).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from app.kafka import group_sync, members, offsets
from app.settings import Settings

if TYPE_CHECKING:
    from app.kafka.express import ExpressLane
    from app.kafka.runtime import Runtime

TP = TypeVar("TP", bound=tuple[str, int])


def install(settings: Settings) -> None:
    """Process-wide patches the tuning needs before any consumer starts (none when it is off)."""
    if settings.tansu_tuning:
        group_sync.install()


def faust_broker(settings: Settings, bootstrap: str) -> str:
    """Faust's broker URL: the tuned transport, or Faust's own aiokafka transport."""
    return f"{'ggkafka' if settings.tansu_tuning else 'kafka'}://{bootstrap}"


def group_instance_id(settings: Settings, worker_id: str) -> str | None:
    """This worker's static membership id (the same in each of its groups), or None where it is a
    dynamic member (``Settings.static_members``: not with the Tansu tuning). Kafka takes
    ``[A-Za-z0-9._-]`` only, so the id is made file-safe (``host:6066`` → ``host_6066``)."""
    return members.file_safe(worker_id)[:249] if settings.static_members else None


async def partition_ends(settings: Settings, bootstrap: str | Sequence[str], listed: Mapping[TP, int]) -> dict[TP, int]:
    """Where each partition's log ends: ListOffsets' answer, checked by a fetch with the tuning."""
    if not settings.tansu_tuning:
        return dict(listed)
    return await offsets.log_ends(settings, bootstrap, listed)


async def before_join(settings: Settings, bootstrap: str, worker_id: str) -> None:
    """Before a worker joins its groups: with the tuning, end the memberships its killed run left."""
    if settings.tansu_tuning:
        await members.leave_stale(settings, bootstrap, worker_id)


def remember_member(settings: Settings, worker_id: str, group: str, member_id: str | None) -> None:
    """With the tuning, write down this run's member id in ``group`` for the next run's LeaveGroup."""
    if settings.tansu_tuning:
        members.remember(settings, worker_id, group, member_id)


def tune_worker(rt: Runtime) -> None:
    """The worker's tuned paths: the fetch gate's view of the topics and of the hand-over (a record
    an agent left to the stream is fetched at once; one handed over does not open the gate), and
    Faust's producer without its stampede guard. The hand-over itself is the worker's on any broker
    (``app.kafka.runtime.reads_now``: public API only)."""
    if not rt.settings.tansu_tuning:
        return
    from app.kafka import faust_transport

    app, settings = rt.app, rt.settings
    faust_transport.producer_without_stampede(app)
    transport = app.transport
    if not isinstance(transport, faust_transport.Transport):
        return
    transport.settings = settings
    gate = transport.fetch_gate
    # What an idle worker's fetches ask for (app/kafka/faust_transport.py): the client topics.
    from app.kafka import topics

    gate.outside = frozenset(settings.topic(name) for name in topics.CLIENT_WRITES)
    rt.handover.left = lambda topic, partition: gate.acked(topic, time.monotonic(), partition)
    gate.handed = rt.handover.hands


def express_lane_in_faust(settings: Settings) -> bool:
    """Whether the events agents act on go by Faust's producer (the tuned transport's lane)."""
    return settings.tansu_tuning


def express_lane(settings: Settings, bootstrap: str, **options: Any) -> ExpressLane | None:
    """The worker's express lane by public aiokafka calls (``app.kafka.express``); none with the
    tuning, whose transport has that lane inside Faust's producer."""
    if express_lane_in_faust(settings):
        return None
    from app.kafka.express import ExpressLane

    # acknowledged by every in-sync replica, as Faust's producer is by default (``producer_acks``)
    return ExpressLane(settings, bootstrap, acks="all", **options)


def faust_options(settings: Settings) -> dict[str, Any]:
    """Faust settings that belong to the tuned transport."""
    if not settings.tansu_tuning:
        return {}
    from app.kafka import faust_transport

    return {"TableManager": faust_transport.TableManager}
