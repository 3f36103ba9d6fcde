"""Factory helpers: real events made by the pure pipeline with the offline engine."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
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
    Language,
    QueryReceived,
    RetryRequested,
)

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def offline_roles() -> Roles:
    return Roles(OfflinePlanner(), OfflineExecutor(), OfflineVerifier(), OfflineComposer(), builtin_registry())


Session = tuple[list[Event], DiagnosisSession, list[AnswerComposed]]
StageRunner = Callable[[str, Event], Awaitable[list[Event]]]


def _drive(start: QueryReceived, stage: StageRunner) -> Session:
    """Fold every event of one session and run each stage it calls for (``stage(name, input)``),
    in memory; returns every event, the state, the answers."""
    log: list[Event] = []
    answers: list[AnswerComposed] = []
    state: DiagnosisSession | None = None
    queue: list[Event] = [start]

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


async def _stage(name: str, ev: Event, roles: Roles, now: datetime) -> list[Event]:
    if name == "investigate":
        assert isinstance(ev, QueryReceived | RetryRequested)
        return [await investigate(ev, roles, now)]
    if name == "verify":
        assert isinstance(ev, ExecutorFinished)
        return list(await verify(ev, roles, now))
    assert isinstance(ev, ComposeRequested)
    return [await compose(ev, roles, now)]


def run_session(query: str, session_id: str = "s-1", roles: Roles | None = None,
                language: Language | None = None) -> Session:
    """Drive one session through every stage in memory; each stage starts a second after the last
    (from T0); returns every event, the state, the answers. ``language``: the query's field."""
    chosen = roles or offline_roles()
    tick = 0

    async def stage(name: str, ev: Event) -> list[Event]:
        nonlocal tick
        tick += 1
        return await _stage(name, ev, chosen, T0 + timedelta(seconds=tick))

    return _drive(QueryReceived(session_id=session_id, query=query, language=language, occurred_at=T0), stage)


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


def drive_session(query: str, roles: Roles, deadline_s: float = 60.0, session_id: str = "s-1") -> Session:
    """Like ``run_session`` on the real clock (the query arrives now, each stage is given the time
    it starts at), and a stage that fails for good is reported as the worker's runtime reports it
    (``StageFailed``, with the calls it made), so every way a session ends can be driven."""
    from app.roles.llm import DeadlineExceeded, ModelError
    from app.stages import failed_calls
    from events.models import StageFailed

    opened = datetime.now(UTC)
    t0 = time.monotonic()

    async def stage(name: str, ev: Event) -> list[Event]:
        now = opened + timedelta(seconds=time.monotonic() - t0)
        try:
            return await _stage(name, ev, roles, now)
        except ModelError as exc:
            return [StageFailed(session_id=ev.session_id, round=ev.round, stage=name,  # type: ignore[arg-type]
                                occurred_at=opened + timedelta(seconds=time.monotonic() - t0),
                                reason="deadline" if isinstance(exc, DeadlineExceeded) else "model_unavailable",
                                detail=str(exc)[:500], usage=failed_calls(exc))]

    return _drive(QueryReceived(session_id=session_id, query=query, occurred_at=opened, deadline_s=deadline_s), stage)
