"""investigate: Planner → Executor with tools, for round 1 (QueryReceived) or an extra round (RetryRequested)."""

from __future__ import annotations

from typing import Any

from app import stages
from app.kafka import topics
from app.kafka.runtime import Runtime, utcnow, where
from events.models import Event, QueryReceived, RetryRequested

INPUTS = (topics.QUERY, topics.CONTROL)
TAKES = frozenset({None, "QueryReceived", "RetryRequested"})  # None: a client's query has no header


def register(rt: Runtime) -> Any:
    async def start(ev: QueryReceived | RetryRequested, what: str) -> None:
        if isinstance(ev, RetryRequested) and ev.executor == "client":
            return  # a client's own Executor answers its session's second round, not the built-in one

        async def work() -> list[Event]:
            return [await stages.investigate(ev, rt.roles, utcnow())]

        await rt.run_stage("investigate", ev, work, what)

    async def investigate(stream: Any) -> None:
        async for event in stream.events():
            if rt.header_type(event.message) not in TAKES:
                continue  # a stage lease, a nudge, … on the control topic: not this agent's
            if await rt.handover.taken("investigate", event.message):
                continue
            ev = rt.decode_or_none(event.value, event.message)
            if isinstance(ev, QueryReceived | RetryRequested):
                what = where("investigate", event.message, ev)
                await rt.safely(what, start(ev, what))

    # A query is handed over when a worker sends it (a client's, re-routed; an opener re-driven).
    rt.hand_over_to_stage("investigate", INPUTS, (QueryReceived, RetryRequested), start)
    source = rt.app.topic(*(rt.settings.topic(t) for t in INPUTS), key_type=bytes, value_type=bytes,
                          key_serializer="raw", value_serializer="raw")
    return rt.app.agent(source, name="investigate")(investigate)
