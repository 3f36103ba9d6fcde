"""How soon a client's consumer group with default settings reads its first answer, per broker.

One worker; a confluent-kafka consumer group (librdkafka's defaults: only ``bootstrap.servers`` and
``group.id``, so a 45 s session timeout and ``auto.offset.reset=latest``) subscribes to the answer
topic; once it holds its partitions a question is sent. Printed: subscribe → assignment, question
→ answer, and the same with ``session.timeout.ms=6000``. A group's first join is held by the broker:
Tansu holds every JoinGroup for half the session timeout, Apache Kafka delays a new group's first
rebalance by ``group.initial.rebalance.delay.ms`` (3 s by default).

Usage: python bench/first_answer.py [--broker tansu|kafka|both] [--rounds 3] [--src DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _harness import BROKERS, QUESTION, Cluster, choices, kafka_conf, run_benchmark
from confluent_kafka import Consumer, Producer

from app.kafka import topics

VARIANTS = {"defaults": {}, "session.timeout.ms=6000": {"session.timeout.ms": 6000}}


def first_answer(cl: Cluster, prefix: str, extra: dict[str, Any]) -> tuple[float, float]:
    """(seconds from subscribe to assignment, seconds from the question to its answer)."""
    sid = f"first-{uuid.uuid4().hex[:8]}"
    consumer = Consumer({"bootstrap.servers": cl.bootstrap, "group.id": f"client-{sid}", **extra})
    producer = Producer(kafka_conf(cl.bootstrap))
    try:
        t0 = time.monotonic()
        consumer.subscribe([f"{prefix}{topics.ANSWER}"])
        while not consumer.assignment() and time.monotonic() - t0 < 120:
            consumer.poll(0.1)
        for tp in consumer.assignment():
            consumer.position([tp])
        assigned = time.monotonic() - t0
        producer.produce(f"{prefix}{topics.QUERY}", key=sid.encode(),
                         value=json.dumps({"session_id": sid, "query": QUESTION}).encode())
        producer.flush(10)
        t1 = time.monotonic()
        while time.monotonic() - t1 < 60:
            m = consumer.poll(0.1)
            if m is not None and not m.error() and m.key() == sid.encode():
                return assigned, time.monotonic() - t1
        return assigned, float("nan")
    finally:
        consumer.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--broker", choices=[*BROKERS, "both"], default="both")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--src", type=Path, default=None)
    args = ap.parse_args(argv)

    def phases(cl: Cluster) -> Iterator[dict[str, Any]]:
        prefix = cl.new_prefix("first")
        w = cl.worker(prefix, latency_ms=0, GROUNDGATE_AUDIT="off")
        cl.start_workers([w])
        try:
            for variant, extra in VARIANTS.items():
                got = [first_answer(cl, prefix, extra) for _ in range(args.rounds)]
                res = {"variant": variant, "assigned": statistics.median(a for a, _ in got),
                       "answered": statistics.median(b for _, b in got)}
                print(f"    {cl.broker_name}, consumer group with {variant}: assigned after {res['assigned']:.1f} s, "
                      f"answer {res['answered']:.2f} s after the question (medians of {args.rounds})")
                sys.stdout.flush()
                yield res
        finally:
            w.stop()

    def report(results: list[dict[str, Any]]) -> None:
        print()
        print("summary: a client's consumer group, subscribe → assignment / question → answer (s)")
        for r in results:
            print(f"  {r['broker']:<6} {r['variant']:<26} {r['assigned']:6.1f} / {r['answered']:5.2f}")

    return run_benchmark("first answer", args.src, phases, report, brokers=choices(args.broker, BROKERS))


if __name__ == "__main__":
    sys.exit(main())
