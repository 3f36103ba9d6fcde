"""verify: tool_trace_summary → Gatekeeper → rule evaluation → Verifier → derived verdict."""

from __future__ import annotations

import functools
from typing import Any

from app import stages, topics
from app.runtime import Runtime, utcnow, where
from events.models import ExecutorFinished


def register(rt: Runtime) -> Any:
    async def run(ev: ExecutorFinished) -> None:
        rule, verdict = await stages.verify(ev, rt.roles, utcnow(), rt.settings.helper_tool_names)
        await rt.emit(rule)
        await rt.emit(verdict)

    async def verify(stream: Any) -> None:
        async for event in stream.events():
            ev = rt.decode_or_none(event.value, event.message)
            if isinstance(ev, ExecutorFinished):
                await rt.spawn(functools.partial(run, ev), where("verify", event.message, ev))

    return rt.app.agent(rt.topics[topics.EXECUTOR_RESULT], name="verify")(verify)
