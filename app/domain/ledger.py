"""The ledger's book: which sessions are open, what progress each made, which worker holds
each, and when to nudge one. Pure: the I/O loop (``app.kafka.ledger``) feeds it every record of the
session topics and every worker heartbeat, with the clock, and publishes what ``due`` returns.

Rules, each in one place:
- **Stall means no progress.** A session is nudged ``stalled`` only when no event of it was
  seen for ``stall_s`` and no live worker holds a lease on it (a StageStarted whose worker is
  alive and whose lease has not run out): a model call still running is never re-driven.
- **A dead holder is taken over at once.** When the worker incarnation that holds a lease
  stops (its "stopping" beat), is replaced (a newer incarnation of the same worker id beats)
  or falls silent for ``liveness_s``, the session is nudged ``orphaned`` without waiting.
- **What a change of workers left behind is taken over at once too.** Faust can skip records
  across a rebalance (the session agent and the next stage alike). So when the workers change (a
  run says it is stopping, a new run beats, a run falls silent, or this reader's partitions
  moved and it caught up again), every open session that no live worker holds and that made no
  progress since is nudged ``regrouped`` ``REGROUP_S`` after the change, not a stall later.
- **Deadlines.** Past its deadline an unanswered session is nudged ``deadline`` (again every
  ``stall_s`` until answered).
- **Nothing is skipped on restart, nothing answered is reopened.** Each topic-partition is
  committed only up to the first record of any session still open, so a restart re-reads every
  session that may need a nudge; and the answer of every session whose opener a restart will
  read again is read again too (an answered session is remembered until its opener lies before
  the committed point, and until it expired). An answer read before its opener (topics are read
  at different paces while catching up) is kept until the reader caught up, so the opener is
  read while the answer is still known. No nudge goes out until the reader caught up.
- **Answered sessions expire** ``retention_s`` after their answer (SessionExpired).
- **A client's record on another partition than its session's is the session's own, wherever it
  lies** (a client whose library partitions keys otherwise, e.g. librdkafka's CRC32; the session
  agent sends a copy to the session's partition). Where this reader reads the session's
  partition too, the record opens the session like any opener and holds its own partition's
  commits until the session is answered: a copy that never reached the log is re-driven from it.
  Where it does not, this reader cannot see the session, so it sends a copy itself and holds the
  record until the broker has that copy; the reader of the session's partition takes it from there.
- **A nudge names what the session agent may have missed.** Faust can commit past a record its
  stream never handed over; every nudge carries where this ledger saw the session's events
  (``missed``), so the session agent reads back and folds what it skipped before re-driving.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from app.domain.deadlines import deadline_of
from events.models import (
    ExecutorFinished,
    LogRef,
    QueryReceived,
    SessionExpired,
    StageStarted,
    WatchdogFired,
    WorkerBeat,
    derived_id,
)

TopicPartition = tuple[str, int]
Kind = Literal["stalled", "orphaned", "regrouped", "deadline"]
MAX_PENDING = 100_000
PENDING_TTL_S = 300.0

MAX_MISSED = 24
ORPHAN_GRACE_S = 1.0
REGROUP_S = 3.0
"""After a change of workers, how long a session nobody holds may stay still before it is taken
over: the new owner of its partition has rebalanced, recovered and read it by then (a restarted
worker beats once it holds its partitions; a survivor takes a stopped one's in 1-2 s)."""
FOLDED = frozenset({"QueryReceived", "RetryRequested", "ExecutorFinished", "RuleEvaluationRecorded", "VerdictReached",
                    "AnswerDrafted", "StageFailed"})
"""The events the session agent folds: the ones a nudge may name as possibly missed."""

_STEP = {"QueryReceived": 0, "RetryRequested": 0, "StageStarted:investigate": 1, "ExecutorFinished": 2,
         "StageStarted:verify": 3, "RuleEvaluationRecorded": 4, "VerdictReached": 4, "ComposeRequested": 5,
         "StageStarted:compose": 6, "AnswerDrafted": 7, "StageFailed": 8}


def rank_of(event_type: str, round_: int, stage: str = "") -> tuple[int, int]:
    """How far along a session an event shows it to be: a lease holds until an event ranked
    above it is seen, whatever order the topics are read in and whatever the clocks say."""
    step = _STEP.get(f"{event_type}:{stage}" if stage else event_type, 0)
    return (round_, step)


@dataclass
class Lease:
    stage: str
    rank: tuple[int, int]
    worker_id: str
    incarnation: str
    until: datetime


@dataclass
class Tracked:
    """One session as the ledger knows it."""

    session_id: str
    seen_mono: float
    first: dict[TopicPartition, int] = field(default_factory=dict)
    opener: QueryReceived | None = None
    opener_ref: LogRef | None = None
    openers: dict[TopicPartition, int] = field(default_factory=dict)
    """Where each record that can open the session (a query, a round-1 Executor result) was read."""
    deadline_at: datetime | None = None
    progress_mono: float = 0.0
    rank: tuple[int, int] = (0, 0)
    lease: Lease | None = None
    seen_at: dict[tuple[int, int, str], LogRef] = field(default_factory=dict)
    """Where each step's event was read (the first copy of each): what a nudge names."""
    nudges: int = 0
    nudge_mono: float = float("-inf")
    last_kind: str = ""


@dataclass
class Answered:
    at: datetime
    answer: tuple[TopicPartition, int]
    openers: dict[TopicPartition, int]
    """Where its records that could open it again were read: while a restart would read one of
    them again, the answer must be read again too."""
    expired: bool = False


@dataclass
class Beat:
    worker_id: str
    last_mono: float
    stopping: bool = False
    silent: bool = False
    """Not heard of for ``liveness_s``: counted as a change of workers once."""


@dataclass
class LedgerBook:
    stall_s: float
    default_deadline_s: float = 60.0
    liveness_s: float = 6.0
    retention_s: float = 300.0
    started_mono: float = 0.0
    open: dict[str, Tracked] = field(default_factory=dict)
    pending: dict[str, Tracked] = field(default_factory=dict)
    answered: dict[str, Answered] = field(default_factory=dict)
    beats: dict[str, Beat] = field(default_factory=dict)
    latest: dict[str, str] = field(default_factory=dict)
    replaced: dict[str, float] = field(default_factory=dict)
    """Incarnations a newer run of their worker replaced, and since when."""
    position: dict[TopicPartition, int] = field(default_factory=dict)
    """Per topic-partition this reader reads: the next offset to read."""
    forwarding: set[tuple[TopicPartition, int]] = field(default_factory=set)
    """Client records on another partition than their session's, which this reader does not read,
    whose copy it is sending there: each holds its partition's commits until the broker has it."""
    caught_up: bool = True
    changed_mono: float = float("-inf")
    """When the workers (or this reader's partitions) last changed: see ``REGROUP_S``."""

    def reset(self) -> None:
        """Forget every session (the partitions changed and are read again); keep the beats."""
        self.open.clear()
        self.pending.clear()
        self.answered.clear()
        self.position.clear()
        self.forwarding.clear()
        self.caught_up = False

    # ------------------------------------------------------------------ what was read

    def _read(self, tp: TopicPartition, offset: int) -> None:
        self.position[tp] = max(self.position.get(tp, 0), offset + 1)

    def _tracked(self, session_id: str, tp: TopicPartition, offset: int, mono: float) -> Tracked | None:
        """The open (or pending) session a record belongs to; None once it is answered."""
        if session_id in self.answered:
            return None
        t = self.open.get(session_id) or self.pending.get(session_id)
        if t is None:
            if len(self.pending) >= MAX_PENDING:
                self.pending.pop(next(iter(self.pending)))
            t = self.pending[session_id] = Tracked(session_id, seen_mono=mono, progress_mono=mono)
        t.first.setdefault(tp, offset)
        return t

    def on_client(self, ev: QueryReceived | ExecutorFinished, tp: TopicPartition, offset: int, mono: float) -> None:
        """A record a client wrote (or a copy of one the workers moved to its session's partition):
        a query or a round-1 Executor result opens its session, a round-2 result is progress."""
        if isinstance(ev, QueryReceived) or ev.round == 1:
            self.on_opener(ev, tp, offset, mono)
        else:
            self.on_progress(ev.session_id, ev.event_type, ev.round, tp, offset, mono, ev.event_id)

    def on_elsewhere(self, ev: QueryReceived | ExecutorFinished, tp: TopicPartition, offset: int,
                     home: TopicPartition, mono: float) -> bool:
        """A client's record read on ``tp`` whose session lives on ``home`` (the same topic, the
        partition its key hashes to). True when this reader must send a copy there (see the
        module's rules), then ``on_forwarded`` once the broker has it."""
        if home in self.position:
            self.on_client(ev, tp, offset, mono)
            return False
        self._read(tp, offset)
        self.forwarding.add((tp, offset))
        return True

    def on_forwarded(self, tp: TopicPartition, offset: int) -> None:
        """The copy of the record at ``tp``/``offset`` is on its session's partition."""
        self.forwarding.discard((tp, offset))

    def on_opener(self, ev: QueryReceived | ExecutorFinished, tp: TopicPartition, offset: int, mono: float) -> None:
        """A query, or a round-1 Executor result (kept by reference: it may be megabytes)."""
        self._read(tp, offset)
        t = self._tracked(ev.session_id, tp, offset, mono)
        if t is None:
            done = self.answered.get(ev.session_id)
            if done is not None:  # its answer was read first
                done.openers.setdefault(tp, offset)
            return
        t.openers.setdefault(tp, offset)
        if isinstance(ev, QueryReceived):
            if t.opener is None:
                t.opener, t.opener_ref = ev, None
                t.deadline_at = deadline_of(ev)
        elif t.opener is None and t.opener_ref is None:
            t.opener_ref = LogRef(topic=tp[0], partition=tp[1], offset=offset)
            t.deadline_at = deadline_of(ev)
        if t.deadline_at is None:
            t.deadline_at = ev.occurred_at + timedelta(seconds=self.default_deadline_s)
        self._progress(t, rank_of(ev.event_type, ev.round), mono, tp, offset, ev.event_type, ev.event_id)
        if ev.session_id in self.pending:
            self.open[ev.session_id] = self.pending.pop(ev.session_id)

    def on_progress(self, session_id: str, event_type: str, round_: int, tp: TopicPartition, offset: int,
                    mono: float, event_id: str | None = None) -> None:
        """Any other event of a session: it moved."""
        self._read(tp, offset)
        t = self._tracked(session_id, tp, offset, mono)
        if t is not None:
            self._progress(t, rank_of(event_type, round_), mono, tp, offset, event_type, event_id)

    def on_lease(self, ev: StageStarted, tp: TopicPartition, offset: int, mono: float) -> None:
        self._read(tp, offset)
        t = self._tracked(ev.session_id, tp, offset, mono)
        rank = rank_of(ev.event_type, ev.round, ev.stage)
        if t is None or rank < t.rank:
            return  # the session is already past that stage
        t.rank, t.progress_mono = rank, max(t.progress_mono, mono)
        t.lease = Lease(ev.stage, rank, ev.worker_id, ev.incarnation, ev.lease_until)

    def on_answer(self, session_id: str, at: datetime, tp: TopicPartition, offset: int) -> None:
        self._read(tp, offset)
        t = self.open.pop(session_id, None) or self.pending.pop(session_id, None)
        if session_id not in self.answered:
            self.answered[session_id] = Answered(at, (tp, offset), dict(t.openers) if t is not None else {})

    def on_other(self, tp: TopicPartition, offset: int) -> None:
        self._read(tp, offset)

    def set_caught_up(self, caught_up: bool, mono: float) -> None:
        """Whether the reader reached where its partitions' logs ended when it took them; reaching
        it is a change (what it took may hold sessions a rebalance left behind)."""
        if caught_up and not self.caught_up:
            self.changed_mono = mono
        self.caught_up = caught_up

    def on_beat(self, beat: WorkerBeat, mono: float) -> None:
        previous = self.latest.get(beat.worker_id)
        if previous is not None and previous != beat.incarnation:
            self.replaced.setdefault(previous, mono)
        known = self.beats.get(beat.incarnation)
        stopping = beat.state == "stopping"
        if known is None or known.silent or (stopping and not known.stopping):
            self.changed_mono = mono
        self.beats[beat.incarnation] = Beat(beat.worker_id, mono, stopping)
        self.latest[beat.worker_id] = beat.incarnation

    @staticmethod
    def _progress(t: Tracked, rank: tuple[int, int], mono: float, tp: TopicPartition, offset: int,
                  event_type: str, event_id: str | None = None) -> None:
        step = (*rank, event_type)
        if event_type in FOLDED and step not in t.seen_at and len(t.seen_at) < MAX_MISSED:
            t.seen_at[step] = LogRef(topic=tp[0], partition=tp[1], offset=offset, event_id=event_id)
        t.progress_mono = max(t.progress_mono, mono)
        t.rank = max(t.rank, rank)
        if t.lease is not None and rank > t.lease.rank:
            t.lease = None

    # ------------------------------------------------------------------ decisions

    def holder_alive(self, lease: Lease, mono: float) -> bool:
        """Whether the worker run that holds ``lease`` may still deliver its work. A run that said
        it is stopping, or that a newer run of the same worker replaced, is given ``ORPHAN_GRACE_S``
        for what it sent just before to be read, so an answer on its way is not taken over."""
        beat = self.beats.get(lease.incarnation)
        if beat is None:  # never heard of it: alive for one liveness period after we started
            return mono - self.started_mono < self.liveness_s
        if mono - beat.last_mono >= self.liveness_s:
            return False
        if beat.stopping:
            return mono - beat.last_mono < ORPHAN_GRACE_S
        replaced_since = self.replaced.get(lease.incarnation)
        return replaced_since is None or mono - replaced_since < ORPHAN_GRACE_S

    def due(self, now: datetime, mono: float) -> list[WatchdogFired | SessionExpired]:
        """The nudges to send now, and the answered sessions to forget."""
        out: list[WatchdogFired | SessionExpired] = self._expire(now)
        for b in self.beats.values():
            if not b.silent and mono - b.last_mono >= self.liveness_s:
                b.silent, self.changed_mono = True, mono
        if not self.caught_up:
            return out
        for t in self.open.values():
            kind = self._nudge_kind(t, now, mono)
            if kind is None:
                continue
            t.nudges += 1
            t.nudge_mono, t.last_kind = mono, kind
            if kind == "orphaned":
                t.lease = None
            out.append(WatchdogFired(
                event_id=derived_id(t.session_id, "watchdog", kind, t.nudges, now.isoformat()), session_id=t.session_id,
                occurred_at=now, causation_id=t.opener.event_id if t.opener else None, kind=kind,
                attempt=t.nudges, opener=t.opener, opener_ref=t.opener_ref,
                missed=[t.seen_at[r] for r in sorted(t.seen_at)]))
        self._forget_stale(mono)
        return out

    def _nudge_kind(self, t: Tracked, now: datetime, mono: float) -> Kind | None:
        quiet = mono - max(t.progress_mono, t.nudge_mono)
        if t.deadline_at is not None and now >= t.deadline_at:
            return "deadline" if t.last_kind != "deadline" or mono - t.nudge_mono >= self.stall_s else None
        if t.lease is not None:
            if self.holder_alive(t.lease, mono):
                return None if now < t.lease.until else ("stalled" if quiet >= self.stall_s else None)
            return "orphaned"
        if max(t.progress_mono, t.nudge_mono) <= self.changed_mono <= mono - REGROUP_S:
            return "regrouped"
        return "stalled" if quiet >= self.stall_s else None

    def _expire(self, now: datetime) -> list[WatchdogFired | SessionExpired]:
        out: list[WatchdogFired | SessionExpired] = []
        for sid, a in self.answered.items():
            if (now - a.at).total_seconds() < self.retention_s:
                break  # insertion order is answer order: the rest are younger
            if not a.expired:
                a.expired = True
                out.append(SessionExpired(event_id=derived_id(sid, "expired"), session_id=sid, occurred_at=now,
                                          answered_at=a.at))
        self._forget_answered()
        return out

    def _forget_answered(self) -> None:
        """An expired session is forgotten once a restart would not read its opener again."""
        opener_bound = self._open_bounds()
        while self.answered:
            sid, a = next(iter(self.answered.items()))
            if not a.expired:
                break
            if not a.openers and not self.caught_up:
                break  # its opener may still be read: forgotten now, it would open the session again
            if any(off >= opener_bound.get(tp, self.position.get(tp, 0)) for tp, off in a.openers.items()):
                break  # a restart would read an opener again: its answer must be read again too
            del self.answered[sid]

    def _open_bounds(self) -> dict[TopicPartition, int]:
        bound: dict[TopicPartition, int] = {}
        for t in (*self.open.values(), *self.pending.values()):
            for tp, off in t.first.items():
                bound[tp] = min(bound.get(tp, off), off)
        for tp, off in self.forwarding:
            bound[tp] = min(bound.get(tp, off), off)
        return bound

    def _forget_stale(self, mono: float) -> None:
        for sid in [s for s, t in self.pending.items() if mono - t.seen_mono > PENDING_TTL_S]:
            del self.pending[sid]
        for inc in [i for i, b in self.beats.items() if mono - b.last_mono > 10 * self.liveness_s]:
            del self.beats[inc]
            self.replaced.pop(inc, None)

    def commit_offsets(self) -> dict[TopicPartition, int]:
        """Per topic-partition read: the next offset to read after a restart."""
        bound = self._open_bounds()
        for a in self.answered.values():
            tp, off = a.answer
            bound[tp] = min(bound.get(tp, off), off)
        return {tp: min(bound.get(tp, pos), pos) for tp, pos in self.position.items()}
