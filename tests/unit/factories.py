"""Factory helpers: real events made by the pure pipeline with the offline engine."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

from app.domain.chat_service import decide
from app.domain.session import DiagnosisSession, evolve
from app.roles.base import VerifierInputs
from app.roles.offline import OfflineComposer, OfflineExecutor, OfflinePlanner, OfflineVerifier
from app.stages import Roles, compose, investigate, verify
from app.tools.builtin import builtin_registry
from events.models import (
    AnswerComposed,
    ComposeRequested,
    Event,
    ExecutorFinished,
    QueryReceived,
    RetryRequested,
)

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def offline_roles() -> Roles:
    return Roles(OfflinePlanner(), OfflineExecutor(), OfflineVerifier(), OfflineComposer(), builtin_registry())


def run_session(query: str, session_id: str = "s-1", roles: Roles | None = None
                ) -> tuple[list[Event], DiagnosisSession, list[AnswerComposed]]:
    """Drive one session through every stage in memory; returns every event, the state, the answers."""
    roles = roles or offline_roles()
    start = QueryReceived(session_id=session_id, query=query, occurred_at=T0)
    log: list[Event] = []
    answers: list[AnswerComposed] = []
    state: DiagnosisSession | None = None
    queue: list[Event] = [start]
    tick = 0

    async def go() -> None:
        nonlocal state, tick
        while queue:
            ev = queue.pop(0)
            log.append(ev)
            tick += 1
            now = T0 + timedelta(seconds=tick)
            before = state
            state = evolve(state, ev)
            for out in decide(before, state, ev):
                if isinstance(out, AnswerComposed):
                    answers.append(out)
                    log.append(out)
                    state = evolve(state, out)
                elif isinstance(out, ComposeRequested):
                    log.append(out)
                    queue.append(await compose(out, roles, now))
                elif isinstance(out, RetryRequested):
                    queue.append(out)
            if isinstance(ev, QueryReceived | RetryRequested):
                queue.append(await investigate(ev, roles, now))
            elif isinstance(ev, ExecutorFinished):
                queue.extend(await verify(ev, roles, now))

    asyncio.run(go())
    assert state is not None
    return log, state, answers


def spy_on_verifier(roles: Roles) -> list[VerifierInputs]:
    """Every input the roles' Verifier is given from now on, in order (it still answers)."""
    seen: list[VerifierInputs] = []
    inner = roles.verifier

    class Spy:
        async def verify(self, inputs: VerifierInputs, budget_s: float):  # noqa: ANN202
            seen.append(inputs)
            return await inner.verify(inputs, budget_s)

    roles.verifier = Spy()  # type: ignore[assignment]
    return seen


def drive_session(query: str, roles: Roles, deadline_s: float = 60.0, session_id: str = "s-1"
                  ) -> tuple[list[Event], DiagnosisSession, list[AnswerComposed]]:
    """Like ``run_session`` on the real clock (the query arrives now, each stage is given the time
    it starts at), and a stage that fails for good is reported as the worker's runtime reports it
    (``StageFailed``, with the calls it made), so every way a session ends can be driven."""
    from app.roles.llm import DeadlineExceeded, ModelError
    from app.stages import failed_calls
    from events.models import StageFailed

    opened = datetime.now(UTC)
    t0 = time.monotonic()
    start = QueryReceived(session_id=session_id, query=query, occurred_at=opened, deadline_s=deadline_s)
    log: list[Event] = []
    answers: list[AnswerComposed] = []
    state: DiagnosisSession | None = None
    queue: list[Event] = [start]

    def now() -> datetime:
        return opened + timedelta(seconds=time.monotonic() - t0)

    async def stage(name: str, ev: Event) -> list[Event]:
        try:
            if isinstance(ev, QueryReceived | RetryRequested):
                return [await investigate(ev, roles, now())]
            if isinstance(ev, ExecutorFinished):
                return list(await verify(ev, roles, now()))
            assert isinstance(ev, ComposeRequested)
            return [await compose(ev, roles, now())]
        except ModelError as exc:
            return [StageFailed(session_id=ev.session_id, round=ev.round, occurred_at=now(), stage=name,  # type: ignore[arg-type]
                                reason="deadline" if isinstance(exc, DeadlineExceeded) else "model_unavailable",
                                detail=str(exc)[:500], usage=failed_calls(exc))]

    async def go() -> None:
        nonlocal state
        while queue:
            ev = queue.pop(0)
            log.append(ev)
            before = state
            state = evolve(state, ev)
            for out in decide(before, state, ev):
                if isinstance(out, AnswerComposed):
                    answers.append(out)
                    log.append(out)
                    state = evolve(state, out)
                elif isinstance(out, ComposeRequested):
                    log.append(out)
                    queue.extend(await stage("compose", out))
                elif isinstance(out, RetryRequested):
                    queue.append(out)
            if isinstance(ev, QueryReceived | RetryRequested):
                queue.extend(await stage("investigate", ev))
            elif isinstance(ev, ExecutorFinished):
                queue.extend(await stage("verify", ev))

    asyncio.run(go())
    assert state is not None
    return log, state, answers
