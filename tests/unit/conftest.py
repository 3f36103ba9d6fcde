"""Fixtures the unit tests of settings share."""

from __future__ import annotations

import os

import pytest


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """A clean environment: none of groundgate's, Kafka's or OpenAI's variables set."""
    for key in list(os.environ):
        if key.upper().startswith(("GROUNDGATE_", "KAFKA_", "OPENAI_")):
            monkeypatch.delenv(key)
    return monkeypatch
