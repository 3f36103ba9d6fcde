"""Builds the four roles from settings: each is the offline engine or a model, by configuration only."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from app.errors import ConfigError
from app.roles.base import Roles
from app.roles.llm import ModelClient
from app.roles.model import ModelComposer, ModelExecutor, ModelPlanner, ModelVerifier
from app.roles.offline import OfflineComposer, OfflineExecutor, OfflinePlanner, OfflineVerifier
from app.roles.simulated import with_latency
from app.settings import Settings
from app.tools.base import ToolRegistry
from app.tools.builtin import builtin_registry

if TYPE_CHECKING:
    import httpx


class ToolsModuleError(ConfigError, RuntimeError):
    """GROUNDGATE_TOOLS_MODULE cannot be imported or has no ``register(registry)``."""


def user_tools(registry: ToolRegistry, module: str | None) -> ToolRegistry:
    """Tools a user writes in Python: ``module.register(registry)`` adds them (``Tool(..., evidence=False)``
    for helpers whose output is not evidence)."""
    if not module:
        return registry
    try:
        register = importlib.import_module(module).register
    except (ImportError, AttributeError) as exc:
        raise ToolsModuleError(f"GROUNDGATE_TOOLS_MODULE={module!r}: {exc}") from exc
    register(registry)
    return registry


def build_roles(settings: Settings, tools: ToolRegistry | None = None,
                http_client: httpx.AsyncClient | None = None) -> Roles:
    """``http_client`` lets tests replay recorded responses through the real openai client."""
    tools = tools or user_tools(builtin_registry(settings.corpus), settings.tools_module)

    def pick(role: str, offline: Any, model: Any) -> Any:
        cfg = settings.roles[role]
        return offline() if cfg.provider == "offline" else model(ModelClient(cfg, http_client=http_client, role=role))

    d = settings.prompt_dir
    roles = Roles(
        planner=pick("planner", OfflinePlanner, lambda c: ModelPlanner(c, tools, d)),
        executor=pick("executor", OfflineExecutor, lambda c: ModelExecutor(c, prompt_dir=d)),
        verifier=pick("verifier", OfflineVerifier, lambda c: ModelVerifier(c, d)),
        composer=pick("composer", OfflineComposer, lambda c: ModelComposer(c, d)),
        tools=tools,
    )
    return with_latency(roles, settings.simulated_latency_ms / 1000)
