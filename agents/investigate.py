"""investigate: Planner → Executor with tools, for round 1 (QueryReceived) or 2 (RetryRequested)."""

from __future__ import annotations

import functools
from typing import Any

from app import stages, topics
from app.runtime import Runtime, utcnow, where
from events.models import QueryReceived, RetryRequested


def register(rt: Runtime) -> Any:
    async def run(ev: QueryReceived | RetryRequested) -> None:
        await rt.emit(await stages.investigate(ev, rt.roles, utcnow()))

    async def investigate(stream: Any) -> None:
        async for event in stream.events():
            ev = rt.decode_or_none(event.value, event.message)
            if isinstance(ev, QueryReceived | RetryRequested):
                await rt.spawn(functools.partial(run, ev), where("investigate", event.message, ev))

    source = rt.app.topic(*(rt.settings.topic(t) for t in (topics.QUERY, topics.CONTROL)), key_type=bytes,
                          value_type=bytes, key_serializer="raw", value_serializer="raw")
    return rt.app.agent(source, name="investigate")(investigate)
