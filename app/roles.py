"""Builds the four roles from settings: the offline engine is the embedded default."""

from __future__ import annotations

from app.engine.simulated import with_latency
from app.engine.offline import OfflineComposer, OfflineExecutor, OfflinePlanner, OfflineVerifier
from app.settings import Settings
from app.stages import Roles
from app.tools.builtin import builtin_registry


def build_roles(settings: Settings) -> Roles:
    roles = Roles(planner=OfflinePlanner(), executor=OfflineExecutor(), verifier=OfflineVerifier(),
                  composer=OfflineComposer(), tools=builtin_registry(settings.corpus))
    return with_latency(roles, settings.simulated_latency_ms / 1000)
