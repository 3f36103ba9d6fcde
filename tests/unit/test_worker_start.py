"""A worker loads the common-word vocabularies (wordfreq's lists, seconds on a busy machine) when
it is built, before it takes work: the first session's verdict does not pay for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app import worker
from app.domain import common, specific
from app.offload import RulePoolService
from app.settings import Settings
from app.worker import build_worker


def test_a_built_worker_has_its_vocabularies_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # whatever the app writes at build time stays in the test's directory
    common._common.cache_clear()
    assert common._common.cache_info().currsize == 0
    build_worker(Settings(audit="off", topic_prefix="warm."), "127.0.0.1:1")  # builds, connects to nothing
    assert common._common.cache_info().currsize == 2  # en and zh
    hits = common._common.cache_info().hits
    specific.specific_tokens("the falcon host restarted; 主机 falcon 重启")
    assert common._common.cache_info().misses == 2 and common._common.cache_info().hits > hits


def test_a_worker_runs_the_rule_processes_it_is_given_and_none_by_default(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    made: list[RulePoolService] = []

    class Recorded(RulePoolService):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(worker, "RulePoolService", Recorded)
    build_worker(Settings(audit="off", topic_prefix="nopool."), "127.0.0.1:1")
    assert made == []
    w = build_worker(Settings(audit="off", topic_prefix="pool.", rule_processes=2), "127.0.0.1:1")
    assert [s.pool.processes for s in made] == [2]
    assert made[0].after is w.runtime.ledger_ready  # started once the worker is ready
