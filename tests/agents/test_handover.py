"""The hand-over (app.kafka.handover): an event this worker emitted goes to its own agents when
the broker acknowledges it; the stream's copy is passed over only once the agent took it."""

from __future__ import annotations

import asyncio
from typing import Any, NamedTuple

import pytest
from faust.streams import current_event

from app.kafka.handover import Handed, HandOver, as_current
from events.models import Event, QueryReceived
from tests.unit.factories import T0


class Md(NamedTuple):
    """What a producer's send resolves to (aiokafka's RecordMetadata, the fields read)."""

    topic: str
    partition: int
    offset: int
    timestamp: int = 1_700_000_000_000


class Msg(NamedTuple):
    topic: str
    partition: int
    offset: int


EV = QueryReceived(session_id="s-1", query="why?", occurred_at=T0)


def sent(md: Md | None = None, exc: BaseException | None = None) -> asyncio.Future[Any]:
    fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    if exc is not None:
        fut.set_exception(exc)
    else:
        fut.set_result(md)
    return fut


class Agents:
    """Handlers that record what they were handed and take it (or not, or fail)."""

    def __init__(self, held: set[tuple[str, int]] | None = None) -> None:
        self.left: list[tuple[str, int]] = []
        self.ho = HandOver(lambda t, p: (t, p) in (held if held is not None else {("t.x", 1)}),
                           left=lambda t, p: self.left.append((t, p)))
        self.got: list[tuple[str, Event, Handed]] = []

    def add(self, agent: str, topic: str = "t.x", takes: bool = True, fails: bool = False,
            gate: asyncio.Event | None = None) -> None:
        async def handler(ev: Event, record: Handed) -> bool:
            if gate is not None:
                await gate.wait()
            self.got.append((agent, ev, record))
            if fails:
                raise RuntimeError("boom")
            return takes

        self.ho.register(agent, [topic], handler)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_an_acknowledged_event_is_handed_to_every_agent_of_its_topic_and_their_copies_are_passed_over() -> None:
    async def go() -> None:
        a = Agents()
        a.add("session")
        a.add("verify")
        a.add("compose", topic="t.other")
        a.ho.landed(EV, sent(Md("t.x", 1, 41)))
        await settle()
        assert [(agent, ev.event_id) for agent, ev, _ in a.got] == [("session", EV.event_id), ("verify", EV.event_id)]
        record = a.got[0][2]
        assert (record.topic, record.partition, record.offset, record.key) == ("t.x", 1, 41, b"s-1")
        assert record.timestamp == 1_700_000_000.0
        assert len(a.ho) == 2
        assert await a.ho.taken("session", Msg("t.x", 1, 41))
        assert await a.ho.taken("verify", Msg("t.x", 1, 41))
        assert len(a.ho) == 0
        assert not await a.ho.taken("session", Msg("t.x", 1, 41)), "a second copy (a redelivery) is read"
        assert not await a.ho.taken("session", Msg("t.x", 1, 42)), "a record never handed over is read"
        assert a.left == []

    asyncio.run(go())


@pytest.mark.parametrize("where, outcome", [
    (Md("t.x", 2, 5), None),  # a partition this worker does not read now
    (Md("t.nobody", 1, 5), None),  # no agent here reads the topic
    (None, RuntimeError("not delivered")),  # not on the broker: nothing acts on it
])
def test_an_event_not_on_a_partition_read_here_or_not_delivered_is_not_handed_over(
        where: Md | None, outcome: BaseException | None) -> None:
    async def go() -> None:
        a = Agents()
        a.add("session")
        a.ho.landed(EV, sent(where, outcome))
        await settle()
        assert a.got == [] and not a.ho.tasks
        if where is not None:
            assert not await a.ho.taken("session", Msg(where.topic, where.partition, where.offset))

    asyncio.run(go())


def test_a_record_an_agent_leaves_or_fails_on_is_read_from_the_stream_and_fetched_at_once() -> None:
    async def go() -> None:
        a = Agents()
        a.add("session", takes=False)
        a.add("verify", fails=True)
        a.ho.landed(EV, sent(Md("t.x", 1, 7)))
        await settle()
        assert len(a.got) == 2
        assert len(a.ho) == 0, "nothing is remembered for a copy the agent reads (or passes over unread)"
        assert not await a.ho.taken("session", Msg("t.x", 1, 7))
        assert not await a.ho.taken("verify", Msg("t.x", 1, 7))
        assert a.left == [("t.x", 1), ("t.x", 1)]

    asyncio.run(go())


