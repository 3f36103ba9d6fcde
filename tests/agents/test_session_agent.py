"""The session agent (ChatService) through Faust's own test_context: it reads, folds, writes the
table and emits, on a real Faust app with the memory store and no broker."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from agents import session
from app.kafka import topics
from app.kafka.handover import Handed
from app.kafka.runtime import Runtime, build_runtime
from app.settings import Settings
from events import encode
from events.models import (
    AnswerComposed,
    AnswerDrafted,
    ComposeRequested,
    DeadLettered,
    Event,
    LogRef,
    QueryReceived,
    SessionExpired,
    StageStarted,
    WatchdogFired,
)
from tests.unit.factories import T0, offline_roles, run_session

DISK = "Why is ingest-node-03 failing to write logs with no space left on device?"


class Harness:
    """One session agent on an unstarted app; what it emits is captured instead of produced."""

    def __init__(self, **settings: Any) -> None:
        self.settings = Settings(topic_prefix="t.", app_id="agent-test", partitions=4, **settings)
        self.rt: Runtime = build_runtime(self.settings, "127.0.0.1:1", offline_roles())
        self.rt.app.finalize()
        self.rt.app.conf.store = "memory://"
        self.rt.app.flow_control.resume()
        self.emitted: list[Event] = []
        self.snapshots: list[str] = []
        self.rerouted: list[Event] = []

        async def emit(ev: Event) -> None:
            self.emitted.append(ev)

        def send_soon(name: str, key: str, value: bytes) -> None:
            self.snapshots.append(key)

        async def reroute(message: Any, ev: Event) -> None:
            self.rerouted.append(ev)

        self.rt.emit, self.rt.send_soon, self.rt.reroute = emit, send_soon, reroute  # type: ignore[method-assign]

        self.log: dict[tuple[str, int, int], tuple[bytes, bytes]] = {}
        log = self.log

        class Reader:
            async def read(self, ref: LogRef) -> tuple[bytes, bytes] | None:
                return log.get((ref.topic, ref.partition, ref.offset))

        self.agent = session.register(self.rt, Reader())  # type: ignore[arg-type]

    def on_the_log(self, topic: str, event: Event, offset: int) -> LogRef:
        """The event as a record the agent never got (Faust committed past it): readable by reference."""
        name = self.settings.topic(topic)
        partition = topics.partition_of(event.session_id.encode(), self.settings.partitions)
        self.log[(name, partition, offset)] = (event.session_id.encode(), encode(event))
        return LogRef(topic=name, partition=partition, offset=offset, event_id=event.event_id)

    async def put(self, ctx: Any, topic: str, event: Event | bytes, key: str, partition: int | None = None,
                  headers: list[tuple[str, bytes]] | None = None) -> None:
        ctx._get_strtopic = lambda _channel: self.settings.topic(topic)
        value = event if isinstance(event, bytes) else encode(event)
        if partition is None:
            partition = topics.partition_of(key.encode(), self.settings.partitions)
        if headers is None and not isinstance(event, bytes) and topic not in topics.CLIENT_WRITES:
            headers = topics.headers(event)
        await ctx.put(value=value, key=key.encode(), partition=partition, headers=headers)

    def state(self, sid: str) -> bytes | None:
        return self.rt.table.get(sid.encode())


@pytest.fixture
def h() -> Iterator[Harness]:
    yield Harness()


def _log(query: str = DISK) -> list[Event]:
    log, _, _ = run_session(query, session_id="s-a")
    return log


def test_a_session_is_folded_into_the_table_and_its_verdict_becomes_a_compose_request(h: Harness) -> None:
    log = _log()
    q = next(e for e in log if isinstance(e, QueryReceived))
    ex, rule, verdict = (next(e for e in log if e.event_type == t)
                         for t in ("ExecutorFinished", "RuleEvaluationRecorded", "VerdictReached"))

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, q, "s-a")
            await h.put(ctx, topics.EXECUTOR_RESULT, ex, "s-a")
            await h.put(ctx, topics.VERDICT, rule, "s-a")
            await h.put(ctx, topics.VERDICT, verdict, "s-a")

    asyncio.run(go())
    assert h.state("s-a") is not None and b'"stage":"composing"' in (h.state("s-a") or b"")
    [request] = [e for e in h.emitted if isinstance(e, ComposeRequested)]
    assert request.session_id == "s-a" and request.material.allowed_claims
    assert h.snapshots.count("s-a") >= 3, "a snapshot when the stage changes"


def test_a_stage_lease_is_not_folded(h: Harness) -> None:
    lease = StageStarted(session_id="s-l", stage="verify", worker_id="w", incarnation="i", occurred_at=T0,
                         lease_until=T0)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.CONTROL, lease, "s-l")

    asyncio.run(go())
    assert h.state("s-l") is None and not h.emitted


def test_a_client_event_on_another_partition_is_re_routed_not_folded(h: Harness) -> None:
    q = QueryReceived(session_id="s-r", query=DISK, occurred_at=T0)
    right = topics.partition_of(b"s-r", 4)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, q, "s-r", partition=(right + 1) % 4)

    asyncio.run(go())
    assert [e.event_id for e in h.rerouted] == [q.event_id] and h.state("s-r") is None


def test_an_unreadable_keyed_record_is_dead_lettered_and_its_session_answered_once_it_comes_back(h: Harness) -> None:
    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, b"not json at all", "s-bad")
            [dead] = [e for e in h.emitted if isinstance(e, DeadLettered)]
            assert h.state("s-bad") is None, "not folded where it was read"
            await h.put(ctx, topics.DEAD_LETTER, dead, "s-bad")

    asyncio.run(go())
    [answer] = [e for e in h.emitted if isinstance(e, AnswerComposed)]
    assert answer.session_id == "s-bad" and answer.degraded_reason == "invalid_input"
    assert "not JSON" in answer.final_answer


def test_an_answer_the_fold_writes_follows_the_answer_language_setting() -> None:
    """The fold writes some answers itself (invalid input, deadline, a failed stage): the agent
    hands it GROUNDGATE_ANSWER_LANGUAGE, as the Composer's stage gets it."""
    def invalid_input_answer(h: Harness) -> str:
        async def go() -> None:
            async with h.agent.test_context() as ctx:
                await h.put(ctx, topics.QUERY, b"not json at all", "s-bad")
                [dead] = [e for e in h.emitted if isinstance(e, DeadLettered)]
                await h.put(ctx, topics.DEAD_LETTER, dead, "s-bad")

        asyncio.run(go())
        [answer] = [e for e in h.emitted if isinstance(e, AnswerComposed)]
        return answer.final_answer

    def chinese(text: str) -> bool:
        return any("\u4e00" <= c <= "\u9fff" for c in text)

    assert not chinese(invalid_input_answer(Harness()))
    assert chinese(invalid_input_answer(Harness(answer_language="zh")))


