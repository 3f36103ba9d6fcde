"""compose: filtered material only → Composer → strict JSON or the safe template → AnswerDrafted."""

from __future__ import annotations

import functools
from typing import Any

from app import stages, topics
from app.runtime import Runtime, utcnow, where
from events.models import ComposeRequested


def register(rt: Runtime) -> Any:
    async def run(ev: ComposeRequested) -> None:
        await rt.emit(await stages.compose(ev, rt.roles, utcnow(), rt.settings.answer_language))

    async def compose(stream: Any) -> None:
        async for event in stream.events():
            ev = await rt.decode_or_dead_letter(event.value, event.message)
            if isinstance(ev, ComposeRequested):
                await rt.spawn(functools.partial(run, ev), where("compose", event.message, ev))

    return rt.app.agent(rt.topics[topics.COMPOSE], name="compose")(compose)
