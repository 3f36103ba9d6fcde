"""The worker's heap as the cyclic garbage collector sees it, settled once it is ready.

A worker allocates and drops many small objects per event (decoded events, typed states, Kafka
records) and keeps few: almost none of them is in a reference cycle. With CPython's default
thresholds the collector ran ~7 times a second under load and took ~4 % of the worker's CPU
(1 s model calls, 200 sessions in flight), each full collection scanning the ~100,000 objects
the start left behind (modules, pydantic schemas, Faust's services) for 50-250 ms with every
stream held. Once the worker is ready, those are frozen out of every later collection
(``gc.freeze``) and the youngest generation is collected only after ``YOUNG_THRESHOLD`` more
objects than were freed: ~0.5 % of the CPU. Cycles are still collected, later.

Before that, the start's own steps that only build what the process keeps (its imports, the
vocabularies' load, the app's build: no I/O, bounded) run with the collector ``paused``: it
would scan the growing heap again and again for garbage those steps do not make, ~0.13 s of the
~1.2 s of CPU they take, which on a loaded machine is a restart's wait to ready.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 10_000
"""Allocations minus deallocations of tracked objects before a young collection (CPython: 700)."""


def settle() -> int:
    """Collect once, freeze what survives (the process's start) and raise the young threshold;
    how many objects are frozen."""
    gc.collect()
    gc.freeze()
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(YOUNG_THRESHOLD, young), middle, old)
    return gc.get_freeze_count()


@contextmanager
def paused() -> Iterator[None]:
    """No cyclic collection inside (reference counting frees as ever); the collector as it was after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
