"""A partition that moved here: its stages wait until the session agent read what the log held
there when it came (app.kafka.moved)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from app.kafka.moved import MovedIn

T = ("t.answer-draft", 2)


def moved(ends: dict[tuple[str, int], int], read: dict[tuple[str, int], int] | None = None,
          committed: int = 0) -> MovedIn:
    m = MovedIn(["t.answer-draft", "t.control"])
    for (topic, partition), offset in (read or {}).items():
        m.read(topic, partition, offset - 1)

    async def ends_of(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        return {tp: (committed, ends[tp]) for tp in tps if tp in ends}

    asyncio.run(m.arrived([*ends, ("t.compose", 2)], ends_of))
    return m


def test_a_stage_on_a_moved_partition_waits_until_the_session_agent_read_what_was_there() -> None:
    m = moved({T: 10, ("t.control", 2): 0})
    assert m.pending(2) and not m.pending(1), "only where the log held something unread"

    async def go() -> tuple[bool, bool]:
        waiting = asyncio.ensure_future(m.settled(2))
        await asyncio.sleep(0.05)
        early = waiting.done()
        m.read(*T, 8)
        await asyncio.sleep(0.05)
        still = waiting.done()
        m.read(*T, 9)
        return early or still, await asyncio.wait_for(waiting, 1)

    early, settled = asyncio.run(go())
    assert not early and settled and not m.pending(2)


def test_what_the_session_agent_read_before_or_does_not_read_again_counts_and_a_revoked_partition_holds_nothing(
        ) -> None:
    assert not moved({T: 10}, read={T: 10}).pending(2)
    assert not moved({T: 10}, committed=10).pending(2), "the old holder committed all of it: nothing is read again"
    assert moved({T: 10}, committed=9).pending(2)
    m = moved({T: 10})
    m.left([T])
    assert not m.pending(2)


def test_a_session_agent_that_cannot_read_that_far_holds_a_stage_only_so_long() -> None:
    m = moved({T: 10})
    assert asyncio.run(m.settled(2, wait_s=0.05)) is False


def test_unknown_ends_hold_nothing() -> None:
    m = MovedIn(["t.answer-draft"])

    async def fails(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        raise OSError("broker away")

    asyncio.run(m.arrived([T], fails))
    assert not m.pending(2) and not m.asking


def test_a_partition_is_pending_from_the_moment_it_comes_until_its_span_is_known() -> None:
    """The table's recovery can resume a partition's reading before the broker says where the
    session agent must read to: a stage there waits from the start, not only once the span is known
    (a fault run on Apache Kafka had one stage run again in that gap)."""
    m = MovedIn(["t.answer-draft"])
    answer: asyncio.Future[dict[tuple[str, int], tuple[int, int]]]

    async def go() -> tuple[bool, bool, bool]:
        nonlocal answer
        answer = asyncio.get_running_loop().create_future()

        async def slow(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
            return await answer

        coming = asyncio.ensure_future(m.arrived([T], slow))
        await asyncio.sleep(0)
        while_asking = m.pending(2)
        answer.set_result({T: (10, 10)})  # all of it committed: nothing to read again
        await coming
        return while_asking, m.pending(2), m.pending(1)

    assert asyncio.run(go()) == (True, False, False)



def test_records_the_session_agent_s_stream_skipped_on_a_partition_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    """Known only from the log itself: where the stream begins on a moved-in partition (its group's
    committed offset) and each record after the last it read."""
    m = moved({T: 10}, committed=5)
    with caplog.at_level(logging.INFO, logger="app.kafka.moved"):
        m.read(*T, 5)
        m.read(*T, 6)
        m.read(*T, 5)  # read again (a seek back): nothing skipped
        assert not caplog.records
        m.read(*T, 9)
    assert [r.getMessage() for r in caplog.records] == [
        "t.answer-draft[2]: the session agent was not handed 2 record(s) from offset 7"]
    other = moved({T: 10}, committed=5)
    with caplog.at_level(logging.INFO, logger="app.kafka.moved"):
        other.read(*T, 6)
    assert caplog.records[-1].getMessage() == "t.answer-draft[2]: the session agent was not handed 1 record(s) from offset 5"
