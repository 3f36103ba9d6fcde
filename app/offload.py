"""The stages' deterministic checks in processes of their own, beside the worker's event loop.

One worker is one Python process, and its event loop carries every agent: the fold, the
decisions, the producers and consumers, and the stages' checks (the Gatekeeper's inspection of
the tool outputs, the evidence trace, the Composer's vetting), which are the largest share of
its CPU. On a loaded machine a busy loop makes every hop of every session wait its turn, so the
sessions a worker keeps in flight took longer than their model calls (a closed loop of 200 at
~0.6 of Little's law on a shared two-core host). Those checks are pure functions of pydantic
values: they run here in a pool of processes (``GROUNDGATE_RULE_PROCESSES``, 0 to keep them on
the loop) and the loop only waits for their result.

Nothing about delivery depends on where a check runs: the same function gives the same result,
and a stage whose worker dies is re-driven as before. A pool whose process died (killed, out of
memory) is replaced, and the call that met it runs on the loop, so a check is never lost. The
processes are started with ``spawn`` (a fork would copy the worker's threads' locks) once the
worker is ready, and used once warm, so neither the restart nor a first session waits for them.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from mode import Service

from app.domain import specific

log = logging.getLogger(__name__)
T = TypeVar("T")
PARENT_CHECK_S = 0.5
BUSY_STAGES = 4
"""Stage tasks running at once (most wait for their model) from which a worker's loop counts as busy."""

_pool: RulePool | None = None


def _init(parent: int) -> None:
    """In each pool process: Ctrl-C is the worker's to handle, the process ends when its worker is
    gone (a SIGKILL leaves a pool process waiting for work that never comes), and the
    vocabularies load now, not inside the first check."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(parent,), name="end-with-worker", daemon=True).start()
    specific.warm()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


def _ready() -> bool:
    return True


class RulePool:
    """A process pool the stages hand their checks to (``run``)."""

    def __init__(self, processes: int, busy: Callable[[], bool] = lambda: True) -> None:
        self.processes = processes
        self.busy = busy
        """Whether the loop has other work now: a check goes to the pool then (or when large)."""
        self.executor: ProcessPoolExecutor | None = None

    def start(self) -> None:
        self.executor = ProcessPoolExecutor(max_workers=self.processes, initializer=_init, initargs=(os.getpid(),),
                                            mp_context=multiprocessing.get_context("spawn"))

    async def warm(self) -> None:
        """Every process started and its imports done (the first check then waits for neither)."""
        if self.executor is not None:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(self.executor, _ready) for _ in range(self.processes)))

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        executor = self.executor
        if executor is None:
            return fn(*args)
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)
        except BrokenProcessPool:
            log.warning("a rule process died: its pool is replaced, and %s runs on the event loop this once",
                        getattr(fn, "__name__", fn))
            if self.executor is executor:
                executor.shutdown(wait=False, cancel_futures=True)
                self.start()
            return fn(*args)

    def stop(self) -> None:
        executor, self.executor = self.executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def install(pool: RulePool | None) -> None:
    """The pool the stages use from now on (None: their checks run on the event loop)."""
    global _pool
    _pool = pool


def current() -> RulePool | None:
    """The pool the stages use, if the worker installed one."""
    return _pool


def wanted(large: bool) -> RulePool | None:
    """The pool for a check now, or None to run it on the loop: one that is not large, while the
    loop has nothing else to do (a session at a time), costs less there (~1 ms) than its round trip
    to a process (one query at a time on Tansu: 51 ms with every check in the pool, 32 ms without)."""
    pool = _pool
    return pool if pool is not None and (large or pool.busy()) else None


async def run(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the installed pool (on the event loop without one)."""
    pool = _pool
    return fn(*args) if pool is None else await pool.run(fn, *args)


class RulePoolService(Service):
    """The pool's life with the worker's app: started once the worker is ready (``after``: its
    processes' imports do not compete with the worker's own start, which a restart is timed by),
    used by the stages once warm (the checks run on the loop until then), stopped with the app."""

    def __init__(self, processes: int, after: asyncio.Event | None = None,
                 busy: Callable[[], bool] = lambda: True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pool = RulePool(processes, busy)
        self.after = after

    async def on_start(self) -> None:
        self.add_future(self._start_pool())

    async def _start_pool(self) -> None:
        if self.after is not None:
            await self.after.wait()
        self.pool.start()
        try:
            await self.pool.warm()
        except Exception:  # a check that meets a broken pool replaces it (RulePool.run)
            log.warning("rule processes not warmed", exc_info=True)
        if not self.should_stop:
            install(self.pool)

    async def on_stop(self) -> None:
        if _pool is self.pool:
            install(None)
        self.pool.stop()
