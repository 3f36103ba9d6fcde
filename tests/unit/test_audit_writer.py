"""The audit writer record by record: what a record becomes, what it does with one it cannot
audit, a batch the store refuses for its data, and a store that is away."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from aiokafka import ConsumerRecord, TopicPartition
from clickhouse_connect.driver.exceptions import DatabaseError, DataError, OperationalError

from app.audit.rows import SnapshotError, nests_deeper, new_rows, snapshot_rows
from app.audit.sink import AuditSink, Health, Unit, Where, record_rows
from app.audit.store import AuditStore, refuses_data
from app.domain.chat_service import snapshot
from app.domain.session import replay
from app.domain.state import DiagnosisSession
from app.kafka import topics
from app.metrics import AUDIT_DEAD_LETTERED, LOOP_ERRORS
from app.settings import Settings
from events import encode
from events.models import (
    AnswerComposed,
    ComposeRequested,
    DeadLettered,
    Event,
    ExecutorFinished,
    QueryReceived,
    StageFailed,
    ToolInvocation,
    Usage,
    WatchdogFired,
)
from tests.unit.factories import T0, run_session
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with

SETTINGS = Settings(topic_prefix="gg.")
LOG, STATE, ANSWERS = run_session("Why do payments-api pods keep restarting with exit code 137?", session_id="a-1")


def record(name: str, value: bytes | None, offset: int = 0, key: bytes | None = b"a-1") -> ConsumerRecord[Any, Any]:
    return ConsumerRecord(topic=f"gg.{name}", partition=0, offset=offset, timestamp=1_700_000_000_000,
                          timestamp_type=0, key=key, value=value, checksum=None, serialized_key_size=0,
                          serialized_value_size=len(value or b""), headers=[])


def of(ev: Event) -> ConsumerRecord[Any, Any]:
    return record(topics.TOPIC_OF[ev.event_type], encode(ev))


def skipped() -> float:
    return LOOP_ERRORS.labels(loop="audit")._value.get()


# ---------------------------------------------------------------- what a record becomes


def test_an_event_is_stored_as_it_was_on_the_log() -> None:
    answer = ANSWERS[0]
    sid, rows = record_rows(topics.ANSWER, of(answer))
    [event_row] = rows["gg_events"]
    assert sid == "a-1" and event_row[-1] == encode(answer) and event_row[5] == topics.ANSWER
    assert rows["gg_outcomes"][0][:3] == ["a-1", answer.event_id, answer.verdict]


def test_every_pipeline_event_becomes_its_rows() -> None:
    rows = new_rows()
    for ev in LOG:
        for table, r in record_rows(topics.TOPIC_OF[ev.event_type], of(ev))[1].items():
            rows[table] += r
    assert len(rows["gg_events"]) == len(LOG)
    assert {"gg_model_calls", "gg_tool_calls", "gg_facts", "gg_trace_items", "gg_outcomes"} <= set(rows)


def test_a_session_snapshot_is_stored_as_it_came() -> None:
    raw = snapshot(STATE)
    rows = new_rows()
    assert snapshot_rows(raw, rows) == "a-1"
    [row] = rows["gg_session_snapshots"]
    assert row[0] == "a-1" and row[2] == "answered" and row[-1] == raw.decode()


@pytest.mark.parametrize(("raw", "why"), [
    (b"[1, 2]", "not a JSON object"),
    (b'{"session_id": ' + b"[" * 10_000 + b"]" * 10_000 + b"}", "nested deeper"),
    (b"[" * 50 + b"{}" + b"]" * 50, "not a JSON object"),
    (json.dumps({"session_id": "s", "deep": json.loads("[" * 120 + "]" * 120)}).encode(), "nested deeper"),
    (b'{"session_id": "s", "events_folded": 1, "stage": "answered", "round": 1}\xff', "not UTF-8"),
    (b'{"stage": "answered"}', "session_id"),
    (b'{"session_id": "s", "events_folded": -1, "stage": "answered", "round": 1}', "events_folded"),
    (b'{"session_id": "s", "events_folded": 1, "stage": "answered", "round": 1, "updated_at": "noon"}', "updated_at"),
    (b'{"session_id": "\\ud800", "events_folded": 1, "stage": "x", "round": 1}', "session_id"),
    (b"", "empty"),
], ids=["array", "nested-10000", "nested-array", "nested-120", "not-utf8", "no-session", "negative-version",
        "bad-time", "surrogate", "empty"])
def test_a_snapshot_that_is_not_one_is_refused_with_a_reason(raw: bytes, why: str) -> None:
    with pytest.raises(SnapshotError, match=why):
        snapshot_rows(raw, new_rows())


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert not nests_deeper(json.dumps({"a": "[" * 500, "b": [[1]]}).encode(), 4)
    assert nests_deeper(json.dumps({"b": [[[[[1]]]]]}).encode(), 4)


# ---------------------------------------------------------------- records it cannot audit


def sink() -> AuditSink:
    return AuditSink(SETTINGS, "127.0.0.1:1", lambda: pytest.fail("no store in this test"), Health(name="t"))


def test_unreadable_or_forged_records_are_skipped_counted_and_named(caplog: pytest.LogCaptureFixture) -> None:
    """A record no reader takes (bad client input, a forged internal event) is the worker's to
    dead-letter: counted apart, never as the writer's loop error; an unreadable snapshot (workers
    write them) is the writer's skip."""
    forged = AnswerComposed(session_id="victim", verdict="PASS", groundedness_score=1.0, final_answer="ok",
                            rounds=1)
    client = [record(topics.QUERY, b"[" * 10_000 + b"]" * 10_000, offset=1),
              record(topics.QUERY, encode(forged), offset=2, key=b"victim"),  # an internal event on a client topic
              record(topics.QUERY, b"\xff\xfe", offset=3)]
    internal = [record(topics.SESSION_STATE, b'"just a string"', offset=4),
                record(topics.SESSION_STATE, None, offset=5)]
    good = of(LOG[0])
    before, dead_before = skipped(), AUDIT_DEAD_LETTERED._value.get()
    caplog.set_level(logging.INFO, logger="app.audit.sink")

    async def go() -> tuple[list[Unit], int]:
        s = sink()
        units = s.units({TopicPartition("gg.query", 0): [*client, good],
                         TopicPartition("gg.session-state", 0): internal})
        return units, s.health.skipped

    units, n = asyncio.run(go())
    assert [u.where.offset for u in units] == [good.offset]
    assert n == len(internal) and skipped() - before == len(internal)
    assert AUDIT_DEAD_LETTERED._value.get() - dead_before == len(client)
    lines = [r.getMessage() for r in caplog.records if "skipped a record" in r.getMessage()
             or "DeadLettered record" in r.getMessage()]
    assert len(lines) == len(client) + len(internal)
    assert all("topic=gg." in ln and "partition=0" in ln and "offset=" in ln and "session_id=" in ln for ln in lines)
    assert any("session_id=victim" in ln and "not accepted" in ln for ln in lines)


