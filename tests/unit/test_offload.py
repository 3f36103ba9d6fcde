"""The stages' deterministic checks in the worker's rule processes (app/offload.py): they run
there, give what they give on the event loop, and a pool whose process died is replaced without
losing the check that met it."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from app import offload
from events.models import VerdictReached
from tests.unit.factories import run_session

QUERY = "why did checkout-api return 502 after the 10:40 deploy?"


class Counting(offload.RulePool):
    """A pool that names every function handed to it."""

    def __init__(self, processes: int) -> None:
        super().__init__(processes, busy=lambda: self.loop_busy)
        self.ran: list[str] = []
        self.loop_busy = True

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        self.ran.append(fn.__name__)
        return await super().run(fn, *args)


@pytest.fixture(scope="module")
def pool() -> Iterator[Counting]:
    p = Counting(1)
    p.start()
    asyncio.run(p.warm())
    yield p
    p.stop()


@pytest.fixture
def installed(pool: Counting) -> Iterator[Counting]:
    pool.ran.clear()
    pool.loop_busy = True
    offload.install(pool)
    yield pool
    offload.install(None)


def test_the_checks_run_in_the_rule_process_and_answer_as_on_the_loop(installed: Counting) -> None:
    events, _, answers = run_session(QUERY)
    assert {"verifier_evidence", "inspect", "vet"} <= set(installed.ran)
    assert asyncio.run(offload.run(os.getpid)) != os.getpid()
    offload.install(None)
    events_here, _, answers_here = run_session(QUERY)
    assert [e.event_type for e in events] == [e.event_type for e in events_here]
    verdicts = [e for e in events if isinstance(e, VerdictReached)]
    verdicts_here = [e for e in events_here if isinstance(e, VerdictReached)]
    assert [(v.verdict, v.gatekeeper_findings, v.tool_trace_summary) for v in verdicts] == \
           [(v.verdict, v.gatekeeper_findings, v.tool_trace_summary) for v in verdicts_here]
    assert answers and [a.final_answer for a in answers] == [a.final_answer for a in answers_here]


def test_on_a_quiet_loop_a_small_check_stays_there_and_a_large_one_goes(installed: Counting) -> None:
    installed.loop_busy = False
    run_session(QUERY)
    assert installed.ran == []
    assert offload.wanted(large=False) is None and offload.wanted(large=True) is installed


def test_without_a_pool_the_checks_run_on_the_loop(pool: Counting) -> None:
    pool.ran.clear()
    run_session(QUERY)
    assert offload.current() is None and pool.ran == []


def test_a_pool_whose_process_died_is_replaced_and_the_check_still_answers(pool: Counting) -> None:
    async def scenario() -> tuple[int, int, int]:
        before = await pool.run(os.getpid)
        assert pool.executor is not None
        for proc in list(pool.executor._processes.values()):  # the test's way to kill it, not the pool's
            proc.kill()
            proc.join()
        met = await pool.run(os.getpid)  # met the dead pool: answered on the loop
        after = await pool.run(os.getpid)
        return before, met, after

    before, met, after = asyncio.run(scenario())
    assert met == os.getpid()
    assert after not in (before, os.getpid())


def test_the_worker_uses_its_pool_only_once_ready_and_warm_and_not_after_it_stopped() -> None:
    async def scenario() -> None:
        ready = asyncio.Event()
        service = offload.RulePoolService(1, after=ready)
        await service.start()
        try:
            await asyncio.sleep(0.2)
            assert offload.current() is None and service.pool.executor is None  # the worker's start first
            ready.set()
            for _ in range(300):
                if offload.current() is not None:
                    break
                await asyncio.sleep(0.05)
            assert offload.current() is service.pool
            assert await offload.run(os.getpid) != os.getpid()
        finally:
            await service.stop()
        assert offload.current() is None and service.pool.executor is None

    asyncio.run(scenario())
