"""The hand-over: an event this worker emitted goes to its own agents as soon as the broker has
it, not when the worker reads it back.

Every topic is keyed by session_id and has the same partitions, so the worker that emits a
session's next event holds, as a rule, the partition it lands on: its own agents are the ones
that will read it. Reading it back cost each of a session's hops 4–7 ms (the fetch, the consumer
thread's hand-over to the loop, Faust's stream) after the broker's acknowledgement. Here the
acknowledgement hands the event to the agents that read its topic, with the partition and offset
the broker gave it, while the partition is one this worker holds and reads (not paused, not
rebalancing, not stopping).

The record still comes by the stream. An agent passes over a record it was handed, after waiting
for the hand-over's handling to end: its offset is committed only after the agent acted on it,
as for a record it read. An agent takes what it is handed only where acting on it now is what it
would do on reading it: a handler returns False to leave the record to the stream (the session
agent, for a session it does not hold yet: the query that opens it may still be on its way). A
session handler that raises leaves it to the stream too; a stage agent logs and passes what its
stage raises, as on the stream. Only what every reader can decode again is handed over (an event
over the codec's bound is left to the stream, which dead-letters it). Every agent is idempotent
(doing a stage twice emits the same events; the fold ignores an event it has seen), so a record
both handed over and read (it came by the stream before its acknowledgement) is acted on once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

from faust.streams import _current_event

from app import metrics
from events.models import Event

log = logging.getLogger(__name__)
MEMORY = 10_000  # handed-over records whose copy the stream has not brought yet (more: forgotten)


def _settle(done: asyncio.Future[bool], _task: Any) -> None:
    if not done.done():
        done.cancel()


@dataclass(frozen=True, slots=True)
class Handed:
    """The record an event became, as an agent sees a message: where it sits in the log."""

    topic: str
    partition: int
    offset: int
    key: bytes
    timestamp: float | None = None


Handler = Callable[[Event, Handed], Awaitable[bool]]
"""Acts on a handed-over event; True when it took it (the stream's copy is passed over)."""


class HandOver:
    def __init__(self, holds: Callable[[str, int], bool], memory: int = MEMORY,
                 left: Callable[[str, int], None] = lambda topic, partition: None) -> None:
        self.holds = holds
        """Whether this worker holds and reads a partition now (topic, partition)."""
        self.left = left
        """Called when an agent left a handed-over record to the stream (topic, partition): with the
        Tansu tuning, the consumer fetches it at once (``app.kafka.tuning.tune_worker``)."""
        self.memory = memory
        self.closed = False
        self.handlers: dict[str, list[tuple[str, Handler]]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self._handed: OrderedDict[tuple[str, str, int, int], asyncio.Future[bool]] = OrderedDict()

    def register(self, agent: str, topics: Any, handler: Handler) -> None:
        """``agent`` reads ``topics`` (their full names): hand it the events that land there."""
        for topic in topics:
            self.handlers.setdefault(topic, []).append((agent, handler))

    def hands(self, topic: str, partition: int) -> bool:
        """Whether an event that lands on this partition is handed over."""
        return not self.closed and topic in self.handlers and self.holds(topic, partition)

    def landed(self, event: Event, sent: asyncio.Future[Any]) -> None:
        """The done callback of an event's send: hand it over if it is on the broker, on a
        partition this worker reads, and an agent here reads its topic."""
        if self.closed or sent.cancelled() or sent.exception() is not None:
            return
        md = sent.result()
        if not self.hands(md.topic, md.partition):
            return
        ts = getattr(md, "timestamp", None)
        record = Handed(md.topic, md.partition, md.offset, event.session_id.encode(),
                        ts / 1000 if isinstance(ts, int) and ts > 0 else None)
        for agent, handler in self.handlers[md.topic]:
            done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
            key = (agent, record.topic, record.partition, record.offset)
            self._handed[key] = done
            task = asyncio.ensure_future(self._hand(key, handler, event, record, done))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            task.add_done_callback(functools.partial(_settle, done))  # cancelled before its first step
        while len(self._handed) > self.memory:
            self._handed.popitem(last=False)

    async def _hand(self, key: tuple[str, str, int, int], handler: Handler, event: Event, record: Handed,
                    done: asyncio.Future[bool]) -> None:
        agent = key[0]
        took = False
        try:
            if self.closed or not self.holds(record.topic, record.partition):
                return  # the worker stops, or the partition moved, since the event landed
            took = await handler(event, record)
            if took:
                metrics.HANDED_OVER.labels(agent).inc()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s: handing over %s of session_id=%s failed; the stream's copy is read", agent,
                          event.event_type, event.session_id)
        finally:
            if not done.done():
                done.set_result(took)
            if not took:  # the stream's copy is read as usual: nothing to remember (an agent that
                if self._handed.get(key) is done:  # passes over such records unread never asks)
                    del self._handed[key]
                self.left(record.topic, record.partition)

    async def taken(self, agent: str, message: Any) -> bool:
        """Whether ``agent`` took this record by hand-over (then it passes over the stream's
        copy), once the hand-over's handling ended."""
        done = self._handed.pop((agent, message.topic, message.partition, message.offset), None)
        if done is None:
            return False
        if not done.done():
            await asyncio.wait([done])  # cancelled with the worker: not taken
        return not done.cancelled() and done.result()

    def __len__(self) -> int:
        """Handed-over records whose copy the stream has not brought to their agent yet."""
        return len(self._handed)

    def forget(self) -> None:
        """Partitions moved: every record is read from the stream again (each agent is idempotent),
        except those whose hand-over is still at work (their copy waits for it to end, as before)."""
        self._handed = OrderedDict((k, done) for k, done in self._handed.items() if not done.done())

    async def close(self) -> None:
        """The worker stops: nothing more is handed over, and no handling outlives the agents."""
        self.closed = True
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)
        for done in self._handed.values():
            done.cancel()
        self._handed.clear()


class _Current:
    """What Faust's tables read of the current event: its message."""

    __slots__ = ("message", "__weakref__")

    def __init__(self, message: Handed) -> None:
        self.message = message


@contextlib.contextmanager
def as_current(record: Handed) -> Iterator[None]:
    """Faust's current event, for a handler that writes a table: the table writes its changelog to
    the partition of the record it acts on (the session's partition, the same on every topic)."""
    current = _Current(record)
    token = _current_event.set(weakref.ref(current))  # type: ignore[arg-type]
    try:
        yield
    finally:
        _current_event.reset(token)
