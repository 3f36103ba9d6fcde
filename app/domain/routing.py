"""The routing table of spec 000 (ChatService): what happens after a verdict.

The retry threshold and the number of rounds have their one home here and in the contract
(``events.models.MAX_ROUNDS``, which bounds every ``round``): every check of a round reads them."""

from __future__ import annotations

from typing import Literal

from events.models import MAX_ROUNDS, Verdict

__all__ = ["MAX_ROUNDS", "MODE_OF", "RETRY_THRESHOLD", "Route", "route"]

Route = Literal["compose_answer", "compose_disclaimer", "retry", "compose_degraded"]
RETRY_THRESHOLD = 0.5
"""A LOW_CONFID verdict below this score gets another evidence round, while one is left (spec 000)."""


def route(verdict: Verdict, score: float, round_: int, retry_threshold: float = RETRY_THRESHOLD) -> Route:
    """PASS → answer; LOW_CONFID at or above the retry threshold → disclaimer; LOW_CONFID below it
    → one more round while ``round_`` is below MAX_ROUNDS, else the disclaimer; REJECT → degraded,
    never a retry."""
    if verdict == "PASS":
        return "compose_answer"
    if verdict == "REJECT":
        return "compose_degraded"
    if score < retry_threshold and round_ < MAX_ROUNDS:
        return "retry"
    return "compose_disclaimer"


MODE_OF: dict[Route, Literal["answer", "disclaimer", "degraded"]] = {
    "compose_answer": "answer",
    "compose_disclaimer": "disclaimer",
    "compose_degraded": "degraded",
}
