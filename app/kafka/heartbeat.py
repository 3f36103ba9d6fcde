"""The worker's heartbeat: every ledger learns from it which worker incarnations are alive.

A beat every ``BEAT_S`` on the workers topic; on a graceful stop the stage tasks are cancelled
first and the last beat says "stopping", so the ledgers re-drive what this worker held at once
instead of waiting for it to fall silent. Its own producer: it must outlive Faust's on stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from aiokafka import AIOKafkaProducer
from mode import Service

from app.kafka import clients as kafka_clients
from app.kafka import identity, topics
from app.kafka.runtime import Runtime, utcnow
from events.models import WorkerBeat

log = logging.getLogger(__name__)
BEAT_S = identity.BEAT_S  # one figure: a start watches for the next beat of a run that may be live
READY_TIMEOUT_S = 30.0


class Heartbeat(Service):
    def __init__(self, rt: Runtime, bootstrap: str) -> None:
        super().__init__()
        self.rt = rt
        self.topic = rt.settings.topic(topics.WORKERS)
        self.bootstrap = bootstrap
        self.producer: AIOKafkaProducer | None = None
        self._task: asyncio.Future[None] | None = None

    async def _beat(self, state: str = "alive") -> None:
        assert self.producer is not None, "beats are sent only while started"
        ident = self.rt.identity
        beat = WorkerBeat(worker_id=ident.worker_id, incarnation=ident.incarnation, state=state,  # type: ignore[arg-type]
                          at=utcnow())
        await self.producer.send_and_wait(self.topic, beat.model_dump_json().encode(),
                                          key=ident.worker_id.encode())

    async def _beat_forever(self) -> None:
        while True:
            try:
                await self._beat()
            except Exception as exc:  # a missed beat only risks a needless re-drive
                log.warning("heartbeat not sent: %s", exc)
            await asyncio.sleep(BEAT_S)

    async def on_start(self) -> None:
        self.producer = kafka_clients.producer(self.rt.settings, self.bootstrap)
        await self.producer.start()
        # Named in its worker id's lock before its first beat: a restart in place knows these
        # beats for a dead run's (app.kafka.identity).
        identity.record(self.rt.settings, self.rt.identity.worker_id, self.rt.identity.incarnation)
        self._task = asyncio.ensure_future(self._beat_forever())
        try:  # "ready" means the ledger watches this worker's partitions too
            await asyncio.wait_for(self.rt.ledger_ready.wait(), READY_TIMEOUT_S)
        except TimeoutError:
            log.warning("ledger not assigned after %.0fs; the worker starts without waiting", READY_TIMEOUT_S)
        self.rt.ready = True
        log.info("worker %s incarnation %s beating", self.rt.identity.worker_id, self.rt.identity.incarnation)

    async def on_stop(self) -> None:
        self.rt.ready = False
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        await self.rt.cancel_stages()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._beat("stopping"), 5)
        if self.producer is not None:
            with contextlib.suppress(Exception):
                await self.producer.stop()
