"""The audit's stage times for every way a session ends: a stage ends with its result or with
the StageFailed that names it, an unknown time is NULL (never 1970), and the latency panel
counts failed stages and puts each deadline miss on the stage that was running when the time
ran out."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest

from app.audit.dashboard import Window, run_all
from app.audit.store import AuditStore
from app.domain.chat_service import snapshot
from app.domain.session import replay
from events.models import (
    ComposeRequested,
    DeadLettered,
    Event,
    QueryReceived,
    StageFailed,
    WatchdogFired,
)
from tests.unit.factories import T0, run_session

Q = "Why do payments-api pods keep restarting with exit code 137?"
S = timedelta(seconds=1)


def _answered(events: list[Event]) -> tuple[list[Event], Any]:
    """The events and the answer the fold gives them, with the snapshot the audit stores."""
    state = replay(events)
    assert state is not None and state.answer is not None
    return [*events, state.answer], snapshot(state)


def _opened(sid: str) -> QueryReceived:
    return QueryReceived(session_id=sid, query=Q, occurred_at=T0, deadline_s=10)


def _failed(sid: str, stage: str, reason: str, at: timedelta) -> StageFailed:
    return StageFailed(session_id=sid, occurred_at=T0 + at, stage=stage, reason=reason)  # type: ignore[arg-type]


def _cut_after_verdict(sid: str) -> list[Event]:
    """A session whose verdict came and whose Composer was still working at the deadline."""
    log, _, _ = run_session(Q, session_id=sid)
    log = log[:next(i for i, e in enumerate(log) if isinstance(e, ComposeRequested)) + 1]
    opener = log[0]
    assert isinstance(opener, QueryReceived)
    log[0] = opener.model_copy(update={"deadline_s": 5.0})
    return [*log, WatchdogFired(session_id=sid, occurred_at=T0 + 5 * S, kind="deadline")]


SESSIONS: dict[str, list[Event]] = {
    "executor-failed": [_opened("executor-failed"), _failed("executor-failed", "investigate", "model_unavailable", 4 * S)],
    "investigate-cut-to-its-share": [_opened("investigate-cut-to-its-share"),
                                     _failed("investigate-cut-to-its-share", "investigate", "deadline", 6.8 * S)],
    "invalid-input": [DeadLettered(session_id="invalid-input", occurred_at=T0 + 1 * S, source_topic="query",
                                   reason="not JSON", raw="{'query': ")],
    "cut-after-verdict": _cut_after_verdict("cut-after-verdict"),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AuditStore]:
    s = AuditStore(f"chdb://{tmp_path_factory.mktemp('stage-times') / 'chdb'}")
    s.migrate()
    for events in SESSIONS.values():
        log, snap = _answered(events)
        s.write([("t", e) for e in log], [snap])
    yield s
    s.close()


def _times(store: AuditStore, sid: str) -> dict[str, Any]:
    cols, [row] = store.query_with_columns(
        "SELECT investigate_ms, verify_ms, compose_ms, total_ms, deadline_hit "
        f"FROM gg_query_outcomes WHERE session_id = '{sid}'")
    return dict(zip(cols, row, strict=True))


def test_a_failed_stage_ends_when_it_failed_and_the_stages_it_never_reached_have_no_time(store: AuditStore) -> None:
    t = _times(store, "executor-failed")
    assert (t["investigate_ms"], t["verify_ms"], t["compose_ms"], t["total_ms"]) == (4000, None, None, 4000)
    assert not t["deadline_hit"]
    assert store.query("SELECT failed_stages FROM gg_query_outcomes WHERE session_id = 'executor-failed'") \
        == [(["investigate"],)]


def test_a_session_that_never_opened_with_a_query_has_no_times(store: AuditStore) -> None:
    t = _times(store, "invalid-input")
    assert (t["investigate_ms"], t["verify_ms"], t["compose_ms"], t["total_ms"]) == (None, None, None, None)


def test_a_stage_cut_by_the_deadline_has_no_end_and_no_negative_time(store: AuditStore) -> None:
    t = _times(store, "cut-after-verdict")
    assert t["investigate_ms"] >= 0 and t["verify_ms"] >= 0 and t["compose_ms"] is None
    assert t["total_ms"] == 5000 and t["deadline_hit"]


def test_the_latency_panel_counts_failed_stages_and_each_miss_on_its_own_stage(store: AuditStore) -> None:
    [panel] = [p for p in run_all(store, Window(T0 - timedelta(hours=1), T0 + timedelta(hours=1)))
               if p.query.name == "07_stage_latency"]
    assert not panel.error
    rows = {r[0]: dict(zip(panel.columns, r, strict=True)) for r in panel.rows}
    assert rows["investigate"]["sessions"] == 3  # both failed investigates and the one that went on
    assert rows["investigate"]["p99"] == 6800
    assert rows["compose"]["sessions"] == 0 and rows["total"]["sessions"] == 3
    assert {s: r["deadline_misses"] for s, r in rows.items()} == {"investigate": 1, "verify": 0, "compose": 1,
                                                                  "total": 2}
