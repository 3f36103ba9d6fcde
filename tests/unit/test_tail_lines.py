"""``groundgate tail -n N``: the last N messages of the backlog, however many it holds."""

from __future__ import annotations

import pytest

from app.tail import newest


@pytest.mark.parametrize(("held", "n", "shown"), [
    (4, 4, [0, 1, 2, 3]), (4, 5, [0, 1, 2, 3]), (4, 7, [0, 1, 2, 3]), (4, 10, [0, 1, 2, 3]),
    (10, 3, [7, 8, 9]), (4, 0, []), (0, 5, []),
])
def test_the_last_n_of_the_backlog(held: int, n: int, shown: list[int]) -> None:
    # a negative slice gave -n 5 of 4 held 1 message, -n 7 gave 3
    assert newest(list(range(held)), n) == shown
