"""Two Faust defaults no setting reaches.

- A transport whose consumer waits at most ``FETCH_MAX_WAIT_MS`` for a fetch: Faust 0.15
  hard-codes ``fetch_max_wait_ms=1500`` and Tansu does not wake a waiting multi-partition fetch
  when data arrives, so every hop cost ~750 ms on average. Nor does it wake one for a record
  produced just after the fetch was sent, which is how one worker's hops follow each other: the
  wait is most of a hop's latency. One query through the five hops of a worker without the
  in-process audit writer, over this stop's runs: 42–45 ms at 10 ms, 32–44 ms at 5 ms (it varies
  from run to run), no better at 3, 2 or 1 ms in the runs tried, where the idle worker's and
  broker's CPU for empty fetches keeps rising (9 / 18 % at 10 ms, 12 / 22 % at 5, 19 / 30 % at
  2). Registered as the ``ggkafka://`` broker scheme.
- A table manager that starts without Faust's fixed one-second sleep (a grace for tables
  declared late; ours are declared before the app starts). The consumer subscribes, and the
  group join starts, only after it: a restarted worker was ready a second later for nothing.
"""

from __future__ import annotations

from typing import Any

from faust.tables import TableManager as _FaustTableManager
from faust.transport import drivers
from faust.transport.drivers import aiokafka as fk

FETCH_MAX_WAIT_MS = 5


class _ConsumerThread(fk.AIOKafkaConsumerThread):
    def _create_worker_consumer(self, transport: Any) -> Any:
        consumer = super()._create_worker_consumer(transport)
        consumer._fetch_max_wait_ms = FETCH_MAX_WAIT_MS
        return consumer


class _Consumer(fk.Consumer):
    def _new_consumer_thread(self) -> fk.AIOKafkaConsumerThread:
        return _ConsumerThread(self, loop=self.loop, beacon=self.beacon)


class Transport(fk.Transport):
    Consumer = _Consumer


drivers.TRANSPORTS.aliases["ggkafka"] = f"{__name__}:Transport"


class TableManager(_FaustTableManager):
    async def on_start(self) -> None:
        if not self.should_stop:
            await self._update_channels()
            await self.recovery.start()


def member_id(app: Any) -> str | None:
    """The member id Faust's consumer holds in the app's group (None before it joined)."""
    try:
        return str(app.consumer._thread._ensure_consumer()._coordinator.member_id) or None
    except Exception:  # not started, or a Faust that keeps it elsewhere: nothing to remember
        return None
