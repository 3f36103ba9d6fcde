"""The session table's store (``app/kafka/faust_store.py``): Faust's RocksDB store, collecting
garbage on a rebalance only when it let go of a partition's database."""

from __future__ import annotations

from typing import Any

import pytest
from faust.types import TP

from app.kafka import faust_store
from tests.agents.runtimes import offline_runtime


def test_a_rebalance_collects_garbage_only_when_it_closes_a_database(tmp_path: Any,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    rt = offline_runtime(tmp_path, "store-test")
    rt.app.finalize()
    store = rt.table.data
    assert isinstance(store, faust_store.Store)
    collections: list[int] = []
    monkeypatch.setattr(faust_store.gc, "collect", lambda: collections.append(1) or 0)
    changelog = rt.table.changelog_topic.get_topic_name()
    store._db_for_partition(0)  # opens partition 0's database, as an assignment does

    store.revoke_partitions(rt.table, set())  # a worker's first rebalance: nothing to let go
    store.revoke_partitions(rt.table, {TP(changelog, 1), TP("t.other", 0)})  # not open here
    assert collections == [] and set(store._dbs) == {0}

    store.revoke_partitions(rt.table, {TP(changelog, 0)})
    assert collections == [1] and store._dbs == {}
