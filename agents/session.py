"""session (the spec's ChatService): fold every event of a session into ``diagnosis_session``,
then emit what the state transition decides. The only writer of AnswerComposed."""

from __future__ import annotations

import json
import logging
from typing import Any

from app import topics
from app.domain.session import DiagnosisSession, decide, evolve, snapshot
from app.runtime import Runtime
from events.models import DeadLettered, Event

log = logging.getLogger(__name__)
INPUTS = (topics.QUERY, topics.EXECUTOR_RESULT, topics.VERDICT, topics.DRAFT, topics.CONTROL)


def register(rt: Runtime) -> Any:
    table = rt.table

    async def handle(ev: Event) -> None:
        key = ev.session_id.encode()
        stored = table.get(key)
        before = DiagnosisSession.model_validate_json(stored) if stored else None
        after = evolve(before, ev)
        if after is not before:
            table[key] = after.model_dump_json().encode()
            await rt.send_raw(topics.SESSION_STATE, ev.session_id, json.dumps(snapshot(after)).encode())
        for out in decide(before, after, ev):
            await rt.emit(out)

    async def session(stream: Any) -> None:
        async for event in stream.events():
            ev = await rt.decode_or_dead_letter(event.value, event.message)
            if isinstance(ev, DeadLettered) and ev.session_id == "unknown":
                continue
            try:
                await handle(ev)
            except Exception:  # never stop the agent: the ledger re-drives the session later
                m = event.message
                log.exception("session agent failed topic=%s partition=%s offset=%s session_id=%s",
                              m.topic, m.partition, m.offset, ev.session_id)

    source = rt.app.topic(*(rt.settings.topic(t) for t in INPUTS), key_type=bytes, value_type=bytes,
                          key_serializer="raw", value_serializer="raw")
    return rt.app.agent(source, name="session")(session)
