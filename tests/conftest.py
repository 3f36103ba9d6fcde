"""Shared fixtures. Tests never reach a network: the broker and store are local processes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared/data is absent (third-party data is never copied into the repo)")
    return SHARED


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/integration/" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


os.environ.setdefault("GROUNDGATE_LOG_LEVEL", "INFO")
