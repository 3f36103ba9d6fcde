"""Runtime's edges without a broker: a stage is not started twice while it waits for a slot,
and only what every reader of the log can decode again is handed over."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from app.kafka import runtime, topics
from app.kafka.handover import Handed, HandOver
from app.kafka.leases import HeldElsewhere
from app.kafka.moved import MovedIn
from app.kafka.runtime import Runtime
from app.kafka.session_agent import SessionAgent
from events.models import AnswerComposed, Event, QueryReceived, RetryRequested, StageStarted
from tests.agents.runtimes import offline_runtime
from tests.unit.factories import T0, run_session


class Md(NamedTuple):
    topic: str
    partition: int
    offset: int
    timestamp: int = 0


def _runtime(tmp_path: Path) -> tuple[Runtime, list[Event]]:
    rt = offline_runtime(tmp_path, "rt-test")
    emitted: list[Event] = []

    async def emit(ev: Event) -> None:
        emitted.append(ev)

    rt.emit = emit  # type: ignore[method-assign]
    return rt, emitted


def test_a_copy_that_comes_while_its_stage_waits_for_a_slot_is_not_started_too(tmp_path: Path) -> None:
    rt, _ = _runtime(tmp_path)
    started: list[str] = []

    async def go() -> None:
        rt.in_flight = asyncio.Semaphore(1)
        hold = asyncio.Event()

        def work_of(sid: str) -> Any:
            async def work() -> list[Event]:
                started.append(sid)
                await hold.wait()
                return []
            return work

        busy = QueryReceived(session_id="s-busy", query="q", occurred_at=T0)
        waiting = QueryReceived(session_id="s-wait", query="q", occurred_at=T0)
        await rt.run_stage("investigate", busy, work_of("s-busy"), "busy")  # takes the one slot
        first = asyncio.ensure_future(rt.run_stage("investigate", waiting, work_of("s-wait"), "handed over"))
        await asyncio.sleep(0.01)
        assert not first.done(), "waits for a slot"
        copy = asyncio.ensure_future(rt.run_stage("investigate", waiting, work_of("s-wait"), "the stream's copy"))
        await asyncio.sleep(0.01)
        copy_waited = not copy.done()
        hold.set()
        await asyncio.wait_for(asyncio.gather(first, copy), 5)
        assert not copy_waited, "the copy returns at once: its stage is already on its way"
        await asyncio.wait_for(asyncio.gather(*rt.tasks), 5)

    asyncio.run(go())
    assert sorted(started) == ["s-busy", "s-wait"], "each stage once"


def test_an_event_over_the_codec_s_bound_is_not_handed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rt, _ = _runtime(tmp_path)
    del rt.emit  # the real one, with the producer's send replaced below
    got: list[str] = []

    async def handler(ev: Event, record: Handed) -> bool:
        got.append(ev.event_id)
        return True

    rt.handover = HandOver(lambda topic, partition: True)
    rt.handover.register("investigate", [rt.settings.topic(topics.CONTROL)], handler)

    async def send(event: Event, data: bytes, partition: int | None = None, headers: Any = None) -> asyncio.Future[Any]:
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        fut.set_result(Md(rt.settings.topic(topics.CONTROL), 1, len(got)))
        return fut

    rt._send = send  # type: ignore[method-assign]
    log, _, _ = run_session("Why is the nightly backup job slow?", session_id="s-big")  # a retry round
    small = next(e for e in log if isinstance(e, RetryRequested))
    big = small.model_copy(update={"event_id": "big", "original_query": "x" * 2000})
    monkeypatch.setattr(runtime, "MAX_MESSAGE_BYTES", 1500)

    async def go() -> None:
        await rt.emit(small)
        await rt.emit(big)
        for _ in range(5):
            await asyncio.sleep(0)

    asyncio.run(go())
    assert got == [small.event_id], "an event the log's readers would refuse is left to the stream"


def test_a_re_routed_client_event_is_on_its_session_s_partition_before_the_agent_goes_on(tmp_path: Path) -> None:
    """The original's offset may be committed once the agent went on: by then the copy must be on
    the broker. The copy keeps the original's identity, says where it was, and is handed over."""
    rt, _ = _runtime(tmp_path)
    del rt.emit
    query = rt.settings.topic(topics.QUERY)
    home = topics.partition_of(b"s-moved", rt.settings.partitions)
    origin = (home + 1) % rt.settings.partitions
    sends: list[tuple[int | None, dict[str, bytes]]] = []
    handed: list[str] = []

    async def handler(ev: Event, record: Handed) -> bool:
        handed.append(ev.event_id)
        return True

    rt.handover = HandOver(lambda topic, partition: True)
    rt.handover.register("investigate", [query], handler)

    async def go() -> None:
        delivery: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

        async def send(event: Event, data: bytes, partition: int | None = None, headers: Any = None) -> Any:
            sends.append((partition, dict(headers)))
            return delivery

        rt._send = send  # type: ignore[method-assign]
        ev = QueryReceived(session_id="s-moved", query="q", occurred_at=T0)
        original = Md(query, origin, 41)
        rerouting = asyncio.ensure_future(rt.reroute(original, ev))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not rerouting.done(), "went on before the broker had the copy"
        delivery.set_result(Md(query, home, 7))
        await asyncio.wait_for(rerouting, 1)
        for _ in range(5):
            await asyncio.sleep(0)
        assert handed == [ev.event_id]

    asyncio.run(go())
    [(partition, headers)] = sends
    assert partition == home and headers[topics.MOVED_FROM] == f"{origin}@41".encode()
    assert headers["gg-type"] == b"QueryReceived"


