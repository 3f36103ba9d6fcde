"""Which run of a worker id may still be live, from its recent beats (app.kafka.identity)."""

from __future__ import annotations

import pytest

from app.kafka.identity import Seen, live_run

NOW = 1_000_000


@pytest.mark.parametrize(("beats", "dead", "live"), [
    ([], None, None),
    ([Seen("a", "alive", NOW - 500)], None, "a"),
    ([Seen("a", "alive", NOW - 500)], "a", None),
    ([Seen("a", "alive", NOW - 7000)], None, None),
    ([Seen("a", "alive", NOW - 900), Seen("a", "stopping", NOW - 400)], None, None),
    ([Seen("a", "stopping", NOW - 900), Seen("b", "alive", NOW - 800)], "c", "b"),
    ([Seen("b", "alive", NOW - 300), Seen("a", "alive", NOW - 100)], "a", "b"),
], ids=["no-beat", "another-run-beats", "the-dead-run-named-in-the-lock", "silent-past-liveness",
        "said-it-is-stopping", "a-third-run", "the-newest-live-other-run"])
def test_the_run_that_may_be_live(beats: list[Seen], dead: str | None, live: str | None) -> None:
    got = live_run(beats, dead, NOW, liveness_s=6.0)
    assert (got.incarnation if got else None) == live
