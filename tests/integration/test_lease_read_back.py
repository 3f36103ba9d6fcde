"""The stage leases that lie before where the session agent starts reading a moved-in control
partition, read back on the real broker (``app.kafka.lease_log``) and held (``app.kafka.leases``):
from the ledger group's commit or the stall time back, whichever is earlier (the deadline back where
the ledger committed nothing), up to the start."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

from aiokafka import AIOKafkaProducer, TopicPartition

from app.kafka import clients as kafka_clients
from app.kafka import lease_log, members, topics
from app.kafka.broker import ensure_topics
from app.kafka.brokers import LocalBroker
from app.kafka.leases import HeldElsewhere
from app.settings import Settings
from events.models import Event, SessionExpired, StageStarted, WatchdogFired
from tests.integration.harness import unique
from tests.unit.factories import T0


def lease(session: str, inc: str) -> StageStarted:
    return StageStarted(session_id=session, round=1, occurred_at=T0, stage="compose", worker_id=f"w-{inc}",
                        incarnation=inc, lease_until=T0 + timedelta(hours=1))


def nudge(session: str) -> WatchdogFired:
    return WatchdogFired(session_id=session, round=1, occurred_at=T0, kind="orphaned")


async def send(bootstrap: str, tp: TopicPartition, events: list[Event], at_ms: list[int | None]) -> None:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap)
    await p.start()
    try:
        for ev, at in zip(events, at_ms, strict=True):
            await p.send_and_wait(tp.topic, ev.model_dump_json().encode(), key=ev.session_id.encode(),
                                  partition=tp.partition, headers=topics.headers(ev), timestamp_ms=at)
    finally:
        await p.stop()


def test_leases_before_the_start_are_read_from_the_ledger_s_commit_or_the_deadline_back(broker: LocalBroker,
                                                                                         broker_kind: str) -> None:
    settings = Settings(topic_prefix=unique("back") + ".", app_id=unique("back"), deadline_s=60)
    control = settings.topic(topics.CONTROL)
    committed, fresh, recent = (TopicPartition(control, p) for p in (0, 1, 2))
    now_ms = int(time.time() * 1000)
    other = SessionExpired(session_id="s-b", round=1, occurred_at=T0, answered_at=T0)
    on_committed: list[Event] = [lease("s-a", "gone-before"), lease("s-b", "r1"), other, lease("s-c", "r1"),
                                 nudge("s-c"), lease("s-d", "r2"), lease("s-e", "r3")]
    on_fresh: list[Event] = [lease("s-f", "too-old"), lease("s-g", "r1"), lease("s-h", "r1")]
    on_recent: list[Event] = [lease("s-i", "too-old"), lease("s-j", "r4"), lease("s-k", "r4")]
    minutes_ago = now_ms - 300_000  # past the stall time (20 s), within the deadline

    async def go() -> tuple[list[lease_log.Record], list[lease_log.Record], list[lease_log.Record]]:
        await ensure_topics(Settings(), broker.bootstrap, [control], partitions=settings.partitions)
        await send(broker.bootstrap, committed, on_committed, [minutes_ago] * len(on_committed))
        await send(broker.bootstrap, fresh, on_fresh, [now_ms - 600_000, now_ms, now_ms])
        await send(broker.bootstrap, recent, on_recent, [minutes_ago, now_ms, now_ms])
        ledger = kafka_clients.reader(settings, broker.bootstrap, group_id=members.groups_of(settings)[1])
        await ledger.start()
        try:
            ledger.assign([committed, recent])
            # s-a's records are behind every open session's; the ledger's book says so of all three on
            # ``recent`` too, and its last two are read all the same: they are not a stall time old
            await ledger.commit({committed: 1, recent: 3})
        finally:
            await ledger.stop()
        ledger_group = members.groups_of(settings)[1]
        return (await lease_log.before(settings, broker.bootstrap, ledger_group,
                                       {(control, 0): 6, (control, 1): 3, (control, 2): 3, (control, 3): 0}),
                await lease_log.before(settings, broker.bootstrap, ledger_group, {(control, 1): 2}),
                # to where the log ended when the partition came, past the agent's start; and from
                # that start at the latest, though the ledger committed past it
                await lease_log.before(settings, broker.bootstrap, ledger_group, {(control, 0): 6, (control, 2): 0},
                                       {(control, 0): 7, (control, 2): 3}))

    spans, shorter, to_the_end = asyncio.run(go())
    # s-f's lease is older than any open session; Tansu answers a ListOffsets by time with the
    # partition's start, so there it is read too (and s-a's, s-i's): more is read, nothing missed.
    too_old = ["s-f"] if broker_kind == "tansu" else []
    def on(events: list[Event]) -> list[tuple[str | None, str | None]]:  # in log order on each partition
        sessions = {ev.session_id for ev in events}
        return [(kind, sid) for kind, sid, _, _ in spans if sid in sessions]

    assert on(on_committed) == [
        *([("StageStarted", "s-a")] if too_old else []), ("StageStarted", "s-b"), ("SessionExpired", "s-b"), ("StageStarted", "s-c"), ("WatchdogFired", "s-c"),
        ("StageStarted", "s-d")]  # up to the start: s-e's lease is read live
    assert on(on_fresh) == [("StageStarted", s) for s in [*too_old, "s-g", "s-h"]]
    assert on(on_recent) == [("StageStarted", s) for s in [*(["s-i"] if too_old else []), "s-j", "s-k"]]
    assert [(sid, offset) for _, sid, _, offset in shorter] == [*((s, 0) for s in too_old), ("s-g", 1)]

    held = HeldElsewhere("mine", "w-mine")
    assert held.earlier(spans) == 6 + 3 * len(too_old)
    assert {s: held.holder(s, 1, "compose", T0) for s in ("s-a", "s-b", "s-c", "s-d", "s-g", "s-j")} == {
        "s-a": "gone-before" if too_old else None, "s-b": "r1", "s-c": None, "s-d": "r2", "s-g": "r1", "s-j": "r4"}
    assert [(sid, offset) for _, sid, _, offset in to_the_end if sid in {"s-a", "s-b", "s-c", "s-d", "s-e"}] == [
        *(("s-a", 0) for _ in too_old), ("s-b", 1), ("s-b", 2), ("s-c", 3), ("s-c", 4), ("s-d", 5), ("s-e", 6)]
    assert [(sid, offset) for _, sid, _, offset in to_the_end if sid in {"s-i", "s-j", "s-k"}] == [
        ("s-i", 0), ("s-j", 1), ("s-k", 2)]
