"""The session table's store (``app/kafka/faust_store.py``): Faust's RocksDB store, collecting
garbage on a rebalance only when it let go of a partition's database, and rebuilding a partition's
copy from the changelog when it is older than the changelog's tombstones."""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import pytest
from faust.types import TP

from app.kafka import changelog, faust_store
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


def test_a_local_copy_older_than_the_changelogs_tombstones_is_rebuilt_from_the_changelog(tmp_path: Any) -> None:
    """A partition's copy last written longer ago than the changelog keeps tombstones may hold
    sessions deleted meanwhile: removed when the partition is assigned again; a recent one is kept."""
    rt = offline_runtime(tmp_path, "store-age")
    rt.app.finalize()
    store = rt.table.data
    changelog_topic = rt.table.changelog_topic.get_topic_name()
    for partition in (0, 1):
        store._db_for_partition(partition).put(b"s-old", b"composing")
    store.revoke_partitions(rt.table, {TP(changelog_topic, 0), TP(changelog_topic, 1)})
    old = time.time() - changelog.TOMBSTONE_S
    for f in store.partition_path(0).iterdir():
        os.utime(f, (old, old))

    asyncio.run(store.assign_partitions(rt.table, {TP(changelog_topic, 0), TP(changelog_topic, 1)}))
    assert store._db_for_partition(0).get(b"s-old") is None, "an outlived copy is rebuilt from the changelog"
    assert store._db_for_partition(1).get(b"s-old") == b"composing", "a recent copy is read on from its offset"


@pytest.mark.parametrize(("age_s", "outlived"), [(0, False), (changelog.TOMBSTONE_S / 2 - 1, False),
                                                 (changelog.TOMBSTONE_S / 2 + 1, True)])
def test_a_copy_is_outlived_past_half_the_tombstones_retention(age_s: float, outlived: bool) -> None:
    assert changelog.copy_outlived(1_000_000.0 - age_s, 1_000_000.0) is outlived
