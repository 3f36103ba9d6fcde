"""Closed-loop load benchmark (issue 11, "Under sustained load"), ratios measured in one run.

An embedded Tansu broker, one or two real ``groundgate worker`` processes with a simulated model
latency, and a closed-loop client on confluent-kafka (not the project's aiokafka) that keeps
exactly N sessions in flight: each session's first AnswerComposed sends the next QueryReceived.
For every (workers, N) it prints, after an uncounted warm-up:
- sessions/s over the measured window, as a fraction of Little's law N / (calls × latency);
- duplicate answers per 1,000 sessions (answer messages beyond a session's first) and
  conflicting sessions (two answers with a different final_answer / verdict);
- re-drives per 1,000 sessions (every WatchdogFired on any topic of the run, read at the end);
- each worker's peak RSS and CPU% (and the broker's), from /proc;
and once, per-query overhead one query at a time against a plain aiokafka chain with the same
hops on the same broker, through a worker process, and before it the CPU the worker, the audit
writer and the broker use while idle.

Each phase runs on each broker (``--broker tansu|kafka|both``, the overhead against a plain chain
on the same broker) with each client partitioner (``--partitioner murmur2_random|consistent_random|both``),
and the summary puts them side by side.

Usage: python bench/load.py [--n 50 200] [--workers 1 2] [--duration 60] [--warmup 10]
                            [--latency-ms 1000] [--broker tansu|kafka|both]
                            [--partitioner murmur2_random|consistent_random|both] [--quick] [--src DIR]
                            [--rule-processes N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _harness import (
    BROKERS,
    PARTITIONERS,
    QUESTION,
    ClosedLoop,
    Cluster,
    CpuWindow,
    choices,
    columns_of,
    fmt_pct,
    ideal_rate,
    loadavg,
    median,
    pct,
    per_1000,
    print_problems,
    proc_cpu_s,
    read_run,
    run_benchmark,
    short_partitioner,
)
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from app.kafka import topics
from app.kafka.broker import ensure_topics
from app.kafka.clients import partitions
from app.settings import Settings
from tests.unit.factories import run_session

IDLE_S = 10.0  # the worker and the broker idle, measured before the one-at-a-time queries
HOPS = 5  # query → executor-result → verdict → compose → answer-draft → composed-answer


# --------------------------------------------------------------------------- (a) overhead

Timed = tuple[list[float], list[float]]
"""Per query, ms from sending it: until the client read the answer, and until the answer was
produced (the answer record's own timestamp against the wall clock at the send)."""

OVERHEAD_WARMUP = 20
"""Queries each chain sends first, uncounted: a broker just started spends several times the CPU
per request it spends warm (Apache Kafka's JIT), and the chain measured first paid for it."""
OVERHEAD_BLOCK = 5
"""Queries a chain sends in a row before the other chain takes its turn: the two chains are
measured in alternating blocks, so the machine's load and the broker's state weigh on both alike."""


class PlainChain:
    """HOPS aiokafka consume→produce loops, one topic each with the worker's partitions per topic
    (what a user of this broker would configure for both). ``working``: its first hop also runs the
    pipeline's own work for the question (every stage and rule in memory, ``run_session``), so that
    groundgate against it is what the framework adds (Faust, the session state, leases, ledger,
    audit), not the work both do."""

    def __init__(self, bootstrap: str, partitions: int, working: bool = False) -> None:
        self.bootstrap, self.partitions, self.working = bootstrap, partitions, working
        tag = uuid.uuid4().hex[:6]
        self.names = [f"plain-{tag}-{i}" for i in range(HOPS + 1)]
        self.tasks: list[asyncio.Future[None]] = []

    async def start(self) -> None:
        names, bootstrap = self.names, self.bootstrap
        await ensure_topics(Settings(), bootstrap, names, self.partitions)
        self.producer = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=0)
        await self.producer.start()
        self.consumers = [AIOKafkaConsumer(names[i], bootstrap_servers=bootstrap, group_id=f"{names[i]}-g",
                                           auto_offset_reset="earliest", fetch_max_wait_ms=10,
                                           session_timeout_ms=6000, heartbeat_interval_ms=1500)
                          for i in range(HOPS + 1)]
        await asyncio.gather(*(c.start() for c in self.consumers))
        self.tasks = [asyncio.ensure_future(self.hop(i)) for i in range(HOPS)]
        # every group joined (Tansu holds a join for half the session timeout; Apache Kafka delays a
        # new group's first rebalance by group.initial.rebalance.delay.ms, 3 s by default)
        for _ in range(600):
            if all(c.assignment() for c in self.consumers):
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(1)

    async def hop(self, i: int) -> None:
        async for m in self.consumers[i]:
            if i == 0 and self.working:  # its own event loop: run_session drives one with asyncio.run
                await asyncio.to_thread(run_session, QUESTION, f"plain-{m.value.decode()}")
            await self.producer.send_and_wait(self.names[i + 1], m.value, key=m.key)

    async def one(self, k: int) -> tuple[float, float]:
        """One message through the chain: ms to the client reading it, and to its last produce."""
        t, wall_ms = time.perf_counter(), time.time() * 1000
        await self.producer.send_and_wait(self.names[0], str(k).encode(), key=b"k")
        while True:
            m = await asyncio.wait_for(self.consumers[HOPS].getone(), 30)
            if m.value == str(k).encode():
                return (time.perf_counter() - t) * 1000, m.timestamp - wall_ms

    def pause(self, paused: bool) -> None:
        """Stop (or restart) the chain's fetches: idle, each consumer would ask every 10 ms and load
        the broker and the client's loop while the other chain is measured."""
        for c in self.consumers:
            (c.pause if paused else c.resume)(*c.assignment())

    async def stop(self) -> None:
        for t_ in self.tasks:
            t_.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.gather(*(c.stop() for c in self.consumers))
        await self.producer.stop()


