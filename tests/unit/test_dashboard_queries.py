"""The dashboard queries on the ClickHouse engine over rows the audit writes: they read the
rollups the materialized views keep, only within their time window, and a batch written twice
counts once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import timedelta

import pytest

from app.audit.dashboard import Panel, Window, queries, run_all
from app.audit.store import SQL_DIR, AuditStore, sql_statements
from events.models import AnswerComposed, Event
from tests.unit.factories import T0, run_session

QUESTIONS = {"pass": "Why do payments-api pods keep restarting with exit code 137?",
             "low": "Why do clients get x509 certificate has expired errors from the edge proxy?",
             "reject": "Checkout fails with error ERR-7781 on host web-19. What is the root cause?"}
AROUND_T0 = Window(T0 - timedelta(hours=1), T0 + timedelta(hours=1))


def _write(store: AuditStore, log: list[Event]) -> None:
    store.write([("t", e) for e in log])


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AuditStore, list[AnswerComposed]]]:
    s = AuditStore(f"chdb://{tmp_path_factory.mktemp('dash') / 'chdb'}")
    s.migrate()
    answers: list[AnswerComposed] = []
    for name, q in QUESTIONS.items():
        log, _, got = run_session(q, session_id=f"d-{name}")
        _write(s, log)
        _write(s, log)  # redelivered: written twice, counted once
        answers += got
    yield s, answers
    s.close()


@pytest.fixture(scope="module")
def panels(stored: tuple[AuditStore, list[AnswerComposed]]) -> dict[str, Panel]:
    return {p.query.name: p for p in run_all(stored[0], AROUND_T0)}


def test_every_query_runs_in_its_window(panels: dict[str, Panel]) -> None:
    assert set(panels) == {q.name for q in queries()}
    assert {n: p.error for n, p in panels.items() if p.error} == {}


def test_every_query_is_bound_to_a_window_with_grafanas_macros() -> None:
    for q in queries():
        assert "$__timeFilter(" in q.sql or "$__fromTime" in q.sql, q.name
        bound = AROUND_T0.bind(q.sql)
        assert "$__" not in bound, q.name


def test_verdict_mix_counts_each_answer_once(stored: tuple[AuditStore, list[AnswerComposed]],
                                             panels: dict[str, Panel]) -> None:
    mix: Counter[str] = Counter()
    for _, verdict, n in panels["01_verdict_mix"].rows:
        mix[verdict] += n
    assert mix == Counter(a.verdict for a in stored[1])


def test_retry_rate_and_stage_latency_count_sessions_once(stored: tuple[AuditStore, list[AnswerComposed]],
                                                          panels: dict[str, Panel]) -> None:
    answers = stored[1]
    [(sessions, retried, *_)] = panels["03_retry_rate"].rows
    assert (sessions, retried) == (len(answers), sum(a.rounds == 2 for a in answers))
    stages = {r[0]: r for r in panels["07_stage_latency"].rows}
    assert set(stages) == {"investigate", "verify", "compose", "total"} and stages["total"][4] == len(answers)
    assert sum(r[2] for r in panels["09_rule_vs_verifier"].rows) == sum(a.rounds for a in answers)


def test_tokens_tools_and_findings_count_each_call_once(panels: dict[str, Panel]) -> None:
    roles = {r[0]: r for r in panels["08_tokens_by_role"].rows}
    assert set(roles) == {"planner", "executor", "verifier", "composer"}
    assert all(r[2] >= 1 for r in roles.values())
    assert {"err-7781", "web-19"} <= {r[1] for r in panels["05_fabricated_entities"].rows}
    assert panels["06_failing_tools"].rows and panels["10_stuck_sessions"].rows[0][0] == 0


def test_every_bar_chart_has_a_categorical_column_to_key_its_bars(panels: dict[str, Panel]) -> None:
    """A bar's label is text (a score bucket such as 0.5–0.6, an entity, a status): Grafana and the
    page draw a categorical axis, not a numeric one."""
    bars = [p for p in panels.values() if p.query.chart == "bar"]
    assert bars
    for p in bars:
        assert p.query.x in p.columns, p.query.name
        column = p.columns.index(p.query.x)
        assert p.rows and all(isinstance(r[column], str) and r[column] for r in p.rows), (p.query.name, p.rows)
    scores = [r[0] for r in panels["02_groundedness_distribution"].rows]
    assert scores == sorted(scores) and all(s == "1.0" or "–" in s for s in scores)


def test_nothing_outside_the_window(stored: tuple[AuditStore, list[AnswerComposed]]) -> None:
    later = Window(T0 + timedelta(days=2), T0 + timedelta(days=3))
    empty = {p.query.name: p.rows for p in run_all(stored[0], later)
             if p.query.name not in ("10_stuck_sessions", "03_retry_rate", "09_rule_vs_verifier")}
    assert all(rows == [] for rows in empty.values()), empty


def test_the_fallback_rate_leaves_out_answers_the_composer_never_wrote(
        stored: tuple[AuditStore, list[AnswerComposed]]) -> None:
    later = T0 + timedelta(days=10)
    base = dict(verdict="PASS", groundedness_score=0.9, final_answer="…", rounds=1, occurred_at=later)
    statuses = ["valid", "fallback", "not_called", "not_called"]
    _write(stored[0], [AnswerComposed(session_id=f"f-{i}", composer_status=st, **base)  # type: ignore[arg-type]
                       for i, st in enumerate(statuses)])
    window = Window(later - timedelta(minutes=5), later + timedelta(minutes=5))
    [panel] = [p for p in run_all(stored[0], window) if p.query.name == "04_composer_fallback"]
    by = {r[0]: r for r in panel.rows}
    assert by["fallback"][1] == 1 and by["fallback"][3] == 0.5  # 1 of the 2 sessions where it ran
    assert by["not_called"][1] == 2 and by["not_called"][2] == 0.5


def test_the_rollup_migration_can_run_again_without_counting_twice(stored: tuple[AuditStore, list[AnswerComposed]]
                                                                   ) -> None:
    store, answers = stored
    for stmt in sql_statements((SQL_DIR / "005_rollups.sql").read_text()):
        store.command(stmt)
    [(n,)] = store.query("SELECT uniqExactMerge(sessions) FROM gg_outcome_counts")
    [(stored_answers,)] = store.query("SELECT uniqExact(session_id) FROM gg_outcomes")
    assert n == stored_answers >= len(answers)
    assert store.migrate() == []


def test_a_deadline_report_uses_the_answers_own_time(stored: tuple[AuditStore, list[AnswerComposed]]) -> None:
    """An answer given after its deadline counts as a miss though nothing degraded it; each
    stage's result says when the stage began and ended. (A day after the other sessions: its
    window holds it alone.)"""
    from app.domain.chat_service import snapshot
    from app.domain.session import replay
    from events.models import QueryReceived

    day = timedelta(days=1)

    def later(e: Event) -> Event:
        started = getattr(e, "started_at", None)
        return e.model_copy(update={"occurred_at": e.occurred_at + day,
                                    **({"started_at": started + day} if started else {})})

    log, _, _ = run_session(QUESTIONS["pass"], session_id="late-1")
    log = [later(e) for e in log]
    opener = log[0]
    assert isinstance(opener, QueryReceived)
    log[0] = opener.model_copy(update={"deadline_s": 2.0})  # answered some seconds after it opened: late
    state = replay(log)
    assert state is not None and state.answer is not None and state.answer.degraded_reason == ""
    store = stored[0]
    store.write([("t", e) for e in log], [snapshot(state)])
    [(hit, past, inv, inv_work, calls, failed)] = store.query(
        "SELECT deadline_hit, past_deadline_ms, investigate_ms, investigate_work_ms, model_calls, "
        "failed_model_calls FROM gg_query_outcomes WHERE session_id = 'late-1'")
    assert hit and past > 0 and 0 <= inv_work <= inv and calls >= 4 and failed == 0
    window = Window(AROUND_T0.start + day, AROUND_T0.end + day)
    [panel] = [p for p in run_all(store, window) if p.query.name == "07_stage_latency"]
    assert {r[0]: (r[4], r[5]) for r in panel.rows}["total"] == (1, 1), "the late answer is a deadline miss"


def test_a_recent_answer_opens_its_session_with_question_claims_checks_evidence_and_answer(
        stored: tuple[AuditStore, list[AnswerComposed]], panels: dict[str, Panel]) -> None:
    import asyncio

    from aiohttp.test_utils import TestClient, TestServer

    from app.audit.dashboard import web_app
    from app.audit.page import render_html

    recent = panels["12_recent_verdicts"]
    assert {r[0] for r in recent.rows} == {"d-pass", "d-low", "d-reject"}
    page = render_html(list(panels.values()))
    assert '<a href="/session/d-reject">d-reject</a>' in page

    async def get(path: str) -> tuple[int, str]:
        async with TestClient(TestServer(web_app(lambda: stored[0]))) as client:
            resp = await client.get(path)
            return resp.status, await resp.text()

    status, review = asyncio.run(get("/session/d-reject"))
    assert status == 200
    assert QUESTIONS["reject"] in review
    for part in ("<h2>Round 1</h2>", "<h3>Claims</h3>", "<h3>Checks</h3>", "<h3>Evidence (trace summary)</h3>",
                 "<h2>Answer</h2>", "contradicted", "fabricated_entity", "REJECT"):
        assert part in review, part
    answer = next(a for a in stored[1] if a.session_id == "d-reject")
    import html

    assert html.escape(answer.final_answer.splitlines()[0]) in review
    for a in stored[1]:  # every round a session ran is shown, and no other
        shown = asyncio.run(get(f"/session/{a.session_id}"))[1]
        assert [f"<h2>Round {r}</h2>" in shown for r in (1, 2)] == [True, a.rounds == 2], a.session_id
    status, page = asyncio.run(get("/session/nobody"))
    assert status == 404 and "no stored event of session nobody" in page