def test_an_answer_this_process_saw_logged_is_not_sent_again_one_that_failed_is(tmp_path: Path) -> None:
    """A nudge asks the session agent to send a session's answer again when the log may lack it
    (its worker died between its table and the log); when this process saw the broker take it,
    the log has it, and sending it again would answer the session twice."""
    rt, _ = _runtime(tmp_path)
    del rt.emit
    log, _, _ = run_session("Why is ingest-node-03 failing to write logs with no space left on device?",
                            session_id="s-answered")
    answer = next(e for e in log if isinstance(e, AnswerComposed))
    other = answer.model_copy(update={"event_id": "another-answer", "session_id": "s-other"})
    sent: list[str] = []

    async def go() -> None:
        outcomes = iter([Md(rt.settings.topic(topics.ANSWER), 1, 1), RuntimeError("broker away"),
                         Md(rt.settings.topic(topics.ANSWER), 2, 2)])

        async def send(event: Event, data: bytes, partition: int | None = None, headers: Any = None) -> Any:
            sent.append(event.event_id)
            fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            outcome = next(outcomes)
            if isinstance(outcome, Exception):
                fut.set_exception(outcome)
            else:
                fut.set_result(outcome)
            return fut

        rt._send = send  # type: ignore[method-assign]
        await rt.emit(answer)
        await asyncio.sleep(0)
        await rt.emit(answer)  # a nudge's re-send: already in the log
        await rt.emit(other)  # not delivered
        await asyncio.sleep(0)
        await rt.emit(other)  # sent again

    asyncio.run(go())
    assert sent == [answer.event_id, other.event_id, other.event_id]