def test_an_expired_answered_session_leaves_the_table(h: Harness) -> None:
    log = _log()
    answered = [e for e in log if e.event_type in ("QueryReceived", "ExecutorFinished", "RuleEvaluationRecorded",
                                                   "VerdictReached", "AnswerDrafted")]
    topic = {"QueryReceived": topics.QUERY, "ExecutorFinished": topics.EXECUTOR_RESULT,
             "RuleEvaluationRecorded": topics.VERDICT, "VerdictReached": topics.VERDICT,
             "AnswerDrafted": topics.DRAFT}

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            for e in answered:
                await h.put(ctx, topic[e.event_type], e, "s-a")
            assert b'"stage":"answered"' in (h.state("s-a") or b"")
            await h.put(ctx, topics.CONTROL, SessionExpired(session_id="s-a", occurred_at=T0, answered_at=T0), "s-a")

    asyncio.run(go())
    assert h.state("s-a") is None
    assert sum(isinstance(e, AnswerComposed) for e in h.emitted) == 1


def test_a_record_whose_handling_fails_is_passed_and_the_next_one_is_handled(h: Harness) -> None:
    calls = {"n": 0}
    real_emit = h.rt.emit

    async def flaky(ev: Event) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("the broker went away for a moment")
        await real_emit(ev)

    h.rt.emit = flaky  # type: ignore[method-assign]

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, b"first: unreadable", "s-x")
            await h.put(ctx, topics.QUERY, b"second: unreadable", "s-y")

    asyncio.run(go())
    assert [e.session_id for e in h.emitted if isinstance(e, DeadLettered)] == ["s-y"]


