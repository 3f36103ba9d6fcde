"""session (the spec's ChatService): every record of its topics to ``SessionAgent``
(``app.kafka.session_agent``: the fold, the decisions, the answers read from the log)."""

from __future__ import annotations

from typing import Any

from app.kafka.log_reader import LogReader
from app.kafka.runtime import Runtime
from app.kafka.session_agent import INPUTS, NOT_FOLDED, READS, SessionAgent

__all__ = ["INPUTS", "NOT_FOLDED", "READS", "register"]


def register(rt: Runtime, reader: LogReader) -> Any:
    agent = SessionAgent(rt, reader)
    agent.connect()

    async def session(stream: Any) -> None:
        async for event in stream.events():
            await agent.on_event(event.value, event.message)

    source = rt.app.topic(*(rt.settings.topic(t) for t in READS), key_type=bytes, value_type=bytes,
                          key_serializer="raw", value_serializer="raw")
    return rt.app.agent(source, name="session")(session)
