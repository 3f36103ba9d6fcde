"""Stages another worker run holds: a stage is left to the run that leased it until the ledger
says that run is gone.

A rebalance does not cancel a stage task: the worker that lost a session's partition finishes the
model call it started and sends the output. The new holder of the partition reads the stage's
input again (its group offset was behind) and, with the output not on the log yet, ran the stage
a second time (a fault run counted dozens of such model calls in 20 restarts). Every stage task
announces itself with a StageStarted lease on the control topic, which the session agent reads in
order with the ledger's nudges for the same session: so the session agent remembers each lease of
another run (``seen``), a nudge for the session forgets them (``released``: the ledger nudges only
a session no live run holds, or past its deadline), and a stage is not started while a lease of
another run on it lasts (``holder``). If that run dies, the ledger's take-over nudge re-drives
the stage, and it runs.

The session agent starts reading a partition that moved here at its group's committed offset, and
the run that held the partition before committed past the leases of the stages it still runs (a
partition moves between two live runs when a worker joins or leaves); what lies after that offset
the agent reads in its stream's time, and a stream can skip a record across a rebalance. So when
a control partition moves here, what it held up to its end then is read back
(``app.kafka.lease_log``) and handed to ``earlier`` before any stage on the partition may start:
a lease there still counts unless a nudge for its session lies after it in the log. Every lease
of the run it moved from lies before that end (``app.kafka.tenure``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from datetime import datetime

from events.models import StageStarted

MEMORY = 20_000  # sessions whose leases are remembered (more: the oldest forgotten)

Key = tuple[int, str]  # (round, stage)
Lease = tuple[str, datetime, int]  # (incarnation, lease until, offset on its control partition; -1: not known)
Held = dict[Key, Lease]
NUDGE = "WatchdogFired"
Record = tuple[str | None, str | None, bytes | None, int]  # (event type, session id, value, offset)


class HeldElsewhere:
    def __init__(self, incarnation: str, worker_id: str = "") -> None:
        self.incarnation = incarnation
        self.worker_id = worker_id
        """This run's incarnation and worker id: its own leases are its running stages, and those of
        an earlier run of its worker id are a dead run's (no two runs of an id live at once:
        ``app.kafka.identity``); neither is remembered here."""
        self.leases: OrderedDict[str, Held] = OrderedDict()
        self.nudged: OrderedDict[str, int] = OrderedDict()
        """Per session: the furthest offset of its control partition at which a nudge for it was read."""

    def seen(self, value: bytes | None, offset: int | None = None) -> None:
        """A record on the control topic with a StageStarted header (at ``offset`` of its partition:
        read again after a rebalance, a lease a nudge already followed holds nothing). Never raises."""
        if (lease := self._another_run_s(value)) is not None and (
                offset is None or self.nudged.get(lease.session_id, -1) < offset):
            self._hold(lease.session_id, {(lease.round, lease.stage): (lease.incarnation, lease.lease_until,
                                                                       -1 if offset is None else offset)})

    def _another_run_s(self, value: bytes | None) -> StageStarted | None:
        try:
            lease = StageStarted.model_validate_json(value or b"")
        except ValueError:
            return None
        return None if lease.incarnation == self.incarnation or lease.worker_id == self.worker_id else lease

    def _hold(self, session_id: str, leases: Held) -> None:
        """Each lease, unless one held for the same stage lies later in the log (read back and read
        by the stream, in either order, the later one stands; one whose place is not known stands
        over any)."""
        held = self.leases.setdefault(session_id, {})
        for key, lease in leases.items():
            if key not in held or lease[2] < 0 or held[key][2] <= lease[2]:
                held[key] = lease
        self.leases.move_to_end(session_id)
        while len(self.leases) > MEMORY:
            self.leases.popitem(last=False)

    def earlier(self, records: Iterable[Record]) -> int:
        """Records of a control partition read back when it moved here, up to where its log ended
        then ((event type, session id, value, offset), in log order; the session agent may read
        some of them meanwhile). A lease of another run there holds as if read now, unless a nudge
        for its session lies after it, there or read here (a session's control records are all on
        one partition: their offsets compare); one later in the log read here already stands. Returns
        how many sessions it holds stages of."""
        found: dict[str, Held] = {}
        for kind, session_id, value, offset in records:
            if kind == NUDGE and session_id:
                found.pop(session_id, None)
            elif (lease := self._another_run_s(value)) is not None and self.nudged.get(lease.session_id, -1) < offset:
                found.setdefault(lease.session_id, {})[(lease.round, lease.stage)] = (lease.incarnation,
                                                                                       lease.lease_until, offset)
        for session_id, leases in found.items():
            self._hold(session_id, leases)
        return len(found)

    def released(self, session_id: str, offset: int = -1) -> None:
        """A nudge for the session (read at ``offset`` of its control partition): no live run held
        it when the ledger sent it (or it is past its deadline), so the leases before it are void; one
        after it in the log (read back when the partition came, before the stream reached the nudge)
        is a later run's, and stands."""
        later = {key: lease for key, lease in self.leases.pop(session_id, {}).items() if 0 <= offset < lease[2]}
        if later:
            self.leases[session_id] = later
        self.nudged[session_id] = max(self.nudged.pop(session_id, -1), offset)
        while len(self.nudged) > MEMORY:
            self.nudged.popitem(last=False)

    def holder(self, session_id: str, round_: int, stage: str, now: datetime) -> str | None:
        """The run that holds this stage of the session now, if another."""
        inc, until, _ = self.leases.get(session_id, {}).get((round_, stage), ("", now, -1))
        return inc if inc and now < until else None