def _nudge(h: Harness, kind: str, q: QueryReceived, skipped: LogRef) -> WatchdogFired:
    """A nudge naming where the ledger saw the session's query (folded) and ``skipped``."""
    seen = LogRef(topic=h.settings.topic(topics.QUERY), partition=0, offset=1, event_id=q.event_id)
    return WatchdogFired(session_id="s-a", kind=kind, occurred_at=T0, opener=q, missed=[seen, skipped])  # type: ignore[arg-type]


def test_a_nudge_makes_the_agent_fold_what_faust_skipped_before_anything_is_re_driven(h: Harness) -> None:
    log = _log()
    q = next(e for e in log if isinstance(e, QueryReceived))
    ex, verdict = (next(e for e in log if e.event_type == t) for t in ("ExecutorFinished", "VerdictReached"))
    skipped = h.on_the_log(topics.VERDICT, verdict, offset=41)
    nudge = _nudge(h, "stalled", q, skipped)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, q, "s-a")
            await h.put(ctx, topics.EXECUTOR_RESULT, ex, "s-a")
            assert not h.emitted
            await h.put(ctx, topics.CONTROL, nudge, "s-a")

    asyncio.run(go())
    assert [type(e).__name__ for e in h.emitted] == ["ComposeRequested"], "folded the verdict, re-drove nothing"
    assert b'"stage":"composing"' in (h.state("s-a") or b"")


def test_a_nudge_that_folds_a_skipped_stage_input_re_drives_it_in_the_same_go(h: Harness) -> None:
    """Faust skipped the Executor result for the session agent and the Verifier alike (one stream
    position per partition): folding it sends nothing on (the Verifier reads it from the log), so
    the nudge that named it re-drives it at once rather than a stall later."""
    log = _log()
    q = next(e for e in log if isinstance(e, QueryReceived))
    ex = next(e for e in log if e.event_type == "ExecutorFinished")
    skipped = h.on_the_log(topics.EXECUTOR_RESULT, ex, offset=17)
    nudge = _nudge(h, "orphaned", q, skipped)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, q, "s-a")
            await h.put(ctx, topics.CONTROL, nudge, "s-a")

    asyncio.run(go())
    assert [e.event_id for e in h.emitted] == [ex.event_id], "the skipped Executor result, sent again once"
    assert b'"stage":"verifying"' in (h.state("s-a") or b"")


def test_a_nudge_that_folds_a_skipped_query_re_drives_the_query(h: Harness) -> None:
    q = next(e for e in _log() if isinstance(e, QueryReceived))
    skipped = h.on_the_log(topics.QUERY, q, offset=5)
    nudge = WatchdogFired(session_id="s-a", kind="stalled", occurred_at=T0, opener=q, missed=[skipped])

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.CONTROL, nudge, "s-a")

    asyncio.run(go())
    assert [e.event_id for e in h.emitted] == [q.event_id], "the Executor reads queries from the log: sent again"


def _handed(h: Harness, topic: str, event: Event, offset: int) -> Any:
    """The session agent's hand-over handler, and the record ``event`` became (app.kafka.handover)."""
    [(agent, handler)] = [(a, f) for a, f in h.rt.handover.handlers[h.settings.topic(topic)] if a == "session"]
    partition = topics.partition_of(event.session_id.encode(), h.settings.partitions)
    return handler(event, Handed(h.settings.topic(topic), partition, offset, event.session_id.encode()))


def test_a_handed_over_event_of_a_session_it_holds_is_folded_at_once_and_decides(h: Harness) -> None:
    log = _log()
    q = next(e for e in log if isinstance(e, QueryReceived))
    ex, rule, verdict = (next(e for e in log if e.event_type == t)
                         for t in ("ExecutorFinished", "RuleEvaluationRecorded", "VerdictReached"))

    async def go() -> list[bool]:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, q, "s-a")
            return [await _handed(h, topics.EXECUTOR_RESULT, ex, 10), await _handed(h, topics.VERDICT, rule, 11),
                    await _handed(h, topics.VERDICT, verdict, 12)]

    assert asyncio.run(go()) == [True, True, True]
    assert b'"stage":"composing"' in (h.state("s-a") or b""), "folded and written to the table"
    [request] = [e for e in h.emitted if isinstance(e, ComposeRequested)]
    assert request.session_id == "s-a"


