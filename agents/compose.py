"""compose: filtered material only → Composer → strict JSON or the safe template → AnswerDrafted."""

from __future__ import annotations

from typing import Any

from app import stages
from app.kafka import topics
from app.kafka.runtime import Runtime, utcnow, where
from events.models import ComposeRequested, Event


def register(rt: Runtime) -> Any:
    async def start(ev: ComposeRequested, what: str) -> None:
        async def work() -> list[Event]:
            return [await stages.compose(ev, rt.roles, utcnow(), rt.settings.answer_language)]

        await rt.run_stage("compose", ev, work, what)

    async def compose(stream: Any) -> None:
        async for event in stream.events():
            if await rt.handover.taken("compose", event.message):
                continue
            ev = await rt.decode_or_dead_letter(event.value, event.message)
            if isinstance(ev, ComposeRequested):
                what = where("compose", event.message, ev)
                await rt.safely(what, start(ev, what))

    rt.hand_over_to_stage("compose", [topics.COMPOSE], ComposeRequested, start)
    return rt.app.agent(rt.topics[topics.COMPOSE], name="compose")(compose)
