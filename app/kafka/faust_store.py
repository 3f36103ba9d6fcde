"""The session table's RocksDB store: Faust's, without a full garbage collection on a rebalance
that closes nothing.

Faust's RocksDB store runs ``gc.collect()`` at every rebalance, to let the handles of revoked
partitions go (their ``close()`` is commented out upstream). A full collection of a worker's heap
took 57-71 ms on the 2-core machine: at every start, on the way from the group's assignment to
"worker ready", and at every rebalance of every other worker, with its streams held. Here it runs
only when a revoked partition had a database open in this worker, as before.

Registered as the ``ggrocksdb://`` store scheme (``SCHEME``).
"""

from __future__ import annotations

import gc
from collections.abc import Set
from typing import Any

from faust.stores import STORES, rocksdb
from faust.types import TP


class Store(rocksdb.Store):
    def revoke_partitions(self, table: Any, tps: Set[TP]) -> None:
        closed = [tp for tp in tps
                  if tp.topic in table.changelog_topic.topics and self._dbs.pop(tp.partition, None) is not None]
        if closed:
            gc.collect()


SCHEME = "ggrocksdb"
STORES.aliases[SCHEME] = f"{__name__}:Store"
