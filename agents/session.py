"""session (the spec's ChatService): fold every event of a session into ``diagnosis_session``,
then emit what the state transition decides. The only writer of AnswerComposed.

The folded state lives in a Faust table (its changelog is the durable copy) and, typed, in a
cache that is dropped at every rebalance, so an event costs one validation and one
serialisation, not a round trip through JSON. A client event on the wrong partition (its
library partitions keys differently) is re-routed to its session's partition first; stage
leases are the ledger's business and are not folded.
"""

from __future__ import annotations

import logging
from typing import Any

from faust.types import TP

from app import metrics
from app.domain.chat_service import Redrive, decide, snapshot, snapshot_due
from app.domain.progress import stage_done
from app.domain.session import evolve
from app.domain.state import DiagnosisSession
from app.kafka import topics
from app.kafka.handover import Handed, as_current
from app.kafka.log_reader import LogReader
from app.kafka.moved import MovedIn, group_spans
from app.kafka.runtime import Runtime
from events import DecodeError
from events.models import (
    AnswerComposed,
    DeadLettered,
    Event,
    LogRef,
    QueryReceived,
    RetryRequested,
    SessionExpired,
    VerdictReached,
    WatchdogFired,
)

log = logging.getLogger(__name__)
INPUTS = (topics.QUERY, topics.EXECUTOR_RESULT, topics.VERDICT, topics.DRAFT, topics.CONTROL, topics.DEAD_LETTER)
NOT_FOLDED = topics.LEASES


