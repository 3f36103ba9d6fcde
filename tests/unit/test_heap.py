"""app.heap: a ready worker's start is frozen out of later collections and young collections are rarer."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from app import heap


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("restored_gc")
def test_settling_freezes_what_lives_and_raises_only_the_young_threshold() -> None:
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    kept = [object() for _ in range(10)]  # noqa: F841  # alive at the freeze
    assert heap.settle() == gc.get_freeze_count() > 0
    assert gc.get_threshold() == (heap.YOUNG_THRESHOLD, 10, 10)


@pytest.mark.usefixtures("restored_gc")
def test_settling_never_lowers_a_higher_young_threshold() -> None:
    gc.set_threshold(heap.YOUNG_THRESHOLD * 2, 5, 7)
    heap.settle()
    assert gc.get_threshold() == (heap.YOUNG_THRESHOLD * 2, 5, 7)


@pytest.mark.usefixtures("restored_gc")
def test_cycles_made_after_settling_are_still_collected() -> None:
    heap.settle()

    class Node:
        pass

    a, b = Node(), Node()
    a.other, b.other = b, a  # type: ignore[attr-defined]
    probe = id(a)
    del a, b
    assert gc.collect() >= 2
    assert all(id(o) != probe for o in gc.get_objects())