def test_a_record_whose_rows_cannot_be_built_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    import app.audit.sink as sink_module

    def boom(*_: Any) -> None:
        raise KeyError("verdict")

    monkeypatch.setattr(sink_module, "event_rows", boom)

    async def go() -> tuple[list[Unit], int]:
        s = sink()
        return s.units({TopicPartition("gg.composed-answer", 0): [of(ANSWERS[0])]}), s.health.skipped

    assert asyncio.run(go()) == ([], 1)


# ---------------------------------------------------------------- batches the store refuses or cannot take


@pytest.mark.parametrize(("exc", "data"), [
    (DataError("Unable to create native array for column `input_tokens`"), True),
    (ValueError("year 0 is out of range"), True),
    (UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed"), True),
    (DatabaseError("Code: 53. TYPE_MISMATCH", code=53), True),
    (DatabaseError("Code: 60. UNKNOWN_TABLE", code=60), False),
    (DatabaseError("Code: 241. MEMORY_LIMIT_EXCEEDED", code=241), False),
    (OperationalError("connection refused"), False),
    (ConnectionRefusedError(), False),
], ids=["encoding", "value", "surrogate", "type-mismatch", "unknown-table", "memory", "unreachable", "refused"])
def test_only_errors_about_the_data_are_data_errors(exc: BaseException, data: bool) -> None:
    assert refuses_data(exc) is data


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AuditStore]:
    s = AuditStore(f"chdb://{tmp_path_factory.mktemp('writer') / 'chdb'}")
    s.migrate()
    yield s
    s.close()


def executor_result(sid: str, tokens: int) -> ExecutorFinished:
    return ExecutorFinished(session_id=sid, original_query="q", occurred_at=T0,
                            tool_invocations=[ToolInvocation(invocation_id=f"{sid}-i", tool_name="kb_search")],
                            usage=[Usage(role="executor", model="m", input_tokens=tokens)])