def test_a_stage_on_a_moved_partition_is_not_run_when_the_log_there_held_its_output(tmp_path: Path) -> None:
    """The new holder read the stage's input again; the output the old holder wrote is on the log,
    folded only once the session agent reads that far: the stage waits for it and is not run."""
    rt, emitted = _runtime(tmp_path)
    query = QueryReceived(session_id="s-moved-in", query="q", occurred_at=T0)
    partition = topics.partition_of(b"s-moved-in", rt.settings.partitions)
    draft_topic = rt.settings.topic(topics.EXECUTOR_RESULT)
    rt.moved = MovedIn([draft_topic])
    folded: set[str] = set()
    rt.stage_done = lambda sid, rnd, stage: sid in folded  # type: ignore[method-assign]
    called: list[str] = []

    async def work() -> list[Event]:
        called.append("model")
        return []

    async def ends(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        return {(draft_topic, partition): (3, 5)}

    async def go() -> None:
        await rt.moved.arrived([(draft_topic, partition)], ends)
        await rt.run_stage("investigate", query, work, "re-read input")
        await asyncio.sleep(0.05)
        assert not called and not emitted, "neither its lease nor its model call before the session agent caught up"
        folded.add("s-moved-in")  # the session agent folds the ExecutorFinished at offset 4 …
        rt.moved.read(draft_topic, partition, 4)  # … having read that far
        await asyncio.wait_for(asyncio.gather(*rt.tasks), 2)

    asyncio.run(go())
    assert called == [] and emitted == []


def test_a_stage_another_run_leased_is_left_to_it_until_a_nudge_releases_it(tmp_path: Path) -> None:
    rt, _ = _runtime(tmp_path)
    query = QueryReceived(session_id="s-held", query="q", occurred_at=T0)
    rt.held = HeldElsewhere("mine", "w-me")
    rt.held.seen(StageStarted(session_id="s-held", round=1, occurred_at=T0, stage="investigate", worker_id="w-other",
                              incarnation="theirs", lease_until=runtime.utcnow() + timedelta(minutes=5)
                              ).model_dump_json().encode())
    called: list[str] = []

    async def work() -> list[Event]:
        called.append("model")
        return []

    async def go() -> None:
        await rt.run_stage("investigate", query, work, "read again after a rebalance")
        await asyncio.wait_for(asyncio.gather(*rt.tasks), 2)
        assert called == [], "the run that leased it is still at it"
        rt.held.released("s-held")  # the ledger's take-over nudge: that run is gone
        await rt.run_stage("investigate", query, work, "re-driven")
        await asyncio.wait_for(asyncio.gather(*rt.tasks), 2)

    asyncio.run(go())
    assert called == ["model"]


def test_an_answer_on_its_way_is_not_sent_again_before_the_broker_took_it(tmp_path: Path) -> None:
    rt, _ = _runtime(tmp_path)
    del rt.emit
    log, _, _ = run_session("Why is ingest-node-03 failing to write logs with no space left on device?",
                            session_id="s-in-flight")
    answer = next(e for e in log if isinstance(e, AnswerComposed))
    sent: list[str] = []

    async def go() -> None:
        delivery: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

        async def send(event: Event, data: bytes, partition: int | None = None, headers: Any = None) -> Any:
            sent.append(event.event_id)
            return delivery

        rt._send = send  # type: ignore[method-assign]
        await rt.emit(answer)
        await rt.emit(answer)  # the nudge's re-send, before the acknowledgement
        delivery.set_result(Md(rt.settings.topic(topics.ANSWER), 1, 1))

    asyncio.run(go())
    assert sent == [answer.event_id]


def test_a_stage_whose_partition_was_revoked_before_its_lease_hands_its_input_back(tmp_path: Path) -> None:
    """A stage task waiting for its moved-in partition to settle when the next rebalance revokes the
    partition: a lease sent now could land past the end up to which the partition's next holder
    reads leases back, and that holder would run the stage too. So neither lease nor model call:
    the input goes back on the log, where the holder reads it at once."""
    rt, emitted = _runtime(tmp_path)
    query = QueryReceived(session_id="s-revoked", query="q", occurred_at=T0)
    partition = topics.partition_of(b"s-revoked", rt.settings.partitions)
    result_topic, control = rt.settings.topic(topics.EXECUTOR_RESULT), rt.settings.topic(topics.CONTROL)
    rt.moved = MovedIn([result_topic, control])
    rt.stage_done = lambda sid, rnd, stage: False  # type: ignore[method-assign]
    agent = SessionAgent(rt, None)  # type: ignore[arg-type]  # reads nothing back here
    called: list[str] = []

    async def work() -> list[Event]:
        called.append("model")
        return []

    async def ends(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        return {tp: (3, 5) for tp in tps}

    async def go() -> None:
        await rt.moved.arrived([(result_topic, partition)], ends)
        await rt.run_stage("investigate", query, work, "waits for the partition to settle")
        await asyncio.sleep(0.05)
        await agent.left(None, [(result_topic, partition), (control, partition)])
        await asyncio.wait_for(asyncio.gather(*rt.tasks), 2)

    asyncio.run(go())
    assert called == [], "the partition's holder runs it"
    assert emitted == [query], "no lease, and the input handed back"


def test_a_revoke_returns_once_the_leases_begun_before_it_are_on_the_log(tmp_path: Path) -> None:
    """A stage that leased before the revoke runs to its end, and its partition's next holder,
    reading the partition's leases back up to where its log ends when it comes, must find the
    lease there: the revoke (after which this worker rejoins and the next holder is assigned) returns
    only once the broker took it."""
    rt = offline_runtime(tmp_path, "rt-test")
    agent = SessionAgent(rt, None)  # type: ignore[arg-type]  # reads nothing back here
    query = QueryReceived(session_id="s-leased", query="q", occurred_at=T0)
    partition = topics.partition_of(b"s-leased", rt.settings.partitions)
    sent: list[tuple[str, asyncio.Future[Any]]] = []

    async def send(event: Event, *_: Any, **__: Any) -> asyncio.Future[Any]:
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        sent.append((event.event_type, fut))
        return fut

    rt._send = send  # type: ignore[method-assign]
    hold = asyncio.Event()

    async def work() -> list[Event]:
        await hold.wait()
        return []

    async def go() -> tuple[bool, bool]:
        await rt.run_stage("investigate", query, work, "leased")
        await asyncio.sleep(0.05)
        revoke = asyncio.ensure_future(agent.left(None, [(rt.settings.topic(topics.CONTROL), partition)]))
        await asyncio.sleep(0.1)
        waited = not revoke.done()
        sent[0][1].set_result(None)  # the broker answers the lease
        await asyncio.wait_for(revoke, 1)
        hold.set()
        await asyncio.wait_for(asyncio.gather(*rt.tasks), 2)
        return waited, revoke.done()

    waited, returned = asyncio.run(go())
    assert [kind for kind, _ in sent] == ["StageStarted"]
    assert waited and returned, "the revoke waits for the lease the broker had not answered, then returns"


def _holder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Runtime, SessionAgent, list[tuple[int, int]]]:
    """The runtime as the worker builds it (its hand-over asks ``runtime.reads_now``), with the
    session agent's partition callbacks, and a stage agent on the query topic that takes what it is
    handed (its partition and offset recorded)."""
    from app.kafka import lease_log

    rt, _ = _runtime(tmp_path)
    del rt.emit
    agent = SessionAgent(rt, None)  # type: ignore[arg-type]  # reads nothing back by reference here

    async def spans(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        return {tp: (0, 0) for tp in tps}

    async def no_leases(*_: Any, **__: Any) -> list[Any]:
        return []

    agent.group_spans = spans
    monkeypatch.setattr(lease_log, "before", no_leases)
    handed: list[tuple[int, int]] = []

    async def handler(ev: Event, record: Handed) -> bool:
        handed.append((record.partition, record.offset))
        return True

    rt.handover.register("investigate", [rt.settings.topic(topics.QUERY)], handler)
    return rt, agent, handed


def test_a_record_acknowledged_after_its_partition_was_revoked_is_left_to_the_stream(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether the worker reads a partition now is what its own callbacks were told (the last
    assignment, less the revokes since) and Faust's public ``app.rebalancing``: an event sent while
    its partition was held and acknowledged after a rebalance moved that partition elsewhere would,
    taken by hand, run its stage here while the partition's new holder reads it too."""
    rt, agent, handed = _holder(tmp_path, monkeypatch)
    query = rt.settings.topic(topics.QUERY)
    mine = topics.partition_of(b"s-revoked", rt.settings.partitions)
    other = (mine + 1) % rt.settings.partitions
    ev = QueryReceived(session_id="s-revoked", query="q", occurred_at=T0)

    async def go() -> tuple[bool, bool]:
        deliveries: list[asyncio.Future[Any]] = []

        async def send(event: Event, data: bytes, partition: int | None = None, headers: Any = None) -> Any:
            deliveries.append(asyncio.get_running_loop().create_future())
            return deliveries[-1]

        rt._send = send  # type: ignore[method-assign]
        rt.app.rebalancing = False
        await agent.arrived(None, [(query, mine), (query, other)])
        await agent.recovered()
        await rt.emit(ev)  # on its way while the partition is held here
        rt.app.rebalancing = True  # a revoke begins (Faust sets it before any callback)
        await agent.left(None, [(query, mine), (query, other)])
        await agent.arrived(None, [(query, other)])  # the partition went to another worker
        await agent.recovered()  # this worker's tables recovered,
        rt.app.rebalancing = False  # and its streams resumed
        deliveries[0].set_result(Md(query, mine, 5))
        await rt.emit(ev.model_copy(update={"event_id": "on-a-partition-held-here"}))
        deliveries[1].set_result(Md(query, other, 6))
        for _ in range(5):
            await asyncio.sleep(0)
        return await rt.handover.taken("investigate", Md(query, mine, 5)), \
            await rt.handover.taken("investigate", Md(query, other, 6))

    revoked_taken, held_taken = asyncio.run(go())
    assert handed == [(other, 6)] and not revoked_taken, "left to the stream of the partition's holder"
    assert held_taken, "a partition still held here is handed over"


def test_nothing_is_handed_over_while_a_rebalance_or_its_recovery_is_under_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Assigned but not read yet: Faust pauses the partitions while the tables recover, and only
    then ends the rebalance (``app.rebalancing``); a fold or a stage then would act before the
    table holds what the changelog had."""
    rt, agent, handed = _holder(tmp_path, monkeypatch)
    query = rt.settings.topic(topics.QUERY)

    async def go() -> None:
        rt.app.rebalancing = True
        await agent.arrived(None, [(query, 1)])  # Faust's signal comes before the recovery ended
        rt.handover.landed(QueryReceived(session_id="s-1", query="q", occurred_at=T0), _acked(Md(query, 1, 3)))
        await agent.recovered()
        rt.app.rebalancing = False
        rt.handover.landed(QueryReceived(session_id="s-1", query="q", occurred_at=T0), _acked(Md(query, 1, 4)))
        for _ in range(5):
            await asyncio.sleep(0)

    asyncio.run(go())
    assert handed == [(1, 4)]


def test_nothing_is_handed_over_while_the_tables_of_an_assignment_recover_after_a_stale_recovery_ended(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A recovery that ends between a revoke and the assignment after it (its generation is still
    the current one) ends the rebalance: Faust clears ``app.rebalancing``, and nothing sets it again
    while the tables of the next assignment recover. The partitions of that assignment are read
    only once Faust says its tables recovered (``on_rebalance_complete`` after the assignment)."""
    rt, agent, handed = _holder(tmp_path, monkeypatch)
    query = rt.settings.topic(topics.QUERY)

    def land(offset: int) -> None:
        rt.handover.landed(QueryReceived(session_id="s-1", query="q", occurred_at=T0), _acked(Md(query, 1, offset)))

    async def go() -> None:
        rt.app.rebalancing = True  # the first rebalance: its recovery is under way
        await agent.arrived(None, [(query, 0)])
        await agent.left(None, [(query, 0)])  # the next revoke begins before that recovery ended
        await agent.recovered()  # it ends now: Faust's on_rebalance_complete, then
        rt.app.rebalancing = False  # on_rebalance_end (the generation did not change yet)
        await agent.arrived(None, [(query, 1)])  # the next assignment: its tables recover from here
        land(3)
        await agent.recovered()
        land(4)
        for _ in range(5):
            await asyncio.sleep(0)

    asyncio.run(go())
    assert handed == [(1, 4)], "an event landing while the partition's table recovers is left to the stream"


def _acked(md: Md) -> asyncio.Future[Any]:
    fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    fut.set_result(md)
    return fut
