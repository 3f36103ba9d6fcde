"""Tool registry: evidence-bearing tools (their output is the Verifier's evidence) and helpers.

A tool declares whether it is evidence (``Tool(evidence=True/False)``); every call the registry
makes records that on its ``ToolInvocation``. A tool that declares nothing (``None``) is judged
by its name and output (``app.domain.evidence``), so an undeclared ``utc_now`` is still a helper.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from events.models import ToolInvocation

log = logging.getLogger(__name__)
MAX_TOOL_OUTPUT_CHARS = 4_000_000

ToolFn = Callable[..., Awaitable[str] | str]


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    fn: ToolFn
    evidence: bool | None = None


@dataclass
class ToolRegistry:
    tools: dict[str, Tool] = field(default_factory=dict)

    def register(self, tool: Tool) -> None:
        self.tools[tool.name] = tool

    @property
    def helper_names(self) -> frozenset[str]:
        """Tools that declared themselves helpers (not evidence)."""
        return frozenset(n for n, t in self.tools.items() if t.evidence is False)

    def declared_evidence(self, name: str) -> bool | None:
        tool = self.tools.get(name)
        return tool.evidence if tool is not None else None

    def openai_schema(self) -> list[dict[str, Any]]:
        return [{"type": "function", "function": {"name": t.name, "description": t.description,
                                                  "parameters": t.parameters}} for t in self.tools.values()]

    async def invoke(self, invocation_id: str, name: str, arguments: dict[str, Any], round_: int,
                     timeout_s: float = 10.0) -> ToolInvocation:
        """Run one tool call and record it as a fact; a failure is recorded, never raised."""
        started = time.perf_counter()
        tool = self.tools.get(name)
        output, error = "", None
        if tool is None:
            error = f"unknown tool {name!r}"
        else:
            try:
                # A sync tool runs in a thread: it may do blocking I/O without stalling other sessions,
                # and the timeout holds for it too.
                if inspect.iscoroutinefunction(tool.fn):
                    res = await asyncio.wait_for(tool.fn(**arguments), timeout_s)
                else:
                    res = await asyncio.wait_for(asyncio.to_thread(tool.fn, **arguments), timeout_s)
                    if asyncio.iscoroutine(res):
                        res = await asyncio.wait_for(res, timeout_s)
                output = res if isinstance(res, str) else json.dumps(res, ensure_ascii=False)
                output = output[:MAX_TOOL_OUTPUT_CHARS]
            except TimeoutError:
                error = f"tool {name} timed out after {timeout_s}s"
            except Exception as exc:  # a tool's failure is evidence of a gap, not a crash
                log.warning("tool %s failed: %s", name, exc)
                error = f"{type(exc).__name__}: {exc}"[:500]
        return ToolInvocation(invocation_id=invocation_id, tool_name=name, arguments=arguments,
                              success=error is None, output=output, error=error, round=round_,
                              duration_ms=round((time.perf_counter() - started) * 1000, 3),
                              evidence=tool.evidence if tool is not None else None)
