"""A stage lease goes out only while its worker holds the session's control partition since the
stage's input was read, and a revoke waits for the leases that went out before it."""

from __future__ import annotations

import asyncio

from app.kafka.tenure import Tenure, settle

C = "t.control"


def test_a_lease_begins_only_where_the_partition_is_held_since_its_input_was_read() -> None:
    async def go() -> dict[str, bool]:
        t = Tenure(C)
        read_before = t.of(2)
        t.lost([(C, 2), (C, 3), ("t.query", 1)])
        read_between = t.of(2)
        between = t.begin(2, read_between) is None
        t.came([(C, 2)])
        return {
            "held before any revoke": t.begin(1, t.of(1)) is not None,
            "read before the revoke, begun after it came back": t.begin(2, read_before) is None,
            "read between the revoke and the assignment that brought it back": t.begin(2, read_between) is not None,
            "between the revoke and the assignment": between,
            "assigned elsewhere": t.begin(3, t.of(3)) is None,
            "another topic's partition revoked": t.holds(1, 0),
        }

    assert all(asyncio.run(go()).values()), asyncio.run(go())


def test_a_revoke_waits_for_the_leases_begun_before_it_and_no_longer_than_its_bound() -> None:
    async def go() -> tuple[bool, bool, bool]:
        t = Tenure(C)
        answered, unanswered = t.begin(0, 0), t.begin(1, 0)
        assert answered is not None and unanswered is not None
        delivery: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        settle(answered, delivery)
        t.lost([(C, 0), (C, 1)])
        waiting = asyncio.ensure_future(t.landed())
        await asyncio.sleep(0.05)
        held = not waiting.done()
        delivery.set_result(None)
        settle(unanswered)  # not sent at all: nothing to wait for
        landed = await asyncio.wait_for(waiting, 1)
        stuck = t.begin(2, 0)
        return held, landed, stuck is not None and not await t.landed(wait_s=0.05)

    held, landed, gave_up = asyncio.run(go())
    assert held and landed, "returns once the broker answered every lease begun before"
    assert gave_up, "a lease never answered holds the revoke only for its bound"


def test_what_is_read_here_is_the_last_assignment_less_the_revokes_since() -> None:
    t = Tenure(C)
    t.came([(C, 1), ("t.query", 1), ("t.query", 2)])
    t.lost([("t.query", 2)])
    read_after_revoke = {tp: t.reads(*tp) for tp in [(C, 1), ("t.query", 1), ("t.query", 2)]}
    t.came([("t.query", 2)])  # the whole new assignment
    assert read_after_revoke == {(C, 1): True, ("t.query", 1): True, ("t.query", 2): False}
    assert (t.reads("t.query", 2), t.reads("t.query", 1), t.reads(C, 1)) == (True, False, False)


def test_the_tables_of_an_assignment_are_recovered_only_once_faust_says_so_after_it() -> None:
    t = Tenure(C)
    t.came([("t.query", 1)])
    before = t.ready
    t.recovered()
    after = t.ready
    t.came([("t.query", 1)])  # the next assignment: a recovery of its own
    assert (before, after, t.ready) == (False, True, False)
