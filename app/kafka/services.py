"""Long-running loops that live and die with the Faust app (the ledger, the audit writer).

One shape for both: run the loop, log a crash and start it again after a pause, cancel and
await it on stop; optionally hold the app's start-up until the loop says it is ready.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from mode import Service

log = logging.getLogger(__name__)
RESTART_PAUSE_S = 2.0


async def run_forever(what: str, run: Callable[[], Awaitable[None]]) -> None:
    """``run()`` again and again until cancelled; a crash is logged, never fatal."""
    while True:
        try:
            await run()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s stopped; restarting in %.0fs", what, RESTART_PAUSE_S)
            await asyncio.sleep(RESTART_PAUSE_S)


class BackgroundLoop(Service):
    """``run`` for the lifetime of the app. With ``ready``, start-up waits (up to
    ``ready_timeout_s``) until the loop sets it, so "worker ready" includes this loop."""

    def __init__(self, what: str, run: Callable[[], Awaitable[None]], ready: asyncio.Event | None = None,
                 ready_timeout_s: float = 30.0) -> None:
        super().__init__()
        self.what, self.run, self.ready_event, self.ready_timeout_s = what, run, ready, ready_timeout_s
        self._task: asyncio.Future[None] | None = None

    async def on_start(self) -> None:
        self._task = asyncio.ensure_future(run_forever(self.what, self.run))
        if self.ready_event is None:
            return
        try:
            await asyncio.wait_for(self.ready_event.wait(), self.ready_timeout_s)
        except TimeoutError:
            log.warning("%s not ready after %.0fs; the worker starts without waiting", self.what, self.ready_timeout_s)

    async def on_stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
