"""verify: tool_trace_summary → Gatekeeper → rule evaluation → Verifier → derived verdict."""

from __future__ import annotations

from typing import Any

from app import stages
from app.kafka import topics
from app.kafka.runtime import Runtime, utcnow, where
from events.models import Event, ExecutorFinished


def register(rt: Runtime) -> Any:
    async def start(ev: ExecutorFinished, what: str) -> None:
        async def work() -> list[Event]:
            rule, verdict = await stages.verify(ev, rt.roles, utcnow(), rt.settings.helper_tool_names)
            return [rule, verdict]

        await rt.run_stage("verify", ev, work, what)

    async def verify(stream: Any) -> None:
        async for event in stream.events():
            if await rt.handover.taken("verify", event.message):
                continue
            ev = rt.decode_or_none(event.value, event.message)
            if isinstance(ev, ExecutorFinished):
                what = where("verify", event.message, ev)
                await rt.safely(what, start(ev, what))

    rt.hand_over_to_stage("verify", [topics.EXECUTOR_RESULT], ExecutorFinished, start)
    return rt.app.agent(rt.topics[topics.EXECUTOR_RESULT], name="verify")(verify)