def test_a_handed_over_event_of_a_session_not_held_yet_or_a_lease_is_left_to_the_stream(h: Harness) -> None:
    log = _log()
    ex = next(e for e in log if e.event_type == "ExecutorFinished")
    lease = StageStarted(session_id="s-a", stage="verify", worker_id="w", incarnation="i", occurred_at=T0,
                         lease_until=T0)

    async def go() -> list[bool]:
        async with h.agent.test_context():
            return [await _handed(h, topics.EXECUTOR_RESULT, ex, 3), await _handed(h, topics.CONTROL, lease, 4)]

    assert asyncio.run(go()) == [False, False]
    assert h.state("s-a") is None and not h.emitted, "the query that opens the session may still be on its way"


def test_a_handed_over_draft_the_session_is_not_composing_for_is_left_to_the_stream(h: Harness) -> None:
    log = _log()
    q = next(e for e in log if isinstance(e, QueryReceived))
    draft = next(e for e in log if e.event_type == "AnswerDrafted")

    async def go() -> bool:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, q, "s-a")
            return bool(await _handed(h, topics.DRAFT, draft, 5))

    assert asyncio.run(go()) is False
    assert not [e for e in h.emitted if isinstance(e, AnswerComposed)]


def test_the_stream_passes_over_the_copy_of_a_record_the_agent_was_handed(h: Harness) -> None:
    log = _log()
    q = next(e for e in log if isinstance(e, QueryReceived))
    ex = next(e for e in log if e.event_type == "ExecutorFinished")
    h.rt.handover.holds = lambda topic, partition: True
    decoded: list[str] = []
    real = h.rt.decode_or_dead_letter

    async def spy(value: Any, message: Any) -> Any:
        decoded.append(message.topic)
        return await real(value, message)

    h.rt.decode_or_dead_letter = spy  # type: ignore[method-assign]

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.QUERY, q, "s-a")
            sent: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            topic = h.settings.topic(topics.EXECUTOR_RESULT)
            sent.set_result(SimpleNamespace(topic=topic, partition=topics.partition_of(b"s-a", 4),
                                            offset=ctx.sent_offset, timestamp=0))
            h.rt.handover.landed(ex, sent)
            await h.put(ctx, topics.EXECUTOR_RESULT, ex, "s-a")  # its copy, at that offset

    asyncio.run(go())
    assert decoded == [h.settings.topic(topics.QUERY)], "the copy was read again"
    assert b'"stage":"verifying"' in (h.state("s-a") or b""), "folded by the hand-over"


def _answered_elsewhere(h: Harness) -> tuple[list[Event], AnswerDrafted, AnswerComposed]:
    """A session up to its compose request, and the draft and answer a run that died after its
    answer reached the log (and before its table's changelog record did) left on the log."""
    log = _log()
    before = [e for e in log if e.event_type in ("QueryReceived", "ExecutorFinished", "RuleEvaluationRecorded",
                                                 "VerdictReached")]
    draft = next(e for e in log if isinstance(e, AnswerDrafted))
    answer = next(e for e in log if isinstance(e, AnswerComposed))
    return before, draft, answer


TOPIC_OF_TYPE = {"QueryReceived": topics.QUERY, "ExecutorFinished": topics.EXECUTOR_RESULT,
                 "RuleEvaluationRecorded": topics.VERDICT, "VerdictReached": topics.VERDICT,
                 "AnswerDrafted": topics.DRAFT}


