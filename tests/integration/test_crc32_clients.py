"""A client whose library partitions keys by CRC32 (librdkafka's default: confluent-kafka, kcat,
the Go, .NET and Node clients) puts most queries on another partition than their session's; the
worker copies them there. Nothing may be lost on the way: not when a worker dies mid-flight, not
when it dies between the original and its copy, not when the ledger that reads the original does
not read the session's partition."""

from __future__ import annotations

import asyncio
import json
import signal
import time
import zlib
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition
from confluent_kafka import Producer

from app.kafka import topics
from app.kafka.broker import ensure_topics
from app.kafka.brokers import LocalBroker
from app.kafka.ledger import WATCHED, Ledger
from app.settings import Settings
from events.codec import message_id
from tests.integration.harness import Cluster, group_of, unique, wait_ready, wait_stages_started
from tests.integration.test_watchdog import _skip_everything

QUESTIONS = [
    "Why is ingest-node-03 failing to write logs with no space left on device?",
    "Why do payments-api pods keep restarting with exit code 137?",
    "Why is the nightly backup job slow?",  # goes through the retry round
]
PARTITIONS = 4


def crc32_partition(sid: str, partitions: int = PARTITIONS) -> int:
    """Where librdkafka's default partitioner (consistent_random) puts a keyed record."""
    return zlib.crc32(sid.encode()) % partitions


