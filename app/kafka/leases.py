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
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime

from events.models import StageStarted

MEMORY = 20_000  # sessions whose leases are remembered (more: the oldest forgotten)

Key = tuple[int, str]  # (round, stage)


class HeldElsewhere:
    def __init__(self, incarnation: str, worker_id: str = "") -> None:
        self.incarnation = incarnation
        self.worker_id = worker_id
        """This run's incarnation and worker id: its own leases are its running stages, and those of
        an earlier run of its worker id are a dead run's (no two runs of an id live at once:
        ``app.kafka.identity``); neither is remembered here."""
        self.leases: OrderedDict[str, dict[Key, tuple[str, datetime]]] = OrderedDict()

    def seen(self, value: bytes | None) -> None:
        """A record on the control topic with a StageStarted header. Never raises."""
        try:
            lease = StageStarted.model_validate_json(value or b"")
        except ValueError:
            return
        if lease.incarnation == self.incarnation or lease.worker_id == self.worker_id:
            return
        held = self.leases.setdefault(lease.session_id, {})
        held[(lease.round, lease.stage)] = (lease.incarnation, lease.lease_until)
        self.leases.move_to_end(lease.session_id)
        while len(self.leases) > MEMORY:
            self.leases.popitem(last=False)

    def released(self, session_id: str) -> None:
        """A nudge for the session: no live run holds it (or it is past its deadline)."""
        self.leases.pop(session_id, None)

    def holder(self, session_id: str, round_: int, stage: str, now: datetime) -> str | None:
        """The run that holds this stage of the session now, if another."""
        inc, until = self.leases.get(session_id, {}).get((round_, stage), ("", now))
        return inc if inc and now < until else None
