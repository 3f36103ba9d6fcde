"""Shared fixtures. Tests never reach a network: the broker and store are local processes."""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import tempfile
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
# The default data directory is the user's (app.settings.default_data_dir): never during tests.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="groundgate-tests-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], ignore_errors=True)
for _key in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
    os.environ.pop(_key, None)


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any connection to a non-loopback address fails the test: no test reaches a real model."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex

    def allowed(address: object) -> bool:
        host = address[0] if isinstance(address, tuple) else address
        return isinstance(host, str) and (host.startswith("127.") or host in ("localhost", "::1") or "/" in host)

    def guard(real):  # noqa: ANN001, ANN202
        def connect(self: socket.socket, address: object):  # noqa: ANN202
            if self.family in (socket.AF_INET, socket.AF_INET6) and not allowed(address):
                raise AssertionError(f"test tried to reach the network: {address!r}")
            return real(self, address)

        return connect

    monkeypatch.setattr(socket.socket, "connect", guard(real_connect))
    monkeypatch.setattr(socket.socket, "connect_ex", guard(real_connect_ex))
