"""Whether a session is already past a stage: a stage input that comes again (a redelivery
after a crash, a re-drive that crossed the original) does not cost a second model call."""

from __future__ import annotations

from app.domain.state import DiagnosisSession

_ORDER = {"investigating": 0, "verifying": 1, "composing": 2, "answered": 3}
_NEEDS = {"investigate": 0, "verify": 1, "compose": 2}


def stage_done(state: DiagnosisSession | None, stage: str, round_: int) -> bool:
    """True when ``state`` shows ``stage`` of ``round_`` finished (the session moved beyond it)."""
    if state is None:
        return False
    if state.stage == "answered" or state.round > round_:
        return True
    return bool(state.round == round_ and _ORDER.get(state.stage, 0) > _NEEDS.get(stage, 0))