def misplaced_ids(tag: str, n: int, across: bool = False) -> list[str]:
    """Session ids a CRC32 client puts on another partition than their session's; ``across``:
    in the other half of the partitions (two workers' ledgers hold a half each), half of them
    from the first half to the second and half the other way."""
    out: list[str] = []
    halves = {True: 0, False: 0}
    while len(out) < n:
        sid = unique(tag)
        origin, home = crc32_partition(sid), topics.partition_of(sid.encode(), PARTITIONS)
        low = origin < PARTITIONS // 2
        if origin == home or (across and ((home < PARTITIONS // 2) == low or halves[low] >= n // 2)):
            continue
        halves[low] += 1
        out.append(sid)
    return out


def produce_crc32(cluster: Cluster, sids: list[str]) -> None:
    """Queries sent the way a confluent-kafka client with default settings sends them."""
    p = Producer({"bootstrap.servers": cluster.bootstrap, "acks": "all", "linger.ms": 5})
    delivered: list[tuple[str, int]] = []

    def done(err: Any, msg: Any) -> None:
        assert err is None, err
        delivered.append((msg.key().decode(), msg.partition()))

    for i, sid in enumerate(sids):
        p.produce(cluster.topic(topics.QUERY), key=sid.encode(), on_delivery=done,
                  value=json.dumps({"session_id": sid, "query": QUESTIONS[i % len(QUESTIONS)]}).encode())
    assert p.flush(30) == 0
    assert sorted(delivered) == sorted((s, crc32_partition(s)) for s in sids), "not CRC32-partitioned"


def assert_answered_once(answers: dict[str, list[dict[str, Any]]], sids: list[str], *logs: str) -> None:
    missing = [s for s in sids if not answers.get(s)]
    assert not missing, f"{len(missing)} of {len(sids)} never answered: {missing[:3]}\n" + "\n".join(logs)
    for s in sids:
        assert len({(a["event_id"], a["final_answer"], a["verdict"]) for a in answers[s]}) == 1, s


# A model call longer than Faust's commit interval (1 s), and the kill more than that after the
# stages started: the offsets of the records that started the stages in flight are committed, and
# only the ledger can re-drive them.
SLOW_CALL_MS = "2000"
COMMITTED_S = 1.2


def test_a_crc32_client_s_sessions_are_answered_once_though_the_worker_is_killed_mid_flight(cluster: Cluster) -> None:
    w = cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS=SLOW_CALL_MS).start()
    sids = misplaced_ids("crc", 24)
    produce_crc32(cluster, sids)
    wait_stages_started(cluster, set(sids), at_least=2 * len(sids))  # verifying, or further on
    time.sleep(COMMITTED_S)
    w.signal(signal.SIGKILL)
    early = asyncio.run(cluster.answers(set(sids), timeout_s=1))
    assert len([s for s in sids if early.get(s)]) < len(sids), "all answered before the kill: nothing in flight"
    w.start()
    answers = asyncio.run(cluster.answers(set(sids), timeout_s=120, settle_s=2))
    assert_answered_once(answers, sids, w.tail(60))


def test_a_crc32_client_s_sessions_are_answered_once_when_one_of_two_workers_dies(cluster: Cluster) -> None:
    """Each query on the other worker's ledger's half of the partitions than its session's: that
    ledger copies it to the session's partition and passes it, so the copy is all the killed
    worker's successor has to go on."""
    a = cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS=SLOW_CALL_MS).start()
    b = cluster.worker(GROUNDGATE_SIMULATED_LATENCY_MS=SLOW_CALL_MS, GROUNDGATE_DATA_DIR=str(cluster.tmp / "data-b"),
                       GROUNDGATE_CLICKHOUSE_DSN=f"chdb://{cluster.tmp / 'data-b' / 'chdb'}").start()
    wait_ready(a, b)
    sids = misplaced_ids("crc2", 24, across=True)
    produce_crc32(cluster, sids)
    wait_stages_started(cluster, set(sids), at_least=2 * len(sids))
    time.sleep(COMMITTED_S)
    a.signal(signal.SIGKILL)
    answers = asyncio.run(cluster.answers(set(sids), timeout_s=120, settle_s=2))
    assert_answered_once(answers, sids, b.tail(60))


def test_a_misplaced_query_whose_copy_never_reached_the_log_is_answered(cluster: Cluster) -> None:
    """A worker killed after Faust committed the original's offset and before its copy reached
    the broker, done on purpose: the group is committed past the query and there is no copy."""
    w = cluster.worker(GROUNDGATE_STALL_S="2")
    sids = misplaced_ids("nocopy", 3)
    produce_crc32(cluster, sids)
    asyncio.run(_skip_everything(cluster, group_of(w.env)))
    w.start()
    answers = asyncio.run(cluster.answers(set(sids), timeout_s=60, settle_s=1))
    assert_answered_once(answers, sids, w.tail(60))


def test_a_ledger_that_does_not_read_the_session_s_partition_copies_the_query_there_before_passing_it(
        broker: LocalBroker) -> None:
    """Two workers' ledgers split the partitions: the one that reads the original may not read
    its session's partition, and nothing else would hold the original until a copy is there."""
    settings = Settings(topic_prefix=unique("fwd") + ".", app_id=unique("fwd"), partitions=PARTITIONS)
    query_topic = settings.topic(topics.QUERY)
    sid = next(s for s in misplaced_ids("fwd", 50)
               if crc32_partition(s) in (0, 1) and topics.partition_of(s.encode(), PARTITIONS) in (2, 3))
    origin, home = crc32_partition(sid), topics.partition_of(sid.encode(), PARTITIONS)

    async def go() -> tuple[dict[tuple[str, int], int], dict[tuple[str, int], int], list[Any], set[str]]:
        await ensure_topics(settings, broker.bootstrap, [settings.topic(t) for t in topics.ALL], PARTITIONS)
        p = Producer({"bootstrap.servers": broker.bootstrap})
        p.produce(query_topic, key=sid.encode(), value=json.dumps({"session_id": sid, "query": QUESTIONS[0]}).encode())
        assert p.flush(30) == 0
        ledger = Ledger(settings, broker.bootstrap)
        await ledger.producer.start()
        await ledger.consumer.start()
        try:
            tps = {TopicPartition(settings.topic(t), part) for t in WATCHED for part in (0, 1)}  # the other half: 2, 3
            ledger.consumer.assign(list(tps))
            await ledger.take(tps)
            for _ in range(20):
                if ledger.book.position.get((query_topic, origin), 0) > 0:
                    break
                batches = await ledger.consumer.getmany(timeout_ms=200)
                for tp, records in batches.items():
                    for r in records:
                        ledger.record(tp.topic, tp.partition, r.offset, r.key, r.value,
                                      {k: v.decode() for k, v in r.headers or ()}, r.timestamp, 0.0)
            held = ledger.book.commit_offsets()
            await ledger._forward()
            released = ledger.book.commit_offsets()
            open_here = set(ledger.book.open) | set(ledger.book.pending)
        finally:
            await ledger.consumer.stop()
            await ledger.producer.stop()
        c = AIOKafkaConsumer(bootstrap_servers=broker.bootstrap, auto_offset_reset="earliest")
        await c.start()
        try:
            c.assign([TopicPartition(query_topic, home)])
            copies = [r for batch in (await c.getmany(timeout_ms=2000)).values() for r in batch]
        finally:
            await c.stop()
        return held, released, copies, open_here

    held, released, copies, open_here = asyncio.run(go())
    assert held[(query_topic, origin)] == 0, "the original was passed before its copy was on the broker"
    assert released[(query_topic, origin)] == 1
    assert not open_here, "a session this ledger cannot see is left to the ledger that reads its partition"
    [copy] = copies
    assert copy.key == sid.encode()
    assert dict(copy.headers)[topics.MOVED_FROM] == f"{origin}@0".encode()
    ev = json.loads(copy.value)
    assert ev["event_type"] == "QueryReceived" and ev["session_id"] == sid
    assert ev["event_id"] == message_id(query_topic, origin, 0), "the copy keeps the original's identity"