class WorkerChain:
    """Queries through a `groundgate worker` process; the same aiokafka producer and consumer
    settings as the plain chain's ends."""

    def __init__(self, bootstrap: str, prefix: str) -> None:
        self.bootstrap, self.prefix = bootstrap, prefix

    async def start(self) -> None:
        self.producer = AIOKafkaProducer(bootstrap_servers=self.bootstrap, linger_ms=0)
        self.consumer = AIOKafkaConsumer(bootstrap_servers=self.bootstrap, enable_auto_commit=False,
                                         auto_offset_reset="latest", fetch_max_wait_ms=10)
        await self.producer.start()
        await self.consumer.start()
        answer = f"{self.prefix}{topics.ANSWER}"
        self.consumer.assign([TopicPartition(answer, p) for p in await partitions(self.consumer, answer)])
        await self.consumer.seek_to_end()

    async def one(self, k: int) -> tuple[float, float]:
        sid = f"ovh-{k}-{uuid.uuid4().hex[:6]}"
        t, wall_ms = time.perf_counter(), time.time() * 1000
        await self.producer.send_and_wait(f"{self.prefix}{topics.QUERY}",
                                          json.dumps({"session_id": sid, "query": QUESTION}).encode(),
                                          key=sid.encode())
        end = time.monotonic() + 30
        while time.monotonic() < end:
            for records in (await self.consumer.getmany(timeout_ms=100)).values():
                for r in records:
                    if sid.encode() in r.value and b"AnswerComposed" in r.value:
                        return (time.perf_counter() - t) * 1000, r.timestamp - wall_ms
        raise RuntimeError(f"no answer for {sid} in 30 s")

    def pause(self, paused: bool) -> None:
        """Stop (or restart) the answer reader's fetches (as ``PlainChain.pause``)."""
        (self.consumer.pause if paused else self.consumer.resume)(*self.consumer.assignment())

    async def stop(self) -> None:
        await self.consumer.stop()
        await self.producer.stop()


CpuMs = dict[str, float]
"""Per process (the client, the worker, the broker...), ms of CPU per query above its idle rate."""


Chain = PlainChain | WorkerChain


