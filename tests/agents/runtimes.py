"""The runtime the agent tests build: offline roles, a broker address nothing listens on (these
tests never connect), the table under the test's own directory."""

from __future__ import annotations

from pathlib import Path

from app.kafka.runtime import Runtime, build_runtime
from app.settings import Settings
from tests.unit.factories import offline_roles


def offline_runtime(data_dir: Path, app_id: str) -> Runtime:
    return build_runtime(Settings(topic_prefix="t.", app_id=app_id, partitions=4, data_dir=data_dir),
                         "127.0.0.1:1", offline_roles())
