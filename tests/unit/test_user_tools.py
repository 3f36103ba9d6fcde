"""Tools a user registers in Python join the Executor's tool loop and the evidence rules."""

from __future__ import annotations

import asyncio

import pytest

from app.engine.base import VerifierInputs
from app.roles import ToolsModuleError, build_roles
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
