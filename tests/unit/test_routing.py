"""Spec 000: ChatService routes on the verdict; at most one additional round."""

from __future__ import annotations

import pytest

from app.domain.routing import route


@pytest.mark.parametrize(
    ("verdict", "score", "round_", "expected"),
    [
        ("PASS", 0.9, 1, "compose_answer"),
        ("LOW_CONFID", 0.6, 1, "compose_disclaimer"),
        ("LOW_CONFID", 0.5, 1, "compose_disclaimer"),
        ("LOW_CONFID", 0.3, 1, "retry"),
        ("LOW_CONFID", 0.3, 2, "compose_disclaimer"),
        ("REJECT", 0.0, 2, "compose_degraded"),
        ("REJECT", 0.0, 1, "compose_degraded"),
        ("REJECT", 0.9, 1, "compose_degraded"),
    ],
    ids=["pass-direct-output", "low-confid-above-half-disclaimer", "low-confid-at-half-disclaimer",
         "low-confid-below-half-first-round-retries", "after-second-round-low-confid-disclaimer",
         "after-second-round-reject-degraded", "reject-does-not-enter-retry-round", "reject-degraded-output"],
)
def test_routing_table(verdict: str, score: float, round_: int, expected: str) -> None:
    assert route(verdict, score, round_) == expected  # type: ignore[arg-type]
