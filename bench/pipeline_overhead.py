"""Pipeline benchmark, printed as ratios measured in one run on one broker.

(a) overhead: per-query latency of the full pipeline (offline engine, one query at a time)
    against a plain aiokafka chain with the same number of hops on the same broker;
(b) throughput: with every model call taking a fixed simulated latency, sessions/s with N in
    flight as a fraction of the ideal N / (calls per session × latency).

Usage: python bench/pipeline_overhead.py [--queries 40] [--latency-ms 200] [--inflight 32]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

from app.kafka.broker import EmbeddedBroker, ensure_topics
from app.settings import Settings
from app.stack import Client, embedded_stack
from events.models import QueryReceived

HOPS = 5  # query → executor-result → verdict → compose → answer-draft → composed-answer
CALLS_PER_SESSION = 4  # planner, executor, verifier, composer (a PASS session, one round)
QUESTION = "Why do payments-api pods keep restarting with exit code 137?"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


async def plain_chain(bootstrap: str, n: int) -> list[float]:
    """N messages, one at a time, through HOPS consume→produce loops."""
    tag = uuid.uuid4().hex[:6]
    names = [f"plain-{tag}-{i}" for i in range(HOPS + 1)]
    await ensure_topics(bootstrap, names, 4)
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0)
    await producer.start()
    consumers = [AIOKafkaConsumer(names[i], bootstrap_servers=bootstrap, group_id=f"plain-{tag}-{i}",
                                  auto_offset_reset="earliest", fetch_max_wait_ms=10,
                                  session_timeout_ms=6000, heartbeat_interval_ms=1500) for i in range(HOPS + 1)]
    await asyncio.gather(*(c.start() for c in consumers))

    async def hop(i: int) -> None:
        async for m in consumers[i]:
            await producer.send_and_wait(names[i + 1], m.value, key=m.key)

    tasks = [asyncio.ensure_future(hop(i)) for i in range(HOPS)]
    sink = consumers[HOPS]
    await asyncio.sleep(4)  # every group joined (Tansu holds a join for half the session timeout)
    lat = []
    try:
        for k in range(n + 5):
            t = time.perf_counter()
            await producer.send_and_wait(names[0], str(k).encode(), key=b"k")
            while True:
                m = await asyncio.wait_for(sink.getone(), 30)
                if m.value == str(k).encode():
                    break
            if k >= 5:
                lat.append((time.perf_counter() - t) * 1000)
    finally:
        for t_ in tasks:
            t_.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(c.stop() for c in consumers))
        await producer.stop()
    return lat


async def pipeline(settings: Settings, n: int) -> list[float]:
    lat = []
    async with embedded_stack(settings) as (bootstrap, _w), Client(settings, bootstrap) as client:
        await asyncio.sleep(4)
        for k in range(n + 5):
            q = QueryReceived(session_id=f"bench-{uuid.uuid4().hex[:8]}", query=QUESTION)
            t = time.perf_counter()
            await client.send(q)
            async for _ in client.answers([q.session_id], 30):
                break
            if k >= 5:
                lat.append((time.perf_counter() - t) * 1000)
    return lat


async def throughput(settings: Settings, sessions: int) -> tuple[float, float]:
    async with embedded_stack(settings) as (bootstrap, _w), Client(settings, bootstrap) as client:
        await asyncio.sleep(4)
        qs = [QueryReceived(session_id=f"tp-{uuid.uuid4().hex[:8]}", query=QUESTION) for _ in range(sessions)]
        t = time.perf_counter()
        for q in qs:
            await client.send(q)
        got = 0
        async for _ in client.answers([q.session_id for q in qs], 300):
            got += 1
        elapsed = time.perf_counter() - t
    return got / elapsed, elapsed


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--latency-ms", type=float, default=200.0)
    ap.add_argument("--inflight", type=int, default=32)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="gg-bench-"))
    with EmbeddedBroker(log_path=tmp / "tansu.log") as broker:
        base = dict(bootstrap_servers=broker.bootstrap, data_dir=tmp, clickhouse_dsn=f"chdb://{tmp / 'chdb'}")
        plain = await plain_chain(broker.bootstrap, args.queries)
        gg = await pipeline(Settings(topic_prefix="bench-a.", app_id="bench-a", **base), args.queries)
        print(f"(a) per-query latency over {HOPS} hops, one query at a time, n={args.queries}")
        print(f"    plain aiokafka chain: p50 {statistics.median(plain):7.1f} ms  p95 {pct(plain, .95):7.1f} ms")
        print(f"    groundgate pipeline : p50 {statistics.median(gg):7.1f} ms  p95 {pct(gg, .95):7.1f} ms")
        print(f"    overhead ratio (p50 groundgate / plain): {statistics.median(gg) / statistics.median(plain):.2f}x")
        n = args.inflight
        s = Settings(topic_prefix="bench-b.", app_id="bench-b", simulated_latency_ms=args.latency_ms,
                     max_in_flight=max(64, n), **base)
        rate, elapsed = await throughput(s, n)
        ideal = n / (CALLS_PER_SESSION * args.latency_ms / 1000)
        print(f"(b) throughput, {args.latency_ms:.0f} ms per model call, {n} sessions in flight")
        print(f"    {n} sessions in {elapsed:.2f}s = {rate:.1f} sessions/s; ideal N/(calls×latency) = {ideal:.1f}/s")
        print(f"    fraction of ideal: {rate / ideal:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