PROBE_LAG_S = 0.08
"""With ``GG_PROBE_DIR``, how long a block's count waits for the probe's next write (it writes every
``GG_PROBE_EVERY_S``, set to 0.05 s for the workers this benchmark starts)."""


async def alternating(chains: list[Chain], n: int, pids: dict[str, int], idle_pct: dict[str, float | None],
                      warmup: int = OVERHEAD_WARMUP, block: int = OVERHEAD_BLOCK,
                      counted: list[Any] | None = None, idle_reqs: dict[str, float] | None = None,
                      ) -> list[tuple[Timed, CpuMs]]:
    """The chains warmed by ``warmup`` queries each, then ``n`` each in alternating blocks; a chain
    not measured does not fetch meanwhile. With each chain's times, the CPU each process (``pids``,
    each with its children; ``client``: this process alone, whose children are the broker and the
    workers) spent per query of that chain over its idle rate: far less sensitive to other work on
    the machine than the times. With ``counted`` (workers ``bench/probe`` counts), their Kafka
    requests per query of each chain over their idle rate (``idle_reqs``, per second), by type, as
    ``req:<type>`` beside the CPU."""
    await asyncio.gather(*(c.start() for c in chains))
    timed: list[Timed] = [([], []) for _ in chains]
    cpu: list[CpuMs] = [{} for _ in chains]
    counted = counted or []
    try:
        for k in range(warmup):
            for chain in chains:
                await chain.one(-1 - k)
        k = 0
        while k < n:
            for chain, (lat, made), used in zip(chains, timed, cpu, strict=True):
                for other in chains:
                    other.pause(other is not chain)
                await asyncio.sleep(0.2)
                window, t0, own = CpuWindow(pids), time.monotonic(), proc_cpu_s(os.getpid())
                req0 = requests_sent(counted)
                for j in range(k, min(n, k + block)):
                    got = await chain.one(j)
                    lat.append(got[0])
                    made.append(got[1])
                wall, own_now = time.monotonic() - t0, proc_cpu_s(os.getpid())
                if counted:
                    await asyncio.sleep(PROBE_LAG_S)
                    req1 = requests_sent(counted)
                    for kind in req1:
                        extra = req1[kind] - req0.get(kind, 0) - (idle_reqs or {}).get(kind, 0.0) * (wall + PROBE_LAG_S)
                        used[f"req:{kind}"] = used.get(f"req:{kind}", 0.0) + extra / n
                client = {} if own is None or own_now is None else {"client": 100 * (own_now - own) / wall}
                for name, pct_ in {**client, **window.stop()}.items():
                    if pct_ is not None:
                        used[name] = used.get(name, 0.0) + (pct_ - (idle_pct.get(name) or 0.0)) * wall * 10 / n
            k += block
    finally:
        await asyncio.gather(*(c.stop() for c in chains), return_exceptions=True)
    return list(zip(timed, cpu, strict=True))


