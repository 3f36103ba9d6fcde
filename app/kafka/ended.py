"""A worker started in place of a run that ended ends the static memberships that run left.

A static member (KIP-345, on without the Tansu tuning) does not leave its groups when it stops,
and a killed one stays a member until its session times out: a restart under the same worker id
takes its place with no rebalance, but a worker started under a new id (a replaced pod with a new
host name) joins beside the absent member, and the group waits for it (ready 10–16 s after each
restart on Apache Kafka, SIGKILL and SIGTERM alike). The workers topic tells which runs ended:
a last beat "stopping", or no beat for ``identity.WATCH_S`` where a live run beats every
``identity.BEAT_S``. As it starts, a worker removes those runs' members from its groups by
their group.instance.id (``members.end_static``), beside its start (a thread of its own), so that
watching a run that may have died for its next beat costs the start nothing: a removal that comes
after the worker's join ends the group's wait for the dead member all the same.

A run taken for ended that was only slow (starved of CPU past two beats) is removed and rejoins:
one rebalance more, nothing else, as stage leases and the ledger decide who runs what. A worker's
own id is never removed here: a restart in place takes its place as a static member does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Iterable

from aiokafka import TopicPartition

from app.kafka import clients as kafka_clients
from app.kafka import members, topics
from app.kafka.client import stop_consumer
from app.kafka.identity import READ_TIMEOUT_S, WATCH_S, Seen, caught_up
from app.kafka.tuning import group_instance_id
from app.settings import Settings
from events.models import WorkerBeat

log = logging.getLogger(__name__)
def last_beats(beats: Iterable[tuple[str, Seen]]) -> dict[str, Seen]:
    """Each worker id's latest beat."""
    last: dict[str, Seen] = {}
    for worker_id, beat in beats:
        if worker_id not in last or beat.at_ms >= last[worker_id].at_ms:
            last[worker_id] = beat
    return last


def ended(last: dict[str, Seen], own: str, now_ms: int) -> list[str]:
    """The worker ids, other than ``own``, whose run ended: it said it was stopping, or it beats
    no more."""
    return sorted(w for w, b in last.items()
                  if w != own and (b.state == "stopping" or now_ms - b.at_ms > WATCH_S * 1000))


def in_doubt(last: dict[str, Seen], own: str, now_ms: int) -> dict[str, int]:
    """The runs, other than ``own``, that beat within ``WATCH_S`` and did not say they were
    stopping: live, or dead since their last beat (id → that beat's time, ms)."""
    return {w: b.at_ms for w, b in last.items()
            if w != own and b.state != "stopping" and now_ms - b.at_ms <= WATCH_S * 1000}


def still_in_doubt(doubt: dict[str, int], last: dict[str, Seen], now_ms: int) -> dict[str, int]:
    """Those of ``doubt`` that have not beaten since and whose ``WATCH_S`` is not up yet."""
    return {w: at for w, at in doubt.items()
            if last[w].at_ms <= at and now_ms <= at + WATCH_S * 1000}


async def runs_ended(settings: Settings, bootstrap: str, own: str) -> list[str]:
    """The ids of the runs that beat within the group session timeout and ended since. Best
    effort: a topic that cannot be read says no run ended."""
    topic = settings.topic(topics.WORKERS)
    reader = kafka_clients.reader(settings, bootstrap, fetch_max_wait_ms=100)
    beats: list[tuple[str, Seen]] = []
    doubt: dict[str, int] | None = None
    try:
        await reader.start()
        tps = [TopicPartition(topic, p) for p in sorted(await kafka_clients.partitions(reader, topic))]
        if not tps:
            return []
        reader.assign(tps)
        since = int((time.time() - max(settings.liveness_s, settings.group_session_timeout_s)) * 1000)
        found = await reader.offsets_for_times({tp: since for tp in tps})
        recent = [tp for tp in tps if (f := found.get(tp)) is not None and f.timestamp >= 0]
        if not recent:
            return []
        reader.assign(recent)
        for tp in recent:
            reader.seek(tp, found[tp].offset)
        give_up = time.monotonic() + READ_TIMEOUT_S
        while time.monotonic() < give_up:
            for records in (await reader.getmany(*recent, timeout_ms=200)).values():
                for r in records:
                    with contextlib.suppress(ValueError):
                        beat = WorkerBeat.model_validate_json(r.value or b"")
                        beats.append((beat.worker_id, Seen(beat.incarnation, beat.state, r.timestamp)))
            if not await caught_up(reader, recent):
                continue
            now_ms, last = int(time.time() * 1000), last_beats(beats)
            doubt = in_doubt(last, own, now_ms) if doubt is None else still_in_doubt(doubt, last, now_ms)
            if not doubt:
                return ended(last, own, now_ms)
        log.warning("the workers topic %s could not be read in %.0f s; no ended run removed", topic, READ_TIMEOUT_S)
        return []
    except Exception as exc:
        log.warning("could not read which runs ended from %s: %s", topic, exc)
        return []
    finally:
        await stop_consumer(reader)


def start_ending(settings: Settings, bootstrap: str, own: str) -> threading.Thread | None:
    """With static membership, ``end_ended_runs`` in a thread beside the worker's start."""
    if not settings.static_members:
        return None
    thread = threading.Thread(target=asyncio.run, args=(end_ended_runs(settings, bootstrap, own),),
                              name="groundgate-ended-runs", daemon=True)
    thread.start()
    return thread


async def end_ended_runs(settings: Settings, bootstrap: str, own: str) -> list[str]:
    """Remove the members of the runs that ended from this worker's groups; the worker ids
    removed."""
    gone = await runs_ended(settings, bootstrap, own)
    if gone:
        instance_ids = [i for w in gone if (i := group_instance_id(settings, w))]
        await members.end_static(settings, bootstrap, instance_ids)
        log.info("removed the static members of ended run(s) %s", ", ".join(gone))
    return gone
