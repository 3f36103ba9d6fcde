"""One deadline per session, resolved once where input enters the pipeline.

A query may carry ``deadline_s``; an Executor result brought by a client may carry
``deadline_at``. Either that is missing takes the worker's configured default
(GROUNDGATE_DEADLINE_S) at the edge, so every stage, the fold and the watchdog read the same
instant from the event itself.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from events.models import Event, ExecutorFinished, QueryReceived


def with_deadline(event: Event, default_s: float) -> Event:
    """``event`` with its deadline filled in from ``default_s`` when it opens a session without one."""
    if isinstance(event, QueryReceived) and event.deadline_s is None:
        return event.model_copy(update={"deadline_s": default_s})
    if isinstance(event, ExecutorFinished) and event.deadline_at is None:
        return event.model_copy(update={"deadline_at": event.occurred_at + timedelta(seconds=default_s)})
    return event


def deadline_of(event: QueryReceived | ExecutorFinished) -> datetime | None:
    """The instant a session opened by ``event`` must be answered by (None before the edge resolved it)."""
    if isinstance(event, QueryReceived):
        return event.occurred_at + timedelta(seconds=event.deadline_s) if event.deadline_s else None
    return event.deadline_at
