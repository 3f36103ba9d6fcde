"""Which runs ended, from their beats (``app.kafka.ended``): a run that said it was stopping, or
one that beats no more; never the worker's own id, never a run that beats."""

from __future__ import annotations

from app.kafka.ended import ended, in_doubt, last_beats, still_in_doubt
from app.kafka.identity import WATCH_S, Seen

NOW = 1_000_000


def beat(age_s: float, state: str = "alive", inc: str = "r1") -> Seen:
    return Seen(inc, state, NOW - int(age_s * 1000))


def test_the_latest_beat_of_each_id_counts() -> None:
    last = last_beats([("a", beat(5, "stopping", "old")), ("a", beat(0.2, inc="new")), ("b", beat(3))])
    assert last["a"].incarnation == "new", "a restart in place: the new run beats"
    assert ended(last, "c", NOW) == ["b"]


def test_a_run_that_said_stopping_ended_at_once() -> None:
    assert ended({"a": beat(0.1, "stopping")}, "c", NOW) == ["a"]


def test_a_run_that_beats_no_more_ended_and_one_that_beats_did_not() -> None:
    last = {"dead": beat(WATCH_S + 0.1), "live": beat(0.3)}
    assert ended(last, "c", NOW) == ["dead"]


def test_the_workers_own_id_is_never_taken_for_ended() -> None:
    assert ended({"me": beat(9, "stopping"), "other": beat(9)}, "me", NOW) == ["other"]


def test_a_run_that_beat_lately_is_in_doubt_until_it_beats_again_or_its_time_is_up() -> None:
    last = {"quiet": beat(0.4), "peer": beat(0.2), "gone": beat(WATCH_S + 1), "leaving": beat(0.1, "stopping"),
            "me": beat(0.1)}
    doubt = in_doubt(last, "me", NOW)
    assert set(doubt) == {"quiet", "peer"}, "the ended, the stopping and the worker's own are not watched"
    later = NOW + 1000
    last["peer"] = Seen("r1", "alive", later - 50)  # the peer beat again: live
    assert set(still_in_doubt(doubt, last, later)) == {"quiet"}
    up = doubt["quiet"] + int(WATCH_S * 1000) + 1
    assert still_in_doubt(doubt, last, up) == {}
    assert ended(last, "me", up) == ["gone", "leaving", "quiet"], "the quiet one beat no more: ended"


def test_a_run_in_doubt_that_says_stopping_next_has_ended() -> None:
    last = {"a": beat(0.3)}
    doubt = in_doubt(last, "me", NOW)
    last["a"] = Seen("r1", "stopping", NOW + 100)
    assert still_in_doubt(doubt, last, NOW + 200) == {}
    assert ended(last, "me", NOW + 200) == ["a"]
