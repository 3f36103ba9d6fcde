"""A worker's group memberships, remembered on disk, so that its next run can end them.

A worker that dies without leaving its groups (SIGKILL, a crash, a lost host) stays a member
until its session times out, and a join that comes before that waits for it: on the embedded
broker a worker restarted after SIGKILL was ready after 7–9 s instead of 4. Each worker writes
the member id it got in each group (Faust's and its ledger's) beside its table, and its next
run sends a LeaveGroup for those ids before it joins: the dead member is gone at once.

Only a worker's own earlier ids are ever removed: worker ids are unique (``GROUNDGATE_WORKER_ID``,
by default host and web port), as the ledger's take-over of a replaced run already requires.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

from aiokafka.client import CoordinationType
from aiokafka.protocol.group import LeaveGroupRequest

from app.kafka import clients as kafka_clients
from app.settings import Settings

log = logging.getLogger(__name__)
LEAVE_TIMEOUT_S = 5.0


def groups_of(settings: Settings) -> tuple[str, str]:
    """The groups a worker joins: Faust's (the app id) and its ledger's."""
    return settings.group_id, f"{settings.group_id}-ledger"


def file_safe(name: str) -> str:
    """A worker id or group name as part of a file name (host:port has a colon)."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


def member_file(settings: Settings, worker_id: str, group: str) -> Path:
    return settings.data_dir.resolve() / f"member-{file_safe(f'{group}--{worker_id}')}"


def remember(settings: Settings, worker_id: str, group: str, member_id: str | None) -> None:
    """Write the member id this run got in ``group`` (replacing the last one). Never raises."""
    if not member_id:
        return
    path = member_file(settings, worker_id, group)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(member_id)
        tmp.replace(path)
    except OSError as exc:
        log.warning("could not remember the member id of group %s: %s", group, exc)


async def leave_stale(settings: Settings, bootstrap: str, worker_id: str) -> list[str]:
    """End the group memberships an earlier run of this worker left behind; the groups left.
    Best effort: an id the broker no longer knows (the run left, or its session ran out) is
    simply gone, and a broker that cannot be reached only means a slower join."""
    stale = {}
    for group in groups_of(settings):
        path = member_file(settings, worker_id, group)
        with contextlib.suppress(OSError):
            stale[group] = path.read_text().strip()
            path.unlink()
    stale = {g: m for g, m in stale.items() if m}
    if not stale:
        return []
    client = kafka_clients.client(settings, bootstrap, "groundgate-leave")
    left = []
    try:
        await asyncio.wait_for(client.bootstrap(), LEAVE_TIMEOUT_S)
        for group, member_id in stale.items():
            try:
                node = await asyncio.wait_for(client.coordinator_lookup(CoordinationType.GROUP, group),
                                              LEAVE_TIMEOUT_S)
                resp = await asyncio.wait_for(client.send(node, LeaveGroupRequest(group, member_id)),
                                              LEAVE_TIMEOUT_S)
            except Exception as exc:
                log.warning("could not end the earlier membership of group %s: %s", group, exc)
                continue
            if resp.error_code == 0:
                left.append(group)
                log.info("sent a LeaveGroup for the earlier run's member %s of group %s", member_id, group)
    except Exception as exc:
        log.warning("could not end the earlier run's group memberships: %s", exc)
    finally:
        await client.close()
    return left
