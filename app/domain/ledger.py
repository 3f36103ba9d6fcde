"""The ledger's book: which sessions were opened and not yet answered, and when to nudge them.

Pure: the I/O loop (``app.ledger``) feeds it records and the clock, and publishes what
``due`` returns. A session is opened by a QueryReceived (or an external ExecutorFinished)
and closed by its AnswerComposed. Offsets of the opener topics are committed only up to the
oldest open session, so a restart re-reads every query that has no answer yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from app.domain.deadlines import deadline_of
from events.models import ExecutorFinished, LogRef, QueryReceived, WatchdogFired, derived_id

TopicPartition = tuple[str, int]


@dataclass
class Open:
    opener: QueryReceived | ExecutorFinished
    tp: TopicPartition
    offset: int
    deadline_at: datetime
    seen_mono: float
    nudges: int = 0
    last_nudge_mono: float = 0.0
    last_kind: str = ""


@dataclass
class LedgerBook:
    stall_s: float
    default_deadline_s: float = 60.0
    open: dict[str, Open] = field(default_factory=dict)
    answered: dict[str, None] = field(default_factory=dict)  # insertion-ordered, bounded
    max_answered: int = 1_000_000
    high_water: dict[TopicPartition, int] = field(default_factory=dict)

    def on_opener(self, ev: QueryReceived | ExecutorFinished, tp: TopicPartition, offset: int, mono: float) -> None:
        self.high_water[tp] = max(self.high_water.get(tp, -1), offset)
        if ev.session_id in self.answered or ev.session_id in self.open:
            return
        deadline_at = deadline_of(ev) or ev.occurred_at + timedelta(seconds=self.default_deadline_s)
        self.open[ev.session_id] = Open(ev, tp, offset, deadline_at, mono)

    def on_other(self, tp: TopicPartition, offset: int) -> None:
        self.high_water[tp] = max(self.high_water.get(tp, -1), offset)

    def on_answer(self, session_id: str) -> None:
        self.answered[session_id] = None
        if len(self.answered) > self.max_answered:  # forget the oldest: memory stays bounded
            del self.answered[next(iter(self.answered))]
        self.open.pop(session_id, None)

    def due(self, now: datetime, mono: float) -> list[WatchdogFired]:
        """Nudges for sessions past their deadline, or with no answer ``stall_s`` after the last."""
        out = []
        for sid, o in self.open.items():
            since = mono - (o.last_nudge_mono or o.seen_mono)
            late = now >= o.deadline_at
            if late and o.last_kind == "deadline" and since < self.stall_s:
                continue
            if not late and since < self.stall_s:
                continue
            kind: Literal["stalled", "deadline"] = "deadline" if late else "stalled"
            o.nudges += 1
            o.last_nudge_mono, o.last_kind = mono, kind
            out.append(WatchdogFired(event_id=derived_id(sid, "watchdog", kind, o.nudges), session_id=sid,
                                     occurred_at=now, causation_id=o.opener.event_id, kind=kind,
                                     attempt=o.nudges,
                                     opener=o.opener if isinstance(o.opener, QueryReceived) else None,
                                     opener_ref=None if isinstance(o.opener, QueryReceived)
                                     else LogRef(topic=o.tp[0], partition=o.tp[1], offset=o.offset)))
        return out

    def commit_offsets(self) -> dict[TopicPartition, int]:
        """Per opener partition: the next offset to read after a restart."""
        oldest: dict[TopicPartition, int] = {}
        for o in self.open.values():
            oldest[o.tp] = min(oldest.get(o.tp, o.offset), o.offset)
        return {tp: oldest.get(tp, hw + 1) for tp, hw in self.high_water.items()}
