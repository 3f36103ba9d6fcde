"""The routing table of spec 000 (ChatService): what happens after a verdict."""

from __future__ import annotations

from typing import Literal

from events.models import Verdict

Route = Literal["compose_answer", "compose_disclaimer", "retry", "compose_degraded"]
RETRY_THRESHOLD = 0.5
MAX_ROUNDS = 2


def route(verdict: Verdict, score: float, round_: int, retry_threshold: float = RETRY_THRESHOLD) -> Route:
    """PASS → answer; LOW_CONFID ≥ 0.5 → disclaimer; LOW_CONFID < 0.5 in round 1 → one retry;
    after round 2 LOW_CONFID → disclaimer; REJECT → degraded, never a retry."""
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
