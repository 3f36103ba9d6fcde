"""The session agent's work (the spec's ChatService), apart from Faust's loop: fold every event
of a session into ``diagnosis_session``, then emit what the state transition decides. The only
writer of AnswerComposed. ``agents.session`` hands each record of its stream to ``on_event``.

The folded state lives in a Faust table (its changelog is the durable copy) and, typed, in a
cache that is dropped at every rebalance, so an event costs one validation and one
serialisation, not a round trip through JSON. A client event on the wrong partition (its
library partitions keys differently) is re-routed to its session's partition first; stage
leases are the ledger's business and are not folded.

The agent reads the answers on the log too (``logged``): the log, not the table, says whether a
session was answered. A run killed after its answer reached the log and before its table's
changelog record did leaves a table that still says "composing"; a worker that rebuilds the table
from the changelog (a restart under a new worker id) would fold the draft again and answer again.
So an answer read from the log is folded with its place (the session is answered, and a nudge
the ledger sent while the answer was on its way re-sends nothing, in whichever worker holds the
session next: ``chat_service.redrive``) and never sent again from here. On a partition that just
moved here an answer waits until the agent has read what the answer topic held there when it came
(``answer_when_settled``), the stages' rule (``app.kafka.moved``); a partition of the other topics
still to be read does not hold it back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from faust.types import TP

from app import metrics
from app.domain.chat_service import Redrive, decide, snapshot, snapshot_due
from app.domain.progress import stage_done
from app.domain.rounds import answer_id
from app.domain.session import evolve
from app.domain.state import DiagnosisSession
from app.kafka import lease_log, members, topics
from app.kafka.handover import Handed, as_current
from app.kafka.log_reader import LogReader
from app.kafka.moved import group_spans
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
INPUTS = topics.SESSION_INPUTS
NOT_FOLDED = topics.LEASES
READS = topics.SESSION_READS


def ref_of(record: Any) -> LogRef:
    return LogRef(topic=record.topic, partition=record.partition, offset=record.offset)


class SessionAgent:
    """One per worker: its methods are the steps of handling a record, named, so the Faust agent
    is a loop that calls ``on_event`` and each step can be read and tested on its own."""

    def __init__(self, rt: Runtime, reader: LogReader) -> None:
        self.rt = rt
        self.reader = reader
        self.live: dict[str, DiagnosisSession] = {}
        """The typed cache of the table (dropped when partitions move)."""
        self.answers = rt.settings.topic(topics.ANSWER)

    def connect(self) -> None:
        """What the rest of the worker asks of this agent: whether a stage is done, the records this
        worker emits handed over, and to forget its cache and mark what moved when partitions move."""
        rt = self.rt
        rt.stage_done = self.stage_done
        rt.app.on_partitions_revoked.connect(self.forget)
        rt.app.on_partitions_assigned.connect(self.forget)
        rt.app.on_partitions_revoked.connect(self.left)  # type: ignore[arg-type]  # mode types receivers narrowly
        rt.app.on_partitions_assigned.connect(self.arrived)  # type: ignore[arg-type]
        rt.app.on_rebalance_complete.connect(self.recovered)
        rt.handover.register("session", (rt.settings.topic(t) for t in INPUTS), self.handed)
        self.group_spans = group_spans(rt.settings, rt.bootstrap, rt.settings.group_id,  # Faust's group
                                       lambda tps: rt.app.consumer.highwaters(*(TP(t, p) for t, p in tps)))
        self.control = rt.settings.topic(topics.CONTROL)

    # ------------------------------------------------------------------ the session state

    def load(self, sid: str) -> DiagnosisSession | None:
        state = self.live.get(sid)
        if state is None:
            stored = self.rt.table.get(sid.encode())
            state = DiagnosisSession.model_validate_json(stored) if stored else None
        return state

    def store(self, sid: str, state: DiagnosisSession) -> None:
        self.rt.table[sid.encode()] = state.model_dump_json().encode()
        self.live[sid] = state

    def drop(self, sid: str) -> None:
        self.rt.table.pop(sid.encode(), None)
        self.live.pop(sid, None)

    def stage_done(self, sid: str, round_: int, stage: str) -> bool:
        """Whether the session is past the stage, or answered on the log."""
        return stage_done(self.load(sid), stage, round_) or answer_id(sid) in self.rt.answers_logged

    # ------------------------------------------------------------------ reading

    async def on_event(self, value: Any, message: Any) -> None:
        """One record of the agent's stream: marked read (what a stage on a moved partition waits
        for), passed when it was handed over already, else handled; whatever it raises is logged."""
        self.rt.moved.read(message.topic, message.partition, message.offset)
        if await self.rt.handover.taken("session", message):
            return
        await self.rt.safely(f"session topic={message.topic} partition={message.partition} offset={message.offset}",
                             self.on_record(value, message))

    async def on_record(self, value: Any, message: Any) -> None:
        rt = self.rt
        if message.topic == self.answers:
            self.logged(value, message)
            return
        if rt.header_type(message) in NOT_FOLDED:
            rt.held.seen(value, message.offset)  # another run's stage: not started here meanwhile (app.kafka.leases)
            return
        if not rt.on_its_partition(message):
            await self.reroute(value, message)
            return
        ev = await rt.decode_or_dead_letter(value, message)
        if isinstance(ev, DeadLettered) and ev.source_topic == message.topic:
            return  # dead-lettered just now: folded when it comes back on the dead-letter topic
        if isinstance(ev, WatchdogFired):
            rt.held.released(ev.session_id, message.offset)  # the ledger nudges a session no live run holds
        if ev.session_id != "unknown":
            await self.handle(ev, ref_of(message))

    async def reroute(self, value: Any, message: Any) -> None:
        """A client's record its library partitioned otherwise (librdkafka's CRC32): copied to its
        session's partition, and awaited, so the stream passes the original only once the copy is
        in the log (the ledger holds it until then, or its session's answer)."""
        try:
            await self.rt.reroute(message, self.rt.decode(value, message))
        except DecodeError:
            await self.rt.decode_or_dead_letter(value, message)

    def logged(self, value: Any, message: Any) -> None:
        """An answer on the log: not sent again from here, and its session answered, with the
        answer's place (see the module's docstring). An unknown session (expired, or never held
        here) is not recreated."""
        try:
            ev = self.rt.decode(value, message)
        except DecodeError:
            return
        self.rt.answer_logged(ev.event_id)
        state = self.load(ev.session_id)
        if state is None or not isinstance(ev, AnswerComposed) or state.answer_ref is not None:
            return
        if state.stage != "answered":
            log.info("session_id=%s: answered on the log at %s[%d]@%d before its table said so", ev.session_id,
                     message.topic, message.partition, message.offset)
        self.fold(state, ev, ref_of(message))

    async def handed(self, ev: Event, record: Handed) -> bool:
        """An event this worker emitted, handed over as the broker took it (app.kafka.handover):
        folded now, for a session this agent holds (one it does not hold yet is left to the
        stream, behind the query that opens it), or a query (a client's, re-routed: it opens it)."""
        if ev.event_type in NOT_FOLDED or (self.load(ev.session_id) is None and not isinstance(ev, QueryReceived)):
            return False
        with as_current(record):
            await self.handle(ev, ref_of(record))
        after = self.load(ev.session_id)
        return after is not None and ev.event_id in after.seen

    async def read_back(self, ref: LogRef) -> Event | None:
        """An event kept by its place in the log (a large Executor result)."""
        got = await self.reader.read(ref)
        if got is None:
            log.warning("could not read back %s[%d]@%d", ref.topic, ref.partition, ref.offset)
            return None
        try:
            return self.rt.decode_record_at(ref, got)
        except DecodeError:
            return None

    # ------------------------------------------------------------------ folding and deciding

    async def handle(self, ev: Event, ref: LogRef | None = None) -> int:
        """Fold ``ev`` and publish what that decides; how many events were published."""
        before = self.load(ev.session_id)
        if isinstance(ev, WatchdogFired):
            if ev.missed and await self.caught_up(ev, before):
                return 0  # the ledger nudges again if the session is still stuck
            before = await self.opened(ev)
        if isinstance(ev, SessionExpired):
            if before is not None and before.stage == "answered":
                self.drop(ev.session_id)
            return 0
        after = self.fold(before, ev, ref)
        outs = decide(before, after, ev)
        for out in outs:
            await self.publish(out)
            if isinstance(out, AnswerComposed) and (before is None or before.stage != "answered"):
                metrics.ANSWERS.labels(out.verdict, out.degraded_reason or "none").inc()
        return len(outs)

    def fold(self, before: DiagnosisSession | None, ev: Event, ref: LogRef | None) -> DiagnosisSession:
        """``evolve``, stored when it changed the session, with a snapshot for the audit when due."""
        after = evolve(before, ev, ref, language=self.rt.settings.answer_language,
                       client_retry=self.rt.settings.byo_retry == "client")
        if after is not before:
            self.store(ev.session_id, after)
            if snapshot_due(before, after, ev):
                self.rt.send_soon(topics.SESSION_STATE, ev.session_id, snapshot(after))
            if isinstance(ev, VerdictReached):
                metrics.VERDICTS.labels(ev.verdict, str(ev.round)).inc()
        return after

    async def opened(self, nudge: WatchdogFired) -> DiagnosisSession | None:
        """The session a nudge is about, opened first from its opener's place in the log when this
        agent holds nothing of it (a nudge carries its opener itself, or where it is)."""
        state = self.load(nudge.session_id)
        if state is None and nudge.opener is None and nudge.opener_ref is not None:
            opener = await self.read_back(nudge.opener_ref)
            if opener is not None:
                await self.handle(opener, nudge.opener_ref)
                state = self.load(nudge.session_id)
        return state

    async def caught_up(self, nudge: WatchdogFired, state: DiagnosisSession | None) -> bool:
        """Fold the session's events the ledger saw and this agent did not (Faust can commit past
        a record its stream never handed over); True when folding them sent the session on (its
        next stage's input went out). A folded event whose next stage reads it from the log
        itself (a query, an Executor result) was skipped there too: the nudge re-drives it."""
        seen = set(state.seen) if state is not None else set()
        sent = 0
        for ref in nudge.missed:
            if ref.event_id is not None and ref.event_id in seen:
                continue
            missed = await self.read_back(ref)
            if missed is None or missed.event_id in seen:
                continue
            log.info("session_id=%s: folding %s it missed at %s[%d]@%d", nudge.session_id, missed.event_type,
                     ref.topic, ref.partition, ref.offset)
            sent += await self.handle(missed, ref)
        return sent > 0

    async def publish(self, out: Redrive) -> None:
        ev = await self.read_back(out) if isinstance(out, LogRef) else out
        if isinstance(ev, AnswerComposed):
            partition = topics.partition_of(ev.session_id.encode(), self.rt.settings.partitions)
            if self.rt.moved.pending(partition, self.answers):  # the log may hold it there, not read yet
                self.answer_when_settled(ev, partition)
                return
        if ev is not None:
            await self.rt.emit(ev)
        if isinstance(ev, RetryRequested) and ev.executor == "client":
            await self.rt.emit_to(topics.EXECUTOR_RETRY, ev)  # the client's Executor answers the extra round

    def answer_when_settled(self, answer: AnswerComposed, partition: int) -> None:
        """Send ``answer`` once this agent has read what the answer topic held on ``partition`` when
        it moved here (``MovedIn.settled``): sent by a run that died, it is read there and not sent again.
        Beside the stream, so the agent goes on reading meanwhile; a worker stopped before sends
        nothing, and the session, answered in its table, is nudged and answered by the next. So does
        one whose partition was revoked meanwhile: its next holder may have answered already (a
        fault run on Apache Kafka had the old holder and the new one each send the answer)."""
        rt = self.rt
        tenure = rt.moved.tenure.get((self.answers, partition), 0)

        async def later() -> None:
            await rt.moved.settled(partition, topic=self.answers)
            if not rt.moved.still_held(self.answers, partition, tenure):
                log.info("answer of session_id=%s: partition %d moved away meanwhile, left to its holder",
                         answer.session_id, partition)
                return
            if answer.event_id in rt.answers_logged:
                log.info("answer of session_id=%s on the log of partition %d, or sent from here: not sent again",
                         answer.session_id, partition)
                return
            await rt.emit(answer)

        task = asyncio.ensure_future(rt.safely(f"answer session_id={answer.session_id}", later()))
        rt.tasks.add(task)
        task.add_done_callback(rt.tasks.discard)

    # ------------------------------------------------------------------ partitions moving

    async def forget(self, *_: Any, **__: Any) -> None:
        self.live.clear()  # partitions moved: the table (recovered from its changelog) is the truth
        self.rt.decoded.clear()
        self.rt.handover.forget()

    async def arrived(self, _: Any, assigned: Any = (), **__: Any) -> None:  # (sender, partitions, signal=…)
        self.rt.tenure.came(assigned)
        await self.rt.moved.arrived(assigned, self.spans)

    async def recovered(self, *_: Any, **__: Any) -> None:
        """Faust's tables recovered: the partitions of the assignment before are read from now on."""
        self.rt.tenure.recovered()

    async def spans(self, tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        """Where the agent starts reading each moved-in partition and where its log ends; the stage
        leases a control partition held up to that end are read back first (the partition is
        pending meanwhile, so no stage there starts before they are remembered: ``app.kafka.leases``,
        ``app.kafka.lease_log``)."""
        spans = await self.group_spans(tps)
        control = {tp: span for tp, span in spans.items() if tp[0] == self.control}
        if control:
            began = time.monotonic()
            try:
                records = await lease_log.before(self.rt.settings, self.rt.bootstrap,
                                                 members.groups_of(self.rt.settings)[1],
                                                 {tp: start for tp, (start, _) in control.items()},
                                                 {tp: end for tp, (_, end) in control.items()})
            except Exception as exc:  # the stages run as before
                log.warning("stage leases before the moved-in control partitions not read (%s): %s",
                            type(exc).__name__, exc)
            else:
                held = self.rt.held.earlier(records)
                log.info("read back %d control record(s) of %d moved-in partition(s) in %.2f s: stages of %d "
                         "session(s) held by other runs", len(records), len(control), time.monotonic() - began, held)
        return spans

    async def left(self, _: Any, revoked: Any = (), **__: Any) -> None:
        """Partitions revoked: no stage lease begins there from now on, and the revoke returns (the
        worker rejoins its group, and the partitions' next holders take where their logs end) once
        the leases begun before are on the log (``app.kafka.tenure``)."""
        self.rt.tenure.lost(revoked)
        self.rt.moved.left(revoked)
        await self.rt.tenure.landed()