def test_a_batch_refused_for_one_record_stores_the_others(store: AuditStore) -> None:
    evs = [executor_result(f"ok-{i}", 10) for i in range(7)]
    evs.insert(3, executor_result("bad", -1))  # a value ClickHouse's UInt32 column refuses

    async def go() -> AuditSink:
        s = AuditSink(SETTINGS, "127.0.0.1:1", lambda: store, Health(name="t"))
        units = s.units({TopicPartition("gg.executor-result", 0): [
            record(topics.EXECUTOR_RESULT, encode(e), offset=i, key=e.session_id.encode()) for i, e in enumerate(evs)]})
        await s.store_units(units)
        return s

    s = asyncio.run(go())
    assert s.health.skipped == 1 and not s.health.failing and s.health.errors == 0
    sessions = {e.session_id for e in evs}
    events = {sid for (sid,) in store.query("SELECT DISTINCT session_id FROM gg_events")}
    calls = {sid for (sid,) in store.query("SELECT DISTINCT session_id FROM gg_model_calls")}
    tools = {sid for (sid,) in store.query("SELECT DISTINCT session_id FROM gg_tool_calls")}
    assert sessions <= events and sessions <= tools and sessions - calls == {"bad"}  # only the refused row is left out


class FlakyStore:
    """Away for the first ``down`` writes (as an unreachable server), then takes everything."""

    def __init__(self, down: int) -> None:
        self.down, self.written = down, 0

    def insert_rows(self, rows: Any) -> int:
        if self.down:
            self.down -= 1
            raise OperationalError("Error HTTPConnectionPool: connection refused")
        self.written += sum(len(v) for v in rows.values())
        return self.written

    def answers(self) -> bool:
        return self.down == 0

    def insert_health(self, *_: Any, **__: Any) -> None:
        pass


def test_a_store_that_is_away_keeps_the_batch_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import app.audit.sink as sink_module

    monkeypatch.setattr(sink_module, "RETRY_FIRST_S", 0.001)
    flaky = FlakyStore(down=3)

    async def go() -> Health:
        s = AuditSink(SETTINGS, "127.0.0.1:1", lambda: flaky, Health(name="t"))  # type: ignore[arg-type,return-value]
        await s.store_units(s.units({TopicPartition("gg.composed-answer", 0): [of(ANSWERS[0])]}))
        return s.health

    h = asyncio.run(go())
    assert flaky.written > 0 and h.errors == 3 and h.skipped == 0 and not h.failing
    assert "connection refused" in h.last_error


# ---------------------------------------------------------------- health


def test_the_idle_writer_logs_at_info_only_when_it_has_caught_up_after_writing(caplog: pytest.LogCaptureFixture
                                                                                ) -> None:
    caplog.set_level(logging.DEBUG, logger="app.audit.sink")

    async def go() -> None:
        s = sink()
        for rows in (0, 5, 5, 5, 9, 9):
            s.health.rows_written = rows
            await s.report()
        s.health.failing, s.health.last_error, s.health.rows_written = True, "OperationalError: down", 12
        await s.report()

    asyncio.run(go())
    info = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert info == ["audit writer: lag 0 message(s), 5 row(s) written",
                    "audit writer: lag 0 message(s), 9 row(s) written"]
    debug = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG and "audit writer" in r.getMessage()]
    assert debug[-1].endswith("failing: OperationalError: down")


def test_the_health_row_says_the_writer_is_failing(store: AuditStore) -> None:
    store.insert_health("w-failing", 42, 7, "OperationalError: down", failing=True, errors=3, skipped=1)
    [row] = store.query("SELECT lag_messages, failing, errors, skipped, last_error FROM gg_audit_health "
                        "WHERE worker = 'w-failing'")
    assert row == (42, True, 3, 1, "OperationalError: down")


def test_where_names_the_record() -> None:
    assert str(Where("gg.query", 2, 17, "s-1")) == "topic=gg.query partition=2 offset=17 session_id=s-1"


# ---------------------------------------------------------------- every way a session ends