def measure_overhead(cl: Cluster, n: int, audit: str, rule_processes: int | None = None) -> dict[str, Any]:
    """One query at a time through one worker in the layout of the load phases (``--audit``,
    ``--rule-processes``), in alternating blocks with two plain chains, all on a warmed broker: one
    that only forwards (the transport's floor) and one whose first hop also does the pipeline's own
    work for the question (so that the ratio against it is what the framework adds)."""
    prefix = cl.new_prefix("ovh")
    w = cl.worker(prefix, latency_ms=0, GROUNDGATE_AUDIT="inline" if audit == "inline" else "off",
                  GROUNDGATE_RULE_PROCESSES=str(rule_processes) if rule_processes is not None else None)  # type: ignore[arg-type]
    side = [cl.audit(prefix)] if audit == "process" else []
    cl.start_workers([w, *side])
    try:
        time.sleep(3)  # the worker's groups settle
        pids = {"worker": w.pid, **({"audit": side[0].pid} if side else {}), "broker": cl.broker_pid}
        idle, req0 = CpuWindow({k: v for k, v in pids.items() if v}), requests_sent([w])
        time.sleep(IDLE_S)
        idle_pct = idle.stop()
        idle_reqs = {k: (v - req0.get(k, 0)) / IDLE_S for k, v in requests_sent([w]).items()}
        load_before = loadavg()
        chains: list[Chain] = [PlainChain(cl.bootstrap, cl.partitions), PlainChain(cl.bootstrap, cl.partitions, True),
                               WorkerChain(cl.bootstrap, prefix)]
        got = asyncio.run(alternating(chains, n, {k: v for k, v in pids.items() if v}, idle_pct,
                                      counted=[w], idle_reqs=idle_reqs))
    finally:
        for p in [w, *side]:
            p.stop()
    res: dict[str, Any] = {"idle_cpu": idle_pct, "load": f"{load_before} → {loadavg()}"}
    for name, ((lat, made), used) in zip(("plain", "work", "gg"), got, strict=True):
        res |= {f"{name}_p50": statistics.median(lat), f"{name}_p95": pct(lat, .95),
                f"{name}_made_p50": statistics.median(made), f"{name}_cpu": used}
    res["ratio"] = res["gg_p50"] / res["plain_p50"]
    res["work_ratio"] = res["gg_p50"] / res["work_p50"]
    res["made_ratio"] = res["gg_made_p50"] / res["plain_made_p50"]
    print(f"(a) per-query latency over {HOPS} hops, one query at a time, n={n} each after {OVERHEAD_WARMUP} warm-up "
          f"queries each, in alternating blocks of {OVERHEAD_BLOCK}, {cl.partitions} partitions per topic, offline "
          f"engine, no added latency, audit {audit}, load average {res['load']}")
    for key, label in (("plain", "plain aiokafka chain, forwarding only"),
                       ("work", "plain aiokafka chain doing the pipeline work"), ("gg", "groundgate worker process")):
        print(f"    {label:<44}: p50 {res[f'{key}_p50']:7.1f} ms  p95 {res[f'{key}_p95']:7.1f} ms")
    print(f"    overhead ratio (p50 groundgate / plain chain doing the same work): {res['work_ratio']:.2f}x "
          f"(target ≤ 1.3x); against a chain that only forwards: {res['ratio']:.2f}x")
    print(f"    answer produced (its record's timestamp) after: groundgate p50 {res['gg_made_p50']:.0f} ms, plain "
          f"{res['plain_made_p50']:.0f} ms = {res['made_ratio']:.2f}x (the client reads answers in steps of its "
          "10 ms fetch wait)")
    for name, key in (("plain chain", "plain"), ("plain chain doing the work", "work"), ("groundgate", "gg")):
        print(f"    CPU per query of the {name} above each process's idle rate (ms): "
              + ", ".join(f"{k} {v:.1f}" for k, v in res[f"{key}_cpu"].items() if not k.startswith("req:")))
    if any(k.startswith("req:") for k in res["gg_cpu"]):
        print("    the worker's Kafka requests per query above its idle rate (GG_PROBE_DIR), while groundgate / "
              "a plain chain ran: " + ", ".join(f"{k[4:]} {v:.2f} / {res['plain_cpu'].get(k, 0.0):.2f}"
                                              for k, v in sorted(res["gg_cpu"].items()) if k.startswith("req:")))
    print(f"    CPU while idle ({IDLE_S:g} s before the queries, % of a core): "
          + ", ".join(f"{k} {fmt_pct(v)}" for k, v in idle_pct.items()))
    sys.stdout.flush()
    return res


# --------------------------------------------------------------------------- (b) closed loop

