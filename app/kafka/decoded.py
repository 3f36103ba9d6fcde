"""The events this process decoded lately, by their place in the log: a record that several of the
worker's agents read (a query by the session agent and the investigate stage, an Executor result
by the session agent and the verify stage) is decoded and validated once, not once per agent.

Faust hands one fetched record to every agent whose topic it is, one after the other, so the
second reader comes within the same fetch: a few hundred places are enough. Events are frozen, so
one instance can be shared. A place holds one record for good (offsets are never reused on a
partition), and the map is dropped whenever partitions move, so a topic deleted and made again
under the same name is never read from here. Bounded by count and by the bytes of the records
behind it, so large Executor results do not pin memory.
"""

from __future__ import annotations

from collections import OrderedDict

from events.models import Event

Place = tuple[str, int, int]
"""(topic, partition, offset)."""

MAX_EVENTS = 512
MAX_BYTES = 8 * 1024 * 1024


class Decoded:
    def __init__(self, max_events: int = MAX_EVENTS, max_bytes: int = MAX_BYTES) -> None:
        self.max_events, self.max_bytes = max_events, max_bytes
        self._events: OrderedDict[Place, tuple[Event, int]] = OrderedDict()
        self._bytes = 0

    def get(self, place: Place) -> Event | None:
        got = self._events.get(place)
        return None if got is None else got[0]

    def put(self, place: Place, event: Event, size: int) -> None:
        """Remember ``event`` decoded from ``size`` bytes at ``place``; the oldest go first."""
        if size > self.max_bytes or place in self._events:
            return
        self._events[place] = (event, size)
        self._bytes += size
        while len(self._events) > self.max_events or self._bytes > self.max_bytes:
            _, (_, dropped) = self._events.popitem(last=False)
            self._bytes -= dropped

    def clear(self) -> None:
        self._events.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._events)
