"""The session table's RocksDB store: Faust's, without a full garbage collection on a rebalance
that closes nothing, and without a local copy of a partition older than its changelog's tombstones.

Faust's RocksDB store runs ``gc.collect()`` at every rebalance, to let the handles of revoked
partitions go (their ``close()`` is commented out upstream). A full collection of a worker's heap
took 57-71 ms on the 2-core machine: at every start, on the way from the group's assignment to
"worker ready", and at every rebalance of every other worker, with its streams held. Here it runs
only when a revoked partition had a database open in this worker, as before.

A worker keeps its copy of each partition it held (one directory per worker id) and, when the
partition comes back to it (a restart in place, a rebalance), reads the changelog from the offset
the copy reached. Kafka drops a tombstone ``delete.retention.ms`` after it compacted it
(``app.kafka.changelog``): a copy last written longer ago than that may have missed the deletion of
sessions that expired meanwhile, and would keep them for good. Such a copy is removed before it is
opened, and the compacted changelog rebuilds it (``changelog.copy_outlived``).

Registered as the ``ggrocksdb://`` store scheme (``SCHEME``).
"""

from __future__ import annotations

import gc
import logging
import shutil
import time
from collections.abc import Set
from pathlib import Path
from typing import Any

from faust.stores import STORES, rocksdb
from faust.types import TP

from app.kafka import changelog

log = logging.getLogger(__name__)


class Store(rocksdb.Store):
    def revoke_partitions(self, table: Any, tps: Set[TP]) -> None:
        closed = [tp for tp in tps
                  if tp.topic in table.changelog_topic.topics and self._dbs.pop(tp.partition, None) is not None]
        if closed:
            gc.collect()

    async def assign_partitions(self, table: Any, tps: set[TP], generation_id: int = 0) -> None:
        now = time.time()
        for tp in tps:
            if tp.topic not in table.changelog_topic.topics or tp.partition in self._dbs:
                continue
            path = self.partition_path(tp.partition)
            last = last_write(path)
            if last is not None and changelog.copy_outlived(last, now):
                log.warning("the local copy of %s partition %d was last written %.1f h ago, longer than the "
                            "changelog keeps tombstones: removed, rebuilt from the changelog", tp.topic,
                            tp.partition, (now - last) / 3600)
                shutil.rmtree(path, ignore_errors=True)
        await super().assign_partitions(table, tps, generation_id)


def last_write(path: Path) -> float | None:
    """When a partition's RocksDB directory was last written (its files' latest mtime), or None."""
    try:
        return max((f.stat().st_mtime for f in path.iterdir()), default=None)
    except FileNotFoundError:
        return None


SCHEME = "ggrocksdb"
STORES.aliases[SCHEME] = f"{__name__}:Store"
