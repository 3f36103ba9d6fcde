"""Tools a user registers in Python join the Executor's tool loop and the evidence rules."""

from __future__ import annotations

import asyncio

import pytest

from app.roles.base import VerifierInputs
from app.roles.build import ToolsModuleError, build_roles
from app.settings import Settings
from app.stages import Roles


def test_a_users_tools_module_is_registered_with_its_helpers_marked() -> None:
    roles = build_roles(Settings(tools_module="tests.unit.fixtures.my_tools"))
    assert {"kb_search", "log_search", "clock", "ticket_search", "format_table"} <= set(roles.tools.tools)
    assert {"clock", "format_table"} <= roles.tools.helper_names
    inv = asyncio.run(roles.tools.invoke("i1", "ticket_search", {"query": "ENOSPC"}, 1))
    assert inv.success and "INC-2041" in inv.output
    assert any(t["function"]["name"] == "ticket_search" for t in roles.tools.openai_schema())


def test_a_tools_module_that_cannot_be_imported_is_a_clear_error() -> None:
    with pytest.raises(ToolsModuleError, match="no_such_module"):
        build_roles(Settings(tools_module="no_such_module"))


def test_messages_model_hook_is_not_a_source_of_verifier_inputs() -> None:
    """The Verifier's business inputs are explicit fields, never a filtered chat history."""
    assert set(VerifierInputs.model_fields) == {"original_query", "executor_final_answer", "tool_trace_summary",
                                                "gatekeeper_findings", "retry_context"}
    assert "messages" not in Roles.__dataclass_fields__


def test_a_slow_sync_tool_times_out_without_blocking_the_event_loop() -> None:
    import time

    from app.tools.base import Tool, ToolRegistry

    reg = ToolRegistry()
    reg.register(Tool("slow", "sleeps", {"type": "object"}, lambda query: time.sleep(2) or "late"))

    async def both() -> tuple:  # type: ignore[type-arg]
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            for _ in range(10):
                await asyncio.sleep(0.02)
                ticks += 1

        inv, _ = await asyncio.gather(reg.invoke("i1", "slow", {"query": "x"}, 1, timeout_s=0.5), ticker())
        return inv, ticks

    inv, ticks = asyncio.run(both())
    assert not inv.success and "timed out" in inv.error
    assert ticks == 10, "the event loop kept running while the tool slept"


def test_the_built_in_tools_answer_on_the_event_loop_and_a_users_sync_tool_in_a_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in searches run in memory over an index built when the registry is: no thread
    per call (the hop cost more than the search). A user's plain function still gets one."""
    from app.tools.base import Tool
    from app.tools.builtin import builtin_registry

    reg = builtin_registry()
    threaded: list[str] = []
    real_to_thread = asyncio.to_thread

    async def to_thread(fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        threaded.append(getattr(fn, "__name__", "?"))
        return await real_to_thread(fn, *args, **kwargs)

    monkeypatch.setattr(asyncio, "to_thread", to_thread)
    reg.register(Tool("users", "a user's sync tool", {"type": "object"}, lambda query: f"seen {query}"))

    async def run() -> list:  # type: ignore[type-arg]
        return [await reg.invoke(f"i{n}", name, args, 1) for n, (name, args) in enumerate(
            [("kb_search", {"query": "connection pool exhausted"}), ("log_search", {"query": "timeout upstream"}),
             ("clock", {}), ("users", {"query": "x"})])]

    kb, logs, clock, users = asyncio.run(run())
    assert all(inv.success for inv in (kb, logs, clock, users))
    assert '"hits"' in kb.output and '"matches"' in logs.output and users.output == "seen x"
    assert threaded == ["<lambda>"]  # only the user's tool went to a thread
