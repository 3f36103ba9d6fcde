"""One live run per worker id: a worker whose id is live elsewhere refuses to start.

A worker id names one worker. The ledgers take a newer run of an id for a restart of the old one
(its stage leases are taken over at once), and a run ends the group memberships an earlier run
of its id left (``app.kafka.members``): a second worker started under an id that is live would
evict the first from its groups and run beside it. So before it joins, a worker makes sure no
other run of its id is live:

- **on this host, with this data directory**: each run holds an exclusive lock on
  ``<data dir>/worker-<id>.lock`` for as long as its process lives (the kernel releases it however
  the process ends) and writes its pid and incarnation into it before its first beat. A start
  that cannot take the lock refuses at once; one that can knows the run named in the file is dead
  (a restart in place: it goes on as before, however recently that run beat);
- **anywhere**: a beat of the id on the workers topic, less than ``liveness_s`` old, from another
  run than the one named in the lock file, whose last word was not "stopping". A run killed on
  another host beats no more, so a start that sees such a beat watches for the next one (every
  run beats every ``BEAT_S``) and refuses only if it comes.

A refusal is a ``UsageError`` (exit 2), one line naming the id and what to do.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from aiokafka import AIOKafkaConsumer, TopicPartition

from app.errors import UsageError
from app.kafka import clients as kafka_clients
from app.kafka import members, topics
from app.kafka.client import stop_consumer
from app.settings import Settings
from events.models import WorkerBeat

log = logging.getLogger(__name__)
BEAT_S = 1.0
"""How often a live run beats (``app.kafka.heartbeat``)."""
WATCH_S = 2.5 * BEAT_S
"""How long after a run's last beat a start waits for its next one before taking it for dead."""
READ_TIMEOUT_S = 10.0

_held: dict[Path, int] = {}
"""Lock files this process holds (path → file descriptor), for its lifetime."""


@dataclass(frozen=True)
class Seen:
    """A beat of this worker id read from the workers topic."""

    incarnation: str
    state: str
    at_ms: int


def live_run(beats: list[Seen], dead: str | None, now_ms: int, liveness_s: float) -> Seen | None:
    """The latest beat of a run of this id other than ``dead`` that may still be live: its last
    beat less than ``liveness_s`` old and not "stopping"."""
    last: dict[str, Seen] = {}
    for b in sorted(beats, key=lambda b: b.at_ms):
        last[b.incarnation] = b
    alive = [b for inc, b in last.items() if inc != dead and b.state != "stopping"
             and now_ms - b.at_ms < liveness_s * 1000]
    return max(alive, key=lambda b: b.at_ms, default=None)


def lock_path(settings: Settings, worker_id: str) -> Path:
    return settings.data_dir.resolve() / f"worker-{members.file_safe(worker_id)}.lock"


def hold_lock(settings: Settings, worker_id: str) -> str | None:
    """Take this id's lock for the process's lifetime; the incarnation the last holder wrote
    (a run that is dead now). Raises ``UsageError`` when a live process holds it."""
    path = lock_path(settings, worker_id)
    if path in _held:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _read(fd)
        os.close(fd)
        raise UsageError(
            f"worker id {worker_id} is running on this host (pid {holder.get('pid', '?')}, data dir "
            f"{settings.data_dir})", hint=_HINT) from None
    _held[path] = fd
    return _read(fd).get("incarnation")


def record(settings: Settings, worker_id: str, incarnation: str) -> None:
    """Name this run in the lock it holds (before its first beat). Never raises."""
    fd = _held.get(lock_path(settings, worker_id))
    if fd is None:
        return
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}\nincarnation {incarnation}\n".encode(), 0)


def _read(fd: int) -> dict[str, str]:
    try:
        text = os.pread(fd, 4096, 0).decode(errors="replace")
    except OSError:
        return {}
    return dict(line.split(" ", 1) for line in text.splitlines() if " " in line)


_HINT = ("stop the other run, or give this worker an id of its own (GROUNDGATE_WORKER_ID, by default "
         "host:GROUNDGATE_WEB_PORT)")


async def refuse_if_live(settings: Settings, bootstrap: str, worker_id: str) -> None:
    """Raise ``UsageError`` if another run of ``worker_id`` is live (see the module's rules)."""
    dead = hold_lock(settings, worker_id)
    topic = settings.topic(topics.WORKERS)
    reader = kafka_clients.reader(settings, bootstrap, fetch_max_wait_ms=100)
    try:
        await reader.start()
        parts = await kafka_clients.partitions(reader, topic)
        if not parts:
            return  # no workers topic yet: nobody beats
        tp = TopicPartition(topic, topics.partition_of(worker_id.encode(), len(parts)))
        reader.assign([tp])
        since = int((time.time() - settings.liveness_s) * 1000)
        found = (await reader.offsets_for_times({tp: since})).get(tp)
        if found is None or found.timestamp < 0:  # no beat that recent (Tansu says so with -1)
            return
        reader.seek(tp, found.offset)
        other = await _watch(reader, tp, worker_id, dead, settings.liveness_s)
    finally:
        await stop_consumer(reader)
    if other is not None:
        raise UsageError(f"worker id {worker_id} is live elsewhere (run {other.incarnation} beat "
                            f"{max(0.0, time.time() - other.at_ms / 1000):.1f} s ago)", hint=_HINT)


async def _watch(reader: AIOKafkaConsumer, tp: TopicPartition, worker_id: str, dead: str | None,
                 liveness_s: float) -> Seen | None:
    """Read this id's recent beats; when one of another run is recent, wait for that run's next
    beat (until ``WATCH_S`` after its last): the run that beat again, or None."""
    beats: list[Seen] = []
    suspect: Seen | None = None
    give_up = time.monotonic() + READ_TIMEOUT_S
    while time.monotonic() < give_up:
        for r in (await reader.getmany(tp, timeout_ms=200)).get(tp, []):
            with contextlib.suppress(ValueError):
                beat = WorkerBeat.model_validate_json(r.value or b"")
                if beat.worker_id == worker_id:
                    beats.append(Seen(beat.incarnation, beat.state, r.timestamp))
        if not await caught_up(reader, [tp]):
            continue  # the recent beats are not all read yet
        now_ms = int(time.time() * 1000)
        latest = live_run(beats, dead, now_ms, liveness_s)
        if latest is None:
            return None
        if suspect is None:
            suspect = latest
            log.info("worker id %s: run %s beat %.1f s ago; waiting for its next beat", worker_id,
                     latest.incarnation, (now_ms - latest.at_ms) / 1000)
        elif latest.at_ms > suspect.at_ms:
            return latest  # it beat again: live
        if now_ms >= suspect.at_ms + WATCH_S * 1000:
            return None  # it beats no more: a run that died
    log.warning("worker id %s: the workers topic could not be read in %.0f s; starting", worker_id, READ_TIMEOUT_S)
    return None


async def caught_up(reader: AIOKafkaConsumer, tps: list[TopicPartition]) -> bool:
    """Whether ``reader`` has read each partition up to its end as last fetched."""
    for tp in tps:
        end = reader.highwater(tp)
        if end is None or await reader.position(tp) < end:
            return False
    return True
