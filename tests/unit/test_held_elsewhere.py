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


def nudge(offset: int, session: str = "s") -> tuple[str, str, bytes, int]:
    return ("WatchdogFired", session, b"{}", offset)


def read_back(inc: str, offset: int, **kw: object) -> tuple[str, str, bytes, int]:
    return ("StageStarted", "s", lease(inc, **kw), offset)  # type: ignore[arg-type]


def test_a_lease_read_back_from_before_a_moved_in_partition_s_start_holds_its_stage() -> None:
    held = HeldElsewhere("mine", "w-me")
    assert held.earlier([read_back("theirs", 10), ("VerdictReached", "s", b"{}", 11), (None, None, b"junk", 12)]) == 1
    assert held.holder("s", 1, "investigate", T0) == "theirs"


def test_a_lease_is_released_by_any_nudge_that_lies_after_it_in_the_log_whenever_it_was_read() -> None:
    held = HeldElsewhere("mine", "w-me")
    assert held.earlier([read_back("theirs", 10), nudge(11)]) == 0  # both read back
    assert held.holder("s", 1, "investigate", T0) is None

    held.released("s", 20)  # read by the stream (this tenure or an earlier one): it acted then
    assert held.earlier([read_back("theirs", 15)]) == 0
    held.seen(lease("theirs"), 15)  # the stream reading the lease again after a rebalance
    assert held.holder("s", 1, "investigate", T0) is None

    held.released("other", 90)  # a nudge for another session, or one before the lease: no matter
    assert held.earlier([nudge(5), read_back("theirs", 25)]) == 1
    assert held.holder("s", 1, "investigate", T0) == "theirs"


def test_a_lease_read_live_stands_over_an_older_one_read_back_and_own_leases_are_not_read_back() -> None:
    held = HeldElsewhere("mine", "w-me")
    held.seen(lease("newer", stage="verify"), 30)
    held.earlier([read_back("older", 10, stage="verify"), read_back("mine", 11, worker="w-me"),
                  read_back("before-the-restart", 12, worker="w-me", stage="compose")])
    assert held.holder("s", 1, "verify", T0) == "newer"
    assert held.holder("s", 1, "investigate", T0) is None and held.holder("s", 1, "compose", T0) is None


def test_a_nudge_voids_the_leases_before_it_in_the_log_not_a_later_run_s_read_back_first() -> None:
    """A moved-in control partition is read back to where its log ended when it came, so a lease can
    be held before the session agent's stream reaches an older nudge for its session: the nudge
    voids the leases before it only (the run that leased after it is live until a later nudge)."""
    held = HeldElsewhere("mine", "w-me")
    assert held.earlier([nudge(5), read_back("re-driven", 6)]) == 1
    held.released("s", 5)  # the stream reaches the nudge
    assert held.holder("s", 1, "investigate", T0) == "re-driven"
    held.released("s", 7)  # the ledger's next nudge: that run is gone
    assert held.holder("s", 1, "investigate", T0) is None


def test_of_two_leases_on_one_stage_the_later_in_the_log_stands_in_whichever_order_they_are_read() -> None:
    for order in ("read back last", "read by the stream last"):
        held = HeldElsewhere("mine", "w-me")
        if order == "read back last":
            held.seen(lease("first", stage="verify"), 30)
            held.earlier([read_back("later", 40, stage="verify")])
        else:
            held.earlier([read_back("later", 40, stage="verify")])
            held.seen(lease("first", stage="verify"), 30)
        assert held.holder("s", 1, "verify", T0) == "later", order
