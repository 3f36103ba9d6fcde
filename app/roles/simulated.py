"""Wraps roles with a fixed per-call latency: a stand-in for a model's response time in
benchmarks and in fault-injection tests (sessions stay in flight long enough to kill a worker)."""

from __future__ import annotations

import asyncio
from typing import Any

from app.roles.base import Roles


class _Slow:
    def __init__(self, inner: Any, latency_s: float) -> None:
        self._inner, self._latency_s = inner, latency_s

    def __getattr__(self, name: str) -> Any:
        fn = getattr(self._inner, name)
        if not callable(fn):
            return fn  # an attribute (what the role needs of the session's time), not a call

        async def slow(*args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(self._latency_s)
            return await fn(*args, **kwargs)

        return slow


def with_latency(roles: Roles, latency_s: float) -> Roles:
    if latency_s <= 0:
        return roles
    return Roles(planner=_Slow(roles.planner, latency_s), executor=_Slow(roles.executor, latency_s),
                 verifier=_Slow(roles.verifier, latency_s), composer=_Slow(roles.composer, latency_s),
                 tools=roles.tools, budget_s=roles.budget_s)