def run_phase(cl: Cluster, n_workers: int, n: int, args: argparse.Namespace, partitioner: str) -> dict[str, Any]:
    prefix = cl.new_prefix(f"w{n_workers}n{n}")
    env = {"GROUNDGATE_DEADLINE_S": f"{args.deadline_s:g}" if args.deadline_s else None,
           "GROUNDGATE_STALL_S": f"{args.stall_s:g}" if args.stall_s else None,
           "GROUNDGATE_AUDIT": "inline" if args.audit == "inline" else "off",
           "GROUNDGATE_RULE_PROCESSES": str(args.rule_processes) if args.rule_processes is not None else None}
    ws = [cl.worker(prefix, args.latency_ms, args.max_in_flight, **env) for _ in range(n_workers)]  # type: ignore[arg-type]
    audit = [cl.audit(prefix)] if args.audit == "process" else []
    print(f"(b) {n_workers} worker(s) on {cl.broker_name}, client partitioner {partitioner}, N={n}, "
          f"{args.latency_ms:g} ms per model call, audit {args.audit}, "
          f"prefix {prefix}")
    ready = cl.start_workers(ws)
    cl.start_workers(audit)
    print(f"    worker(s) ready in {', '.join(f'{r:.1f}' for r in ready)} s")
    sys.stdout.flush()
    idle = CpuWindow({w.name: w.pid for w in ws if w.pid is not None})  # type: ignore[misc]
    time.sleep(IDLE_PHASE_S)
    idle_pct = idle.stop()
    loop = ClosedLoop(cl.bootstrap, prefix, n, partitioner=partitioner, tag=f"w{n_workers}n{n}",
                      deadline_s=args.deadline_s)
    last_sample = [0.0]

    def tick() -> None:
        if time.monotonic() - last_sample[0] >= 1.0:
            last_sample[0] = time.monotonic()
            for w in ws:
                w.sample()

    try:
        loop.ramp_up(min(args.warmup, 4 * args.latency_ms / 1000))
        loop.run_until(time.monotonic() + args.warmup, tick)
        pids = {w.name: w.pid for w in [*ws, *audit] if w.pid is not None}
        if cl.broker_pid:
            pids["broker"] = cl.broker_pid
        cpu = CpuWindow(pids)  # type: ignore[arg-type]
        req0 = requests_sent(ws)
        t0 = time.monotonic()
        loop.run_until(t0 + args.duration, tick)
        t1 = time.monotonic()
        cpu_pct = cpu.stop()
        req1 = requests_sent(ws)
        load_end = loadavg()
        for w in ws:
            w.sample()
        window = loop.answered_between(t0, t1)
        in_flight_end = len(loop.outstanding)
        drain_s = loop.drain(args.drain_s, tick)
        time.sleep(args.settle_s)
        loop.poll(0.5)
    finally:
        for w in [*ws, *audit]:
            w.stop()
        loop.close()
    run = read_run(cl.bootstrap, prefix)
    sessions = len(loop.sent)
    answered = len(loop.first)
    lost = sessions - answered
    extra, multi, conflicting = run.duplicates(set(loop.sent))
    rate = len(window) / (t1 - t0)
    ideal = ideal_rate(n, args.latency_ms)
    lat = loop.latencies(window)
    res = {"workers": n_workers, "n": n, "partitioner": partitioner, "rate": rate, "ideal": ideal,
           "fraction": rate / ideal,
           "window": len(window), "sessions": sessions, "answered": answered, "lost": lost,
           "dup": extra, "dup_sessions": multi, "conflicting": conflicting, "redrives": run.redrives,
           "dup_1k": per_1000(extra, answered), "redrive_1k": per_1000(run.redrives, answered),
           "lat_p50": median(lat), "lat_p95": pct(lat, .95), "cpu": cpu_pct,
           "rss_mb": [w.peak_rss_kb / 1024 for w in ws], "ready": ready,
           "dead_letters": sum(run.dead_letters.values()), "delivery_errors": loop.delivery_errors,
           "cpu_s_per_session": cpu_per_session(cpu_pct, [w.name for w in ws], t1 - t0, len(window)),
           "load_cpu_s_per_session": cpu_per_session(
               {k: None if v is None or idle_pct.get(k) is None else v - (idle_pct.get(k) or 0.0)
                for k, v in cpu_pct.items()}, [w.name for w in ws], t1 - t0, len(window))}
    print(f"    measured {t1 - t0:.1f} s: {len(window)} sessions answered = {rate:.1f} sessions/s; "
          f"ideal N/(calls×latency) = {ideal:.1f}/s; fraction {rate / ideal:.2f}   (target ≥ 0.9 at N=200)")
    print(f"    session latency in window: p50 {res['lat_p50']:.1f} s  p95 {res['lat_p95']:.1f} s "
          f"(ideal {4 * args.latency_ms / 1000:.1f} s); {in_flight_end} in flight at the end of the window")
    print(f"    whole phase: {sessions} sent, {answered} answered, {lost} never answered "
          f"(drained {drain_s:.1f} s of at most {args.drain_s:g} s)")
    print(f"    duplicates: {extra} extra answer message(s) over {multi} session(s) = {res['dup_1k']:.1f} per 1,000; "
          f"conflicting sessions {conflicting}   (target 0)")
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(run.watchdog.items())) or "none"
    where = ", ".join(f"{k} {v}" for k, v in sorted(run.watchdog_topics.items()))
    print(f"    re-drives (WatchdogFired): {run.redrives} = {res['redrive_1k']:.1f} per 1,000 ({kinds}"
          f"{'; on ' + where if where else ''}; {len(run.watchdog_sessions)} session(s))   (target 0)")
    late = run.late_stages()
    print(f"    stages started after their session's answer (model calls not needed): {sum(late.values())}"
          f"{' (' + ', '.join(f'{k} {v}' for k, v in sorted(late.items())) + ')' if late else ''}   (target 0)")
    if run.dead_letters:
        print(f"    dead letters: {dict(run.dead_letters.most_common(5))}")
    if loop.delivery_errors:
        print(f"    client delivery errors: {loop.delivery_errors}")
    procs = "  ".join(f"{w.name}: peak RSS {w.peak_rss_kb / 1024:.0f} MB, CPU {fmt_pct(cpu_pct.get(w.name))} %"
                      for w in [*ws, *audit])
    print(f"    {procs}  broker CPU {fmt_pct(cpu_pct.get('broker'))} %  (machine load average {load_end}, "
          f"{os.cpu_count()} cores)")
    print(f"    worker CPU per session answered in the window (all workers, with their rule processes): "
          f"{1000 * res['cpu_s_per_session']:.2f} ms; above the workers' idle CPU "
          f"({', '.join(fmt_pct(v).strip() for v in idle_pct.values())} % over {IDLE_PHASE_S:g} s before the load): "
          f"{1000 * (res['load_cpu_s_per_session'] or 0):.2f} ms"
          if res["cpu_s_per_session"] is not None else "    worker CPU per session: not measured")
    if req1:
        print("    Kafka requests the worker(s) sent per session answered in the window (GG_PROBE_DIR): "
              + ", ".join(f"{k} {(req1[k] - req0.get(k, 0)) / max(1, len(window)):.2f}"
                          for k in sorted(req1, key=lambda k: req0.get(k, 0) - req1[k])))
    print(f"    messages per topic: {dict(sorted(run.messages.items()))}")
    print_gaps(run, set(window))
    print_problems(ws)
    sys.stdout.flush()
    return res


