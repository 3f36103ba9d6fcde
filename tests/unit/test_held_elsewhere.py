"""Stages another worker run holds are left to it until the ledger nudges the session
(app.kafka.leases)."""

from __future__ import annotations

from datetime import timedelta

from app.kafka.leases import HeldElsewhere
from events.models import StageStarted
from tests.unit.factories import T0


def lease(inc: str, worker: str = "w-other", stage: str = "investigate", until_s: float = 60) -> bytes:
    return StageStarted(session_id="s", round=1, occurred_at=T0, stage=stage, worker_id=worker,  # type: ignore[arg-type]
                        incarnation=inc, lease_until=T0 + timedelta(seconds=until_s)).model_dump_json().encode()


def test_another_run_s_stage_is_held_until_the_ledger_nudges_the_session() -> None:
    held = HeldElsewhere("mine", "w-me")
    held.seen(lease("theirs"))
    assert held.holder("s", 1, "investigate", T0) == "theirs"
    assert held.holder("s", 1, "verify", T0) is None and held.holder("s", 2, "investigate", T0) is None
    held.released("s")
    assert held.holder("s", 1, "investigate", T0) is None


def test_a_lease_that_ran_out_holds_nothing() -> None:
    held = HeldElsewhere("mine", "w-me")
    held.seen(lease("theirs", until_s=5))
    assert held.holder("s", 1, "investigate", T0 + timedelta(seconds=5)) is None


def test_this_run_s_leases_and_a_dead_earlier_run_of_its_id_hold_nothing_and_junk_is_passed() -> None:
    held = HeldElsewhere("mine", "w-me")
    held.seen(lease("mine", worker="w-me"))
    held.seen(lease("before-the-restart", worker="w-me"))
    held.seen(b"not json")
    assert held.holder("s", 1, "investigate", T0) is None
