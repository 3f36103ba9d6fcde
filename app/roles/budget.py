"""How much time a model call may take, and whether another attempt is worth starting: derived
from what is left of the session's deadline, so that no call is started that could not finish
in time. Pure: the caller measures the clock and passes the seconds in.

Three rules (docs/models.md says them for an operator):

- A stage's share. A stage may spend what the deadline leaves minus what the later stages'
  model roles need (their per-call timeout times the calls they make at least); when what is
  left is less than all of them need, it is shared in proportion to those needs. A stage whose
  roles are not models (the offline engine) needs no share.
- An attempt's timeout is the role's per-call timeout, cut to what the stage has left; an
  attempt is started only if at least ``floor_s`` is left (the fastest this role has answered,
  or ``MIN_CALL_S`` before it has answered once).
- A retry only if it can still finish. Not after a timeout: the identical request (same prompt,
  same max tokens, temperature 0 by default) takes as long again, so it would time out again.
  After a fast failure (429, 5xx, a dropped connection), only if what the failed attempt took,
  or the floor, still fits after the backoff. Never more than the role's ``max_attempts``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

MIN_CALL_S = 0.5
"""No model call is started with less time left than this, before the role has answered once."""
BACKOFF_FIRST_S, BACKOFF_MAX_S = 0.25, 8.0
MIN_CALLS: dict[str, int] = {"planner": 1, "executor": 2, "verifier": 1, "composer": 1}
"""The fewest calls each role makes in a round that goes well: the Executor calls its tools in
one turn and answers in the next."""

Failure = Literal["timeout", "error"]


def stage_share(left_s: float, needs: Sequence[float]) -> float:
    """The seconds a stage may spend: ``needs[0]`` is what this stage's model roles need,
    ``needs[1:]`` what the stages after it need."""
    left_s = max(0.0, left_s)
    own, total = needs[0] if needs else 0.0, sum(needs)
    if own <= 0 or total <= 0:
        return left_s  # no model call in this stage, or none after it: nothing to share
    if left_s >= total:
        return left_s - (total - own)
    return left_s * own / total


def attempt_timeout(left_s: float, timeout_s: float, floor_s: float) -> float | None:
    """The timeout of the next attempt, or None when too little is left to start one."""
    if left_s < floor_s:
        return None
    return min(timeout_s, left_s)


@dataclass(frozen=True)
class Attempted:
    """How an attempt that failed ended."""

    failure: Failure
    took_s: float
    attempt: int
    """1 for the first attempt."""


def retry_backoff(a: Attempted, left_s: float, floor_s: float, max_attempts: int,
                  rng: random.Random) -> float | None:
    """Seconds to wait before the next attempt, or None when no attempt that could finish fits
    (or the role's attempts are spent). ``left_s``: what the stage has left now."""
    if a.attempt >= max_attempts or a.failure == "timeout":
        return None
    backoff = min(BACKOFF_MAX_S, BACKOFF_FIRST_S * 2 ** (a.attempt - 1)) * (0.5 + rng.random())
    return backoff if left_s - backoff >= max(floor_s, a.took_s) else None