def _ended(how: str) -> DiagnosisSession:  # noqa: PLR0911
    """The final state of a session that ended ``how``."""
    sid = f"end-{how}"
    q = QueryReceived(session_id=sid, query="Why can't ingest-node-03 write its logs?", occurred_at=T0, deadline_s=30)
    log = "2026-11-29T09:52:30Z ingest-node-03 ingest-worker[4410]: write failed: No space left on device (ENOSPC)"
    r1 = ([inv("i1", log)], output(claim("c1", "ingest-node-03 ingest-worker: No space left on device (ENOSPC)",
                                        ("i1",)), claim("c2", "log rotation stopped on Monday"),
                                  claim("c3", "the retention job was disabled last week")))
    if how == "deadline-before-any-verdict":
        return replay([q, WatchdogFired(session_id=sid, occurred_at=T0, kind="deadline")])
    if how == "investigate-failed":
        return replay([q, StageFailed(session_id=sid, occurred_at=T0, stage="investigate", reason="model_unavailable")])
    if how == "hostile-input":
        return replay([DeadLettered(session_id=sid, occurred_at=T0, source_topic="query", reason="not JSON",
                                    raw="{'query': ")])
    if how == "retry-round":
        _, state, [a] = run_session(q.query, sid, roles_with("offline", ScriptedExecutor({1: r1, 2: r1})))
        assert a.rounds == 2
        return state
    if how == "reject":
        fabricated = ([inv("i1", log)], output(claim("c1", "db-prod-77 returned ORA-00257", ("i1",))))
        _, state, [a] = run_session(q.query, sid, roles_with("all-direct", ScriptedExecutor({1: fabricated})))
        assert a.verdict == "REJECT"
        return state
    if how == "verifier-failed":
        events = run_session(q.query, sid, roles_with("offline", ScriptedExecutor({1: r1})))[0]
        executed = next(e for e in events if isinstance(e, ExecutorFinished))
        return replay([q, executed, StageFailed(session_id=sid, occurred_at=T0, stage="verify", reason="deadline")])
    if how == "deadline-after-a-verdict":
        events = run_session(q.query, sid, roles_with("offline", ScriptedExecutor({1: r1})))[0]
        composing = next(i for i, e in enumerate(events) if isinstance(e, ComposeRequested))
        return replay([*events[:composing + 1], WatchdogFired(session_id=sid, occurred_at=T0, kind="deadline")])
    raise AssertionError(how)


ENDINGS = ["deadline-before-any-verdict", "investigate-failed", "hostile-input", "retry-round", "reject",
           "verifier-failed", "deadline-after-a-verdict"]


@pytest.mark.parametrize("how", ENDINGS)
def test_every_session_is_stored_whatever_state_it_ended_in(how: str, store: AuditStore) -> None:
    """A session degraded before its first verdict has ``verdict: null``: stored, never refused (the
    writer used to skip it, and the session never showed as answered). An answered snapshot's verdict
    and score are its answer's, whatever the last Verifier verdict was (a deadline after a PASS)."""
    state = _ended(how)
    assert state.stage == "answered" and state.answer is not None
    rows = new_rows()
    assert snapshot_rows(snapshot(state), rows) == state.session_id
    assert store.insert_rows(rows) == 1
    [(stage, verdict, score)] = store.query("SELECT stage, verdict, score FROM gg_session_snapshots FINAL "
                                            "WHERE session_id = {s:String}", {"s": state.session_id})
    assert (stage, verdict, score) == ("answered", state.answer.verdict, state.answer.groundedness_score)
    if how == "deadline-after-a-verdict":
        ve = state.verifier_evaluation
        assert ve is not None and ve.verdict != verdict == "REJECT", "the Verifier's verdict is not the answer's"


def test_answered_snapshots_stored_before_migration_009_take_their_answers_verdict(store: AuditStore) -> None:
    from app.audit.rows import COLUMNS
    from app.audit.store import SQL_DIR, sql_statements

    state = _ended("deadline-after-a-verdict")
    ve = state.verifier_evaluation
    assert ve is not None and state.answer is not None
    old = state.model_copy(update={"session_id": "before-009"})
    store.client.insert("gg_session_snapshots", [[old.session_id, 1, "answered", 1, ve.verdict, 0.7, old.updated_at,
                                                  snapshot(old).decode()]],
                        column_names=COLUMNS["gg_session_snapshots"])  # as the writer stored it before
    for stmt in sql_statements((SQL_DIR / "009_snapshot_verdict.sql").read_text()):
        store.command(stmt)
    assert store.query("SELECT verdict, score FROM gg_session_snapshots FINAL WHERE session_id = 'before-009'") \
        == [("REJECT", 0.0)]


def test_a_stage_run_twice_keeps_both_runs_model_calls(store: AuditStore) -> None:
    """Migration 010: a stage whose lease ran out mid-call runs again and emits its event again under
    the same event_id; both runs called (and paid for) the model, so the audit keeps both. The same
    record written twice (a writer restarted before its commit) is still one row."""
    from datetime import timedelta

    first = executor_result("twice", 10)
    second = first.model_copy(update={"occurred_at": T0 + timedelta(seconds=40),
                                      "usage": [Usage(role="executor", model="m", input_tokens=12)]})
    assert second.event_id == first.event_id
    for ev in (first, second, first):
        store.write([(topics.TOPIC_OF[ev.event_type], ev)])
    assert sorted(store.query("SELECT input_tokens FROM gg_model_calls FINAL WHERE session_id = 'twice'")) \
        == [(10,), (12,)]