def requests_sent(ws: list[Any]) -> dict[str, int]:
    """The Kafka requests the workers sent so far, by type, where ``bench/probe`` counts them
    (``PYTHONPATH=$PWD/bench/probe GG_PROBE_DIR=<dir>``; empty otherwise)."""
    where = os.environ.get("GG_PROBE_DIR")
    total: dict[str, int] = {}
    for w in ws if where else ():
        try:
            got = json.loads((Path(where) / f"{w.pid}.json").read_text())  # type: ignore[arg-type]
        except (OSError, ValueError):
            continue
        for k, v in got.items():
            total[k] = total.get(k, 0) + int(v)
    return total


IDLE_PHASE_S = 5.0
"""Seconds of a phase's workers' CPU measured idle, before the load: what a worker spends
whatever it serves, taken off its CPU under load in the figure per session."""


def cpu_per_session(cpu_pct: dict[str, float | None], names: list[str], wall_s: float,
                    sessions: int) -> float | None:
    """The workers' CPU seconds per session answered in the window: far less sensitive to other
    load on a shared machine than the sessions/s, so the figure to compare two versions by."""
    used = [cpu_pct.get(n) for n in names]
    if sessions == 0 or any(u is None for u in used):
        return None
    return sum(u for u in used if u is not None) / 100.0 * wall_s / sessions