def test_an_answer_read_from_the_log_answers_the_session_so_its_draft_read_again_is_not_answered_again(
        h: Harness) -> None:
    before, draft, answer = _answered_elsewhere(h)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            for e in before:
                await h.put(ctx, TOPIC_OF_TYPE[e.event_type], e, "s-a")
            assert b'"stage":"composing"' in (h.state("s-a") or b"")
            await h.put(ctx, topics.ANSWER, answer, "s-a")
            assert b'"stage":"answered"' in (h.state("s-a") or b""), "the log's answer is folded"
            assert h.rt.stage_done("s-a", 1, "compose"), "no Composer call for a session answered on the log"
            await h.put(ctx, topics.DRAFT, draft, "s-a")

    asyncio.run(go())
    assert not [e for e in h.emitted if isinstance(e, AnswerComposed)], "answered again"
    assert answer.event_id in h.rt.answers_logged


def test_an_answer_of_a_session_the_table_does_not_hold_is_remembered_not_folded(h: Harness) -> None:
    _, _, answer = _answered_elsewhere(h)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await h.put(ctx, topics.ANSWER, answer, "s-a")

    asyncio.run(go())
    assert h.state("s-a") is None, "an expired session is not brought back by its answer"
    assert h.rt.stage_done("s-a", 1, "investigate")


