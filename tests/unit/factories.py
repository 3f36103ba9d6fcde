"""Factory helpers: real events made by the pure pipeline with the offline engine."""

from __future__ import annotations

import asyncio
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