def test_the_stream_waits_for_the_hand_over_to_end_before_passing_the_copy_over() -> None:
    async def go() -> None:
        a = Agents()
        release = asyncio.Event()
        a.add("session", gate=release)
        a.ho.landed(EV, sent(Md("t.x", 1, 3)))
        check = asyncio.ensure_future(a.ho.taken("session", Msg("t.x", 1, 3)))
        await settle()
        assert not check.done(), "the copy's offset would be committed before the agent acted on it"
        release.set()
        assert await asyncio.wait_for(check, 5)

    asyncio.run(go())


def test_a_stopping_worker_hands_nothing_over_and_its_handling_ends() -> None:
    async def go() -> None:
        a = Agents()
        a.add("session", gate=asyncio.Event())  # never released
        a.ho.landed(EV, sent(Md("t.x", 1, 3)))
        check = asyncio.ensure_future(a.ho.taken("session", Msg("t.x", 1, 3)))
        await settle()
        await asyncio.wait_for(a.ho.close(), 5)
        assert await asyncio.wait_for(check, 5) is False
        a.ho.landed(EV, sent(Md("t.x", 1, 4)))
        await settle()
        assert a.got == [] and not a.ho.hands("t.x", 1)

    asyncio.run(go())


def test_handed_records_are_forgotten_on_a_rebalance_and_beyond_the_memory() -> None:
    async def go() -> None:
        a = Agents()
        a.ho.memory = 2
        a.add("session")
        for offset in range(3):
            a.ho.landed(EV, sent(Md("t.x", 1, offset)))
        await settle()
        assert not await a.ho.taken("session", Msg("t.x", 1, 0)), "the oldest is read again (the fold ignores it)"
        assert await a.ho.taken("session", Msg("t.x", 1, 1))
        a.ho.forget()
        assert not await a.ho.taken("session", Msg("t.x", 1, 2))

    asyncio.run(go())


def test_a_handler_writing_a_table_sees_the_record_as_faust_s_current_event() -> None:
    record = Handed("t.verdict", 3, 9, b"s-1")

    async def go() -> None:
        assert current_event() is None
        with as_current(record):
            ev = current_event()
            assert ev is not None and ev.message.topic == "t.verdict" and ev.message.partition == 3
        assert current_event() is None

    asyncio.run(go())


def test_an_event_whose_partition_moved_before_its_agent_ran_is_left_to_the_stream() -> None:
    async def go() -> None:
        held = {("t.x", 1)}
        a = Agents(held=held)
        a.add("session")
        a.ho.landed(EV, sent(Md("t.x", 1, 6)))
        held.clear()  # a rebalance started before the handler's turn
        await settle()
        assert a.got == []
        assert not await a.ho.taken("session", Msg("t.x", 1, 6))

    asyncio.run(go())


def test_a_rebalance_forgets_finished_hand_overs_but_not_one_still_at_work() -> None:
    async def go() -> None:
        a = Agents()
        release = asyncio.Event()
        a.add("session", gate=release)
        a.ho.landed(EV, sent(Md("t.x", 1, 1)))
        await settle()
        a.ho.forget()
        check = asyncio.ensure_future(a.ho.taken("session", Msg("t.x", 1, 1)))
        await settle()
        assert not check.done(), "the copy of a record still being handled waits for it, rebalance or not"
        release.set()
        assert await asyncio.wait_for(check, 5)

    asyncio.run(go())


def test_a_hand_over_cancelled_before_its_first_step_lets_the_stream_read_the_copy() -> None:
    async def go() -> None:
        a = Agents()
        a.add("session")
        a.ho.landed(EV, sent(Md("t.x", 1, 2)))
        for task in list(a.ho.tasks):
            task.cancel()  # the worker stops before the handler ran
        assert await asyncio.wait_for(a.ho.taken("session", Msg("t.x", 1, 2)), 5) is False
        assert a.got == []

    asyncio.run(go())
