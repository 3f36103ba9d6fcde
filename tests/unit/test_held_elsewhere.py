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


def nudge(session: str = "s") -> tuple[str, str, bytes]:
    return ("WatchdogFired", session, b"{}")


def read_back(inc: str, **kw: object) -> tuple[str, str, bytes]:
    return ("StageStarted", "s", lease(inc, **kw))  # type: ignore[arg-type]


def test_a_lease_read_back_from_before_a_moved_in_partition_s_start_holds_its_stage() -> None:
    held = HeldElsewhere("mine", "w-me")
    assert held.earlier([read_back("theirs"), ("VerdictReached", "s", b"{}"), (None, None, b"junk")],
                        held.mark()) == 1
    assert held.holder("s", 1, "investigate", T0) == "theirs"


def test_a_lease_read_back_is_released_by_a_nudge_after_it_there_or_read_live_since() -> None:
    held = HeldElsewhere("mine", "w-me")
    assert held.earlier([read_back("theirs"), nudge()], held.mark()) == 0
    assert held.holder("s", 1, "investigate", T0) is None

    since = held.mark()
    held.released("s")  # the live stream read a nudge while the span was being read back
    assert held.earlier([read_back("theirs")], since) == 0
    assert held.holder("s", 1, "investigate", T0) is None

    held.released("other")  # a nudge for another session, or one read before the span: no matter
    assert held.earlier([nudge("other"), read_back("theirs")], held.mark()) == 1
    assert held.holder("s", 1, "investigate", T0) == "theirs"


def test_a_lease_read_live_stands_over_an_older_one_read_back_and_own_leases_are_not_read_back() -> None:
    held = HeldElsewhere("mine", "w-me")
    held.seen(lease("newer", stage="verify"))
    since = held.mark()
    held.earlier([read_back("older", stage="verify"), read_back("mine", worker="w-me"),
                  read_back("before-the-restart", worker="w-me", stage="compose")], since)
    assert held.holder("s", 1, "verify", T0) == "newer"
    assert held.holder("s", 1, "investigate", T0) is None and held.holder("s", 1, "compose", T0) is None
