"""Reads one record back from the log by its place (``LogRef``): how large inputs are
referenced rather than copied into state or into the watchdog's nudges."""

from __future__ import annotations

import asyncio
import logging

from aiokafka import AIOKafkaConsumer, TopicPartition

from app.kafka import clients as kafka_clients
from app.settings import Settings
from events.models import LogRef

log = logging.getLogger(__name__)

READ_BACK_WAIT_MS = 500
"""The broker's wait for a read-back's fetch. The record is there (its place was read), and
Tansu gives a fetch about its wait to gather records: with a few milliseconds a loaded broker
answered with nothing for seconds (a recovering table's fetches, README: Operating), and a
read-back holds up the session agent that asked for it. Tansu answers as soon as it has one."""
SLOW_READ_BACK_S = 1.0


class LogReader:
    def __init__(self, settings: Settings, bootstrap: str) -> None:
        self.settings = settings
        self.bootstrap = bootstrap
        self._consumer: AIOKafkaConsumer | None = None
        self._lock = asyncio.Lock()

    async def read(self, ref: LogRef, timeout_s: float = 5.0) -> tuple[bytes | None, bytes | None] | None:
        """(key, value) of the record at ``ref``, or None if it cannot be read in time."""
        async with self._lock:
            try:
                if self._consumer is None:
                    self._consumer = kafka_clients.reader(self.settings, self.bootstrap,
                                                          fetch_max_wait_ms=READ_BACK_WAIT_MS)
                    await self._consumer.start()
                tp = TopicPartition(ref.topic, ref.partition)
                self._consumer.assign([tp])
                self._consumer.seek(tp, ref.offset)
                clock = asyncio.get_running_loop().time
                start = clock()
                while clock() - start < timeout_s:
                    for records in (await self._consumer.getmany(tp, timeout_ms=200, max_records=1)).values():
                        for r in records:
                            if (took := clock() - start) >= SLOW_READ_BACK_S:
                                log.warning("reading back %s[%d]@%d took %.1f s", ref.topic, ref.partition,
                                            ref.offset, took)
                            if r.offset == ref.offset:
                                return r.key, r.value
                            return None  # the record is gone (retention): nothing to re-drive from
            except Exception as exc:
                log.warning("could not read %s[%d]@%d: %s", ref.topic, ref.partition, ref.offset, exc)
        return None

    async def close(self) -> None:
        if self._consumer is not None:
            await self._consumer.stop()
            self._consumer = None
