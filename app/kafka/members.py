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
from typing import Any

from aiokafka.client import CoordinationType
from aiokafka.protocol.api import Request, RequestStruct, Response
from aiokafka.protocol.group import LeaveGroupRequest
from aiokafka.protocol.types import Array, Int16, Int32, Schema, String

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
    requests: dict[str, Request[Any]] = {g: LeaveGroupRequest(g, m) for g, m in stale.items() if m}
    return await _send(settings, bootstrap, requests, "the earlier run's member")


class _LeaveResponse_v3(Response):  # type: ignore[misc]
    API_KEY = 13
    API_VERSION = 3
    SCHEMA = Schema(("throttle_time_ms", Int32), ("error_code", Int16),
                    ("members", Array(("member_id", String("utf-8")), ("group_instance_id", String("utf-8")),
                                      ("error_code", Int16))))


class _LeaveRequest_v3(RequestStruct):  # type: ignore[misc]
    API_KEY = 13
    API_VERSION = 3
    RESPONSE_TYPE = _LeaveResponse_v3
    SCHEMA = Schema(("group", String("utf-8")),
                    ("members", Array(("member_id", String("utf-8")), ("group_instance_id", String("utf-8")))))


class LeaveStaticMembers(Request[_LeaveRequest_v3]):  # type: ignore[misc]
    """LeaveGroup v3 (KIP-345) naming members by their group.instance.id, with no member id, as
    Kafka's Admin ``removeMembersFromConsumerGroup`` sends it: a static member is removed whoever
    sends it (aiokafka builds LeaveGroup up to v1 only, by member id)."""

    API_KEY = 13

    def __init__(self, group: str, instance_ids: list[str]) -> None:
        self._group = group
        self._instance_ids = instance_ids

    def build(self, request_struct_class: type[_LeaveRequest_v3]) -> _LeaveRequest_v3:
        return request_struct_class(self._group, [("", i) for i in self._instance_ids])


async def end_static(settings: Settings, bootstrap: str, instance_ids: list[str]) -> list[str]:
    """Remove these static members (runs that ended) from the worker's groups; the groups where
    the broker took it. Best effort, as ``leave_stale``: a member already gone is simply gone."""
    if not instance_ids:
        return []
    requests: dict[str, Request[Any]] = {g: LeaveStaticMembers(g, instance_ids) for g in groups_of(settings)}
    return await _send(settings, bootstrap, requests, f"static member(s) {', '.join(instance_ids)}")


async def _send(settings: Settings, bootstrap: str, requests: dict[str, Request[Any]], what: str) -> list[str]:
    """Send each group's LeaveGroup to its coordinator; the groups whose answer was no error."""
    if not requests:
        return []
    client = kafka_clients.client(settings, bootstrap, "groundgate-leave")
    left = []
    try:
        await asyncio.wait_for(client.bootstrap(), LEAVE_TIMEOUT_S)
        for group, request in requests.items():
            try:
                node = await asyncio.wait_for(client.coordinator_lookup(CoordinationType.GROUP, group),
                                              LEAVE_TIMEOUT_S)
                resp = await asyncio.wait_for(client.send(node, request), LEAVE_TIMEOUT_S)
            except Exception as exc:
                log.warning("could not end %s of group %s: %s", what, group, exc)
                continue
            if resp.error_code == 0:
                left.append(group)
                log.info("sent a LeaveGroup for %s of group %s", what, group)
    except Exception as exc:
        log.warning("could not end %s: %s", what, exc)
    finally:
        await client.close()
    return left