def register(rt: Runtime, reader: LogReader) -> Any:
    table = rt.table
    live: dict[str, DiagnosisSession] = {}
    rt.sessions = live
    rt.stage_done = lambda sid, round_, stage: stage_done(load(sid), stage, round_)

    def load(sid: str) -> DiagnosisSession | None:
        state = live.get(sid)
        if state is None:
            stored = table.get(sid.encode())
            state = DiagnosisSession.model_validate_json(stored) if stored else None
        return state

    async def read_back(ref: LogRef) -> Event | None:
        """An event kept by its place in the log (a large Executor result)."""
        got = await reader.read(ref)
        if got is None:
            log.warning("could not read back %s[%d]@%d", ref.topic, ref.partition, ref.offset)
            return None
        try:
            return rt.decode_record_at(ref, got)
        except DecodeError:
            return None

    async def publish(out: Redrive) -> None:
        ev = await read_back(out) if isinstance(out, LogRef) else out
        if ev is not None:
            await rt.emit(ev)
        if isinstance(ev, RetryRequested) and ev.executor == "client":
            await rt.emit_to(topics.EXECUTOR_RETRY, ev)  # the client's Executor answers round 2

    async def caught_up(nudge: WatchdogFired, state: DiagnosisSession | None) -> bool:
        """Fold the session's events the ledger saw and this agent did not (Faust can commit past
        a record its stream never handed over); True when folding them sent the session on (its
        next stage's input went out). A folded event whose next stage reads it from the log
        itself (a query, an Executor result) was skipped there too: the nudge re-drives it."""
        seen = set(state.seen) if state is not None else set()
        sent = 0
        for ref in nudge.missed:
            if ref.event_id is not None and ref.event_id in seen:
                continue
            missed = await read_back(ref)
            if missed is None or missed.event_id in seen:
                continue
            log.info("session_id=%s: folding %s it missed at %s[%d]@%d", nudge.session_id, missed.event_type,
                     ref.topic, ref.partition, ref.offset)
            sent += await handle(missed, ref)
        return sent > 0

    async def handle(ev: Event, ref: LogRef | None = None) -> int:
        """Fold ``ev`` and publish what that decides; how many events were published."""
        sid = ev.session_id
        before = load(sid)
        if isinstance(ev, WatchdogFired) and ev.missed:
            if await caught_up(ev, before):
                return 0  # the ledger nudges again if the session is still stuck
            before = load(sid)
        if isinstance(ev, SessionExpired):
            if before is not None and before.stage == "answered":
                table.pop(sid.encode(), None)
                live.pop(sid, None)
            return 0
        if isinstance(ev, WatchdogFired) and before is None and ev.opener is None and ev.opener_ref is not None:
            opener = await read_back(ev.opener_ref)
            if opener is not None:
                await handle(opener, ev.opener_ref)
                before = load(sid)
        after = evolve(before, ev, ref, language=rt.settings.answer_language,
                       client_retry=rt.settings.byo_retry == "client")
        if after is not before:
            table[sid.encode()] = after.model_dump_json().encode()
            live[sid] = after
            if snapshot_due(before, after, ev):
                rt.send_soon(topics.SESSION_STATE, sid, snapshot(after))
            if isinstance(ev, VerdictReached):
                metrics.VERDICTS.labels(ev.verdict, str(ev.round)).inc()
        outs = decide(before, after, ev)
        for out in outs:
            await publish(out)
            if isinstance(out, AnswerComposed) and (before is None or before.stage != "answered"):
                metrics.ANSWERS.labels(out.verdict, out.degraded_reason or "none").inc()
        return len(outs)

    async def on_record(value: Any, message: Any) -> None:
        if rt.header_type(message) in NOT_FOLDED:
            rt.held.seen(value)  # another run's stage: not started here meanwhile (app.kafka.leases)
            return
        if not rt.on_its_partition(message):
            # A client's record its library partitioned otherwise (librdkafka's CRC32): copied to
            # its session's partition, and awaited, so the stream passes the original only once
            # the copy is in the log (the ledger holds it until then, or its session's answer).
            try:
                await rt.reroute(message, rt.decode(value, message))
            except DecodeError:
                await rt.decode_or_dead_letter(value, message)
            return
        ev = await rt.decode_or_dead_letter(value, message)
        if isinstance(ev, DeadLettered) and ev.source_topic == message.topic:
            return  # dead-lettered just now: folded when it comes back on the dead-letter topic
        if isinstance(ev, WatchdogFired):
            rt.held.released(ev.session_id)  # the ledger nudges a session no live run holds
        if ev.session_id != "unknown":
            await handle(ev, LogRef(topic=message.topic, partition=message.partition, offset=message.offset))

    async def handed(ev: Event, record: Handed) -> bool:
        """An event this worker emitted, handed over as the broker took it (app.kafka.handover):
        folded now, for a session this agent holds (one it does not hold yet is left to the
        stream, behind the query that opens it), or a query (a client's, re-routed: it opens it)."""
        if ev.event_type in NOT_FOLDED or (load(ev.session_id) is None and not isinstance(ev, QueryReceived)):
            return False
        with as_current(record):
            await handle(ev, LogRef(topic=record.topic, partition=record.partition, offset=record.offset))
        after = load(ev.session_id)
        return after is not None and ev.event_id in after.seen

    async def session(stream: Any) -> None:
        async for event in stream.events():
            m = event.message
            rt.moved.read(m.topic, m.partition, m.offset)  # what a stage on a moved partition waits for
            if await rt.handover.taken("session", m):
                continue
            await rt.safely(f"session topic={m.topic} partition={m.partition} offset={m.offset}",
                            on_record(event.value, m))

    async def forget(*_: Any, **__: Any) -> None:
        live.clear()  # partitions moved: the table (recovered from its changelog) is the truth
        rt.handover.forget()

    spans = group_spans(rt.settings, rt.bootstrap, rt.settings.group_id,  # Faust's group
                        lambda tps: rt.app.consumer.highwaters(*(TP(t, p) for t, p in tps)))

    async def arrived(_: Any, assigned: Any = (), **__: Any) -> None:  # (sender, partitions, signal=…)
        await rt.moved.arrived(assigned, spans)

    async def left(_: Any, revoked: Any = (), **__: Any) -> None:
        rt.moved.left(revoked)

    rt.moved = MovedIn(rt.settings.topic(t) for t in INPUTS)
    rt.app.on_partitions_revoked.connect(forget)
    rt.app.on_partitions_assigned.connect(forget)
    rt.app.on_partitions_revoked.connect(left)  # type: ignore[arg-type]  # mode types receivers narrowly
    rt.app.on_partitions_assigned.connect(arrived)  # type: ignore[arg-type]
    rt.forget = (forget, arrived, left)  # keep strong references to the signal handlers
    rt.handover.register("session", (rt.settings.topic(t) for t in INPUTS), handed)
    source = rt.app.topic(*(rt.settings.topic(t) for t in INPUTS), key_type=bytes, value_type=bytes,
                          key_serializer="raw", value_serializer="raw")
    return rt.app.agent(source, name="session")(session)