async def _drafted_after_moving_here(h: Harness, ctx: Any, before: list[Event], draft: AnswerDrafted,
                                     tp: tuple[str, int], end: int) -> None:
    """The session's events up to its compose request, then ``tp`` moves here with its log ending
    at ``end`` (every other topic there read to its end), then the draft comes."""
    async def spans(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        return {t: (0, end if t == tp else 0) for t in tps}

    for e in before:
        await h.put(ctx, TOPIC_OF_TYPE[e.event_type], e, "s-a")
    await h.rt.moved.arrived([tp], spans)
    await h.put(ctx, topics.DRAFT, draft, "s-a")


def test_on_a_partition_that_just_moved_here_an_answer_waits_until_the_log_there_was_read(h: Harness) -> None:
    """The draft is read before the answer the dead run wrote (they are on different topics):
    the answer the fold decides waits until the agent read what the log held on the partition when
    it came, finds the same answer there, and is not sent."""
    before, draft, answer = _answered_elsewhere(h)
    partition = topics.partition_of(b"s-a", h.settings.partitions)
    answers = (h.settings.topic(topics.ANSWER), partition)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await _drafted_after_moving_here(h, ctx, before, draft, answers, 1)  # the dead run's answer at 0
            await asyncio.sleep(0.1)
            assert b'"stage":"answered"' in (h.state("s-a") or b"")
            assert not [e for e in h.emitted if isinstance(e, AnswerComposed)], "sent before the log was read"
            ctx._get_strtopic = lambda _channel: answers[0]
            await ctx.put(value=encode(answer), key=b"s-a", partition=partition, headers=topics.headers(answer))
            h.rt.moved.read(answers[0], partition, 0)  # as the agent's loop marks what it read
            await asyncio.sleep(0.1)
            await asyncio.gather(*h.rt.tasks)

    asyncio.run(go())
    assert not [e for e in h.emitted if isinstance(e, AnswerComposed)], "the answer on the log was sent again"


@pytest.mark.parametrize("behind", ["answers", "drafts"])
def test_on_a_partition_that_just_moved_here_an_answer_not_on_the_log_is_sent(h: Harness, behind: str) -> None:
    """Once the agent has read what the answer topic held there when the partition came; at once
    when only another topic is still to be read there (it cannot hold the answer)."""
    before, draft, _ = _answered_elsewhere(h)
    partition = topics.partition_of(b"s-a", h.settings.partitions)
    tp = (h.settings.topic(topics.ANSWER if behind == "answers" else topics.DRAFT), partition)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await _drafted_after_moving_here(h, ctx, before, draft, tp, 10_000)
            await asyncio.sleep(0.1)
            sent = [e for e in h.emitted if isinstance(e, AnswerComposed)]
            assert len(sent) == (0 if behind == "answers" else 1)
            h.rt.moved.read(tp[0], partition, 9_999)
            await asyncio.gather(*h.rt.tasks)

    asyncio.run(go())
    [sent] = [e for e in h.emitted if isinstance(e, AnswerComposed)]
    assert sent.session_id == "s-a"


def test_an_answer_waiting_on_a_partition_that_moved_away_meanwhile_is_left_to_its_next_holder(h: Harness) -> None:
    """The partition came, the answer waited for the log there to be read, and the partition was
    revoked before that: the next holder decides (it may have answered already), this one sends
    nothing, even once the log it waited for was read."""
    before, draft, _ = _answered_elsewhere(h)
    partition = topics.partition_of(b"s-a", h.settings.partitions)
    tp = (h.settings.topic(topics.ANSWER), partition)

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            await _drafted_after_moving_here(h, ctx, before, draft, tp, 10)
            await asyncio.sleep(0.05)
            h.rt.moved.left([tp])  # revoked: nothing to wait for any more, and not held either
            await asyncio.gather(*h.rt.tasks)

    asyncio.run(go())
    assert not [e for e in h.emitted if isinstance(e, AnswerComposed)], "sent for a partition no longer held"


def test_an_answer_read_back_from_the_log_is_kept_by_its_place_so_a_nudge_that_crossed_it_sends_nothing(
        h: Harness) -> None:
    """The table says where the answer is on the log: a worker that holds the session next (its
    consumer's group offset already past the answer) does not send it again for a nudge the ledger
    sent while the answer was on its way."""
    before, draft, _ = _answered_elsewhere(h)
    q = next(e for e in before if isinstance(e, QueryReceived))

    async def go() -> None:
        async with h.agent.test_context() as ctx:
            for e in [*before, draft]:
                await h.put(ctx, TOPIC_OF_TYPE[e.event_type], e, "s-a")
            [answer] = [e for e in h.emitted if isinstance(e, AnswerComposed)]
            await h.put(ctx, topics.ANSWER, answer, "s-a")
            assert b'"answer_ref":{' in (h.state("s-a") or b""), "the answer's place is kept"
            nudge = WatchdogFired(session_id="s-a", kind="regrouped", opener=q,
                                  occurred_at=answer.occurred_at + timedelta(seconds=5))
            await h.put(ctx, topics.CONTROL, nudge, "s-a")

    asyncio.run(go())
    assert len([e for e in h.emitted if isinstance(e, AnswerComposed)]) == 1, "sent again for the nudge"


@pytest.mark.parametrize("nudged_meanwhile", [False, True])
def test_the_leases_before_a_moved_in_control_partition_s_start_are_read_back_while_it_is_pending(
        h: Harness, monkeypatch: pytest.MonkeyPatch, nudged_meanwhile: bool) -> None:
    """The run that held the partition committed past the lease of a stage it still runs: the lease
    is read back from before the agent's start (``app.kafka.lease_log``), the partition pending
    meanwhile, and the stage is then held by that run here, unless a nudge for the session that lies
    after the lease was read (here, while the partition's spans were asked for)."""
    from app.kafka import lease_log, members
    from app.kafka.session_agent import SessionAgent

    agent = SessionAgent(h.rt, None)  # type: ignore[arg-type]  # reads nothing back by reference here
    agent.connect()
    partition = topics.partition_of(b"s-a", h.settings.partitions)
    control = (h.settings.topic(topics.CONTROL), partition)
    theirs = StageStarted(session_id="s-a", round=1, occurred_at=T0, stage="compose", worker_id="w-peer",
                          incarnation="peer-run", lease_until=T0 + timedelta(days=3650))
    asked: list[tuple[str, dict[tuple[str, int], int], dict[tuple[str, int], int], bool]] = []

    async def group_spans(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        if nudged_meanwhile:
            h.rt.held.released("s-a", 8)  # as the stream does for a nudge it reads while the broker answers
        return {tp: (7, 7) for tp in tps}  # read to the end already: only the span before matters

    async def before(settings: Settings, bootstrap: str, group: str, starts: dict[tuple[str, int], int],
                     ends: dict[tuple[str, int], int] | None = None) -> list[lease_log.Record]:
        asked.append((group, dict(starts), dict(ends or {}), h.rt.moved.pending(partition)))
        return [("StageStarted", "s-a", encode(theirs), 5)]

    agent.group_spans = group_spans
    monkeypatch.setattr(lease_log, "before", before)
    asyncio.run(agent.arrived(None, [control, (h.settings.topic(topics.QUERY), partition)]))
    assert asked == [(members.groups_of(h.settings)[1], {control: 7}, {control: 7}, True)]
    assert h.rt.held.holder("s-a", 1, "compose", T0) == (None if nudged_meanwhile else "peer-run")
    assert not h.rt.moved.pending(partition)


@pytest.mark.parametrize(("handed_to_the_agent", "nudged_before"), [(False, False), (True, False), (False, True)],
                         ids=["stream-skipped-it", "stream-read-it", "stream-read-an-older-nudge-and-skipped-it"])
def test_a_lease_the_moved_in_control_partition_held_past_the_agent_s_start_holds_its_stage_before_it_can_start(
        h: Harness, monkeypatch: pytest.MonkeyPatch, handed_to_the_agent: bool, nudged_before: bool) -> None:
    """Another live run leased the stage after the offset the agent starts at, before the partition
    came (a fault run on Apache Kafka: the old holder's lease 20 ms before the rebalance, its model
    call still running). The stage waits until the agent has read to where the log ended, but what
    the agent reads is what Faust hands it, and a stream can skip a record across a rebalance: the
    lease is read back with the partition's span, so the stage is left to that run either way, and a
    nudge for the session that lies before the lease (the ledger re-drove the stage to that run)
    does not void it when the stream reads the nudge after the read-back."""
    from app.kafka import lease_log
    from app.kafka.session_agent import SessionAgent

    agent = SessionAgent(h.rt, None)  # type: ignore[arg-type]  # reads nothing back by reference here
    agent.connect()
    h.rt.held = type(h.rt.held)("mine", "w-mine")
    partition = topics.partition_of(b"s-a", h.settings.partitions)
    control = (h.settings.topic(topics.CONTROL), partition)
    until = T0 + timedelta(days=3650)

    def lease(sid: str, stage: str) -> StageStarted:
        return StageStarted(session_id=sid, round=1, occurred_at=T0, stage=stage, worker_id="w-peer",
                            incarnation="peer-run", lease_until=until)

    # the control partition's log when it came: the agent starts at 5, the log ends at 10
    on_log: dict[int, Event] = {offset: lease(f"s-other-{offset}", "compose") for offset in range(10)}
    on_log[6] = lease("s-a", "verify")
    if nudged_before:
        on_log[5] = WatchdogFired(session_id="s-a", round=1, occurred_at=T0, kind="orphaned")

    async def group_spans(tps: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[int, int]]:
        return {control: (5, 10)}

    async def before(settings: Settings, bootstrap: str, group: str, starts: dict[tuple[str, int], int],
                     ends: dict[tuple[str, int], int] | None = None) -> list[lease_log.Record]:
        upto = max(starts[control], (ends or {}).get(control, starts[control]))  # the reader's contract
        return [(ev.event_type, ev.session_id, encode(ev), offset) for offset, ev in on_log.items() if offset < upto]

    async def handle(ev: Event, ref: LogRef | None = None) -> int:
        return 0  # the fold of the nudge is not this test's business (a table writes only in a stream)

    agent.group_spans = group_spans
    agent.handle = handle  # type: ignore[method-assign]
    monkeypatch.setattr(lease_log, "before", before)
    called: list[str] = []

    async def work() -> list[Event]:
        called.append("model")
        return []

    async def go() -> None:
        await agent.arrived(None, [control])
        ev = QueryReceived(session_id="s-a", query="q", occurred_at=T0)
        await h.rt.run_stage("verify", ev, work, "the input read again")  # waits while the partition is pending
        for offset in range(5, 10):
            if offset == 6 and not handed_to_the_agent:
                continue
            ev = on_log[offset]
            message = SimpleNamespace(topic=control[0], partition=partition, offset=offset, key=ev.session_id.encode(),
                                      headers=topics.headers(ev), timestamp=0)
            await agent.on_event(encode(ev), message)
        await asyncio.wait_for(asyncio.gather(*h.rt.tasks), 2)

    asyncio.run(go())
    assert not h.rt.moved.pending(partition)
    assert called == [] and not [e for e in h.emitted if isinstance(e, StageStarted)], "left to the run that leased it"