def print_gaps(run: Any, sessions: set[str]) -> None:
    """Where a session's time went under load: the median gap between each step of a session and
    the one before it (record timestamps, every process on one host's clock), over the sessions
    answered in the window. A stage's step holds its model calls; the others are hops."""
    gaps: dict[str, list[float]] = {}
    for sid in sessions:
        steps = run.steps.get(sid, [])
        for (t0, a), (t1, b) in zip(steps, steps[1:], strict=False):
            gaps.setdefault(f"{a} → {b}", []).append(t1 - t0)
    common = sorted(((k, v) for k, v in gaps.items() if len(v) >= len(sessions) // 2),
                    key=lambda kv: median([float(x) for x in kv[1]]))
    print("    a session's steps, median ms from the step before (p95): "
          + "; ".join(f"{k} {median([float(x) for x in v]):.0f} ({pct([float(x) for x in v], .95):.0f})"
                      for k, v in common))


def print_table(results: list[dict[str, Any]], overheads: dict[str, dict[str, Any]], args: argparse.Namespace) -> None:
    print()
    print(f"summary: {args.latency_ms:g} ms per model call, {args.warmup:g} s warm-up, {args.duration:g} s measured")
    head = (f"{'broker':<6} {'part.':<7} {'workers':>7} {'N':>4} {'sess/s':>7} {'ideal':>6} {'frac':>5} {'p50 s':>6} "
            f"{'sent':>6} {'lost':>4} {'dup/1k':>7} {'confl':>5} {'redrv/1k':>8} {'CPU% workers':>13} {'brk%':>5} "
            f"{'RSS MB':>9} {'CPU ms/sess':>11} {'above idle':>10}")
    print(head)
    print("-" * len(head))
    for r in results:
        cpus = "/".join(fmt_pct(v).strip() for k, v in r["cpu"].items() if k != "broker")
        rss = "/".join(f"{x:.0f}" for x in r["rss_mb"])
        per = "-" if r["cpu_s_per_session"] is None else f"{1000 * r['cpu_s_per_session']:.2f}"
        above = "-" if r["load_cpu_s_per_session"] is None else f"{1000 * r['load_cpu_s_per_session']:.2f}"
        print(f"{r['broker']:<6} {short_partitioner(r['partitioner']):<7} {r['workers']:>7} {r['n']:>4} "
              f"{r['rate']:7.1f} {r['ideal']:6.1f} {r['fraction']:5.2f} "
              f"{r['lat_p50']:6.1f} {r['sessions']:>6} {r['lost']:>4} {r['dup_1k']:7.1f} {r['conflicting']:>5} "
              f"{r['redrive_1k']:8.1f} {cpus:>13} {fmt_pct(r['cpu'].get('broker')).strip():>5} {rss:>9} "
              f"{per:>11} {above:>10}")
    for broker, overhead in overheads.items():
        print(f"per-query overhead on {broker}, one at a time over {HOPS} hops (audit {args.audit}): "
              f"groundgate p50 {overhead['gg_p50']:.1f} ms vs "
              f"plain aiokafka doing the same work {overhead['work_p50']:.1f} ms = {overhead['work_ratio']:.2f}x "
              f"(target ≤ 1.3x), forwarding only {overhead['plain_p50']:.1f} ms = {overhead['ratio']:.2f}x (answers "
              f"produced {overhead['made_ratio']:.2f}x); idle CPU "
              + ", ".join(f"{k} {v:.0f} %" for k, v in overhead["idle_cpu"].items() if v is not None))
    columns = columns_of(results)
    if len(columns) < 2:
        return
    print()
    print("side by side: fraction of Little's law, lost/conflicting, duplicate answers per 1,000")
    print(f"{'workers':>7} {'N':>4} " + " ".join(f"{b + ' ' + short_partitioner(p):>20}" for b, p in columns))
    for workers, n in dict.fromkeys((r["workers"], r["n"]) for r in results):
        cells = []
        for b, p in columns:
            r = next((x for x in results
                      if (x["workers"], x["n"], x["broker"], x["partitioner"]) == (workers, n, b, p)), None)
            cells.append(f"{'-':>20}" if r is None else
                         f"{r['fraction']:.2f} {r['lost']}/{r['conflicting']} {r['dup_1k']:.1f}".rjust(20))
        print(f"{workers:>7} {n:>4} " + " ".join(cells))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, nargs="+", default=[50, 200], help="sessions in flight (one phase each)")
    ap.add_argument("--workers", type=int, nargs="*", default=[1, 2], help="worker counts (one phase each)")
    ap.add_argument("--duration", type=float, default=60.0, help="measured seconds per phase")
    ap.add_argument("--warmup", type=float, default=10.0, help="uncounted seconds before measuring")
    ap.add_argument("--latency-ms", type=float, default=1000.0, help="simulated latency of every model call")
    ap.add_argument("--drain-s", type=float, default=60.0, help="after the window, wait this long for stragglers")
    ap.add_argument("--settle-s", type=float, default=3.0, help="then this long for late duplicates")
    ap.add_argument("--overhead-queries", type=int, default=40, help="one-at-a-time queries for (a); 0 skips it")
    ap.add_argument("--max-in-flight", type=int, default=1000, help="GROUNDGATE_MAX_IN_FLIGHT of each worker")
    ap.add_argument("--deadline-s", type=float, default=None,
                    help="GROUNDGATE_DEADLINE_S and each query's deadline_s (defaults if unset)")
    ap.add_argument("--rule-processes", type=int, default=None,
                    help="GROUNDGATE_RULE_PROCESSES of each worker (the worker's default if unset; app/offload.py)")
    ap.add_argument("--stall-s", type=float, default=None, help="GROUNDGATE_STALL_S (worker default if unset)")
    ap.add_argument("--broker", choices=[*BROKERS, "both"], default="tansu",
                    help="the embedded Tansu, Apache Kafka (Java 17; `make kafka-jars`), or both in turn")
    ap.add_argument("--partitioner", choices=[*PARTITIONERS, "both"], default="murmur2_random",
                    help="the client's partitioner: murmur2_random is aiokafka's and Java's; consistent_random is "
                         "librdkafka's default (CRC32: confluent-kafka, kcat, Go, .NET, Node), whose queries the "
                         "worker copies to their session's partition; both: a phase with each")
    ap.add_argument("--src", type=Path, default=None, help="run the workers from this checkout (default: this one)")
    ap.add_argument("--audit", choices=["process", "inline", "none"], default="process",
                    help="process: workers with GROUNDGATE_AUDIT=off and one `groundgate audit` (the scale-out "
                         "layout); inline: each worker writes its own store; none: no audit at all")
    ap.add_argument("--quick", action="store_true", help="smoke run: 6 s warm-up, 10 s measured, 20 queries for (a)")
    args = ap.parse_args(argv)
    if args.quick:
        args.warmup, args.duration, args.drain_s = min(args.warmup, 6.0), min(args.duration, 10.0), 30.0
        args.overhead_queries = min(args.overhead_queries, 20)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    overheads: dict[str, dict[str, Any]] = {}

    def phases(cl: Cluster) -> Iterator[dict[str, Any]]:
        if args.overhead_queries > 0:
            overheads[cl.kind] = measure_overhead(cl, args.overhead_queries, args.audit, args.rule_processes)
        for n_workers in args.workers:
            for n in args.n:
                for partitioner in choices(args.partitioner, PARTITIONERS):
                    yield run_phase(cl, n_workers, n, args, partitioner)

    def report(results: list[dict[str, Any]]) -> None:
        if results or overheads:
            print_table(results, overheads, args)

    return run_benchmark("load benchmark", args.src, phases, report, brokers=choices(args.broker, BROKERS))


if __name__ == "__main__":
    sys.exit(main())
