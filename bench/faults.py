"""Fault benchmark (issue 11): the closed loop of bench/load.py while a worker is stopped
mid-flight again and again, by SIGKILL or by SIGTERM, with two workers and with one.

After each stop the worker is restarted in place (same env, same web port) and the loop goes on;
after the last restart no new session is sent and the run waits for every outstanding one.
Per scenario it prints sessions sent / answered / lost (never answered) / conflicting (two
different answers for one session) / duplicated (the same answer delivered more than once),
restart-to-"worker ready" time (median, max), worker exits the benchmark did not cause (each
restarted at once, as a supervisor would), and throughput during the faults as a fraction
of Little's law N / (calls × latency), and stage tasks started for a session after its answer
(model calls that were not needed; "late" in the table). Lost sessions are listed with the events their session
left on the topics, and the logs are kept.

Each scenario runs on each broker (``--broker tansu|kafka|both``) with each client partitioner
(``--partitioner murmur2_random|consistent_random|both``), and the summary puts them side by side.

Usage: python bench/faults.py [--scenario sigkill-2w sigkill-1w sigterm-2w sigterm-1w]
                              [--kills 20] [--interval 14] [--n 100] [--audit process|inline|none]
                              [--broker tansu|kafka|both] [--partitioner murmur2_random|consistent_random|both]
                              [--new-worker-id] [--quick] [--src DIR]
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _harness import (
    BROKERS,
    PARTITIONERS,
    ClosedLoop,
    Cluster,
    WorkerProc,
    choices,
    columns_of,
    free_port,
    ideal_rate,
    iter_records,
    loadavg,
    median,
    pct,
    per_1000,
    print_problems,
    read_run,
    run_benchmark,
    short_partitioner,
)

from app.kafka import topics

SCENARIOS = {
    "sigkill-2w": (signal.SIGKILL, 2),
    "sigkill-1w": (signal.SIGKILL, 1),
    "sigterm-2w": (signal.SIGTERM, 2),
    "sigterm-1w": (signal.SIGTERM, 1),
}


class Killer(threading.Thread):
    """Stops a worker every ``interval`` s (counted from the previous restart being ready) and
    restarts it; records stop and restart-to-ready times. A worker that exits by itself (a crash,
    not a signal sent here) is reported and restarted at once, as a supervisor would."""

    def __init__(self, workers: list[WorkerProc], sig: int, kills: int, interval: float, victim: str,
                 term_wait_s: float, new_id: bool = False) -> None:
        super().__init__(daemon=True, name="killer")
        self.workers, self.sig, self.kills, self.interval = workers, sig, kills, interval
        self.victim, self.term_wait_s, self.new_id = victim, term_wait_s, new_id
        self.stop_event = threading.Event()
        self.done = 0
        self.error: str | None = None
        self.events: list[tuple[float, str]] = []  # (wall-clock time, what)
        self.crashes: list[tuple[float, str, int]] = []  # (wall-clock time, worker, exit code)

    def revive(self) -> None:
        for w in self.workers:
            if w.proc is not None and w.proc.poll() is not None:
                rc = w.proc.returncode
                self.crashes.append((time.time(), w.name, rc))
                self.events.append((time.time(), f"{w.name} EXITED BY ITSELF (rc={rc})"))
                print(f"    !! {w.name} exited by itself with rc={rc}; restarting it. Its log ends:\n"
                      + "\n".join(f"       {line[:300]}" for line in w.tail(12).splitlines()))
                sys.stdout.flush()
                w.spawn()
                w.wait_ready(120)
                self.events.append((time.time(), f"{w.name} ready"))

    def pause(self, seconds: float) -> bool:
        """Waits, restarting crashed workers meanwhile; True when asked to stop."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            if self.stop_event.wait(min(0.5, left)):
                return True
            self.revive()
        return False

    def run(self) -> None:
        try:
            for i in range(self.kills):
                if self.pause(self.interval):
                    return
                w = self.workers[i % len(self.workers)] if self.victim == "alternate" else self.workers[0]
                self.events.append((time.time(), f"{w.name} signalled"))
                w.signal(self.sig, self.term_wait_s)
                self.events.append((time.time(), f"{w.name} gone"))
                if self.new_id:  # a replaced pod: a new host name, here a new web port (the default id)
                    w.env["GROUNDGATE_WEB_PORT"] = str(free_port())
                w.spawn()
                w.wait_ready(120)
                self.events.append((time.time(), f"{w.name} ready"))
                self.done += 1
        except Exception as exc:  # reported, and the run goes on to the drain
            self.error = f"{type(exc).__name__}: {str(exc)[:2000]}"


def session_trail(bootstrap: str, prefix: str, sids: set[str]) -> dict[str, list[str]]:
    """The events each of ``sids`` left on the run's topics, in time order: each kind of event
    once, with its first time, partition@offset and, when repeated, how often and until when
    (a re-drive repeats a stage's input); a lease names the worker incarnation that took it."""
    seen: dict[str, dict[str, list[Any]]] = {s: {} for s in sids}
    needles = {s: s.encode() for s in sids}
    for r in iter_records(bootstrap, prefix):
        if not any(b in r.value for b in needles.values()):
            continue
        try:
            ev = json.loads(r.value)
        except ValueError:
            continue
        sid = ev.get("session_id")
        if sid not in seen:
            continue
        topic = r.topic[len(prefix):]
        label = ev.get("event_type") or ("snapshot" if topic.endswith("session-state")
                                         else "QueryReceived" if topic == "query" else "?")
        extra = ev.get("kind") or ev.get("stage") or ""
        label = f"{topic}:{label}{'/' + str(extra) if extra else ''} r{ev.get('round', '?')}"
        if ev.get("incarnation"):
            label += f" by {ev['incarnation'][:8]}"
        t = r.timestamp_ms / 1000
        got = seen[sid].get(label)
        if got is None:
            seen[sid][label] = [t, t, 1, f"p{r.partition}@{r.offset}"]
        else:
            got[0], got[1], got[2] = min(got[0], t), max(got[1], t), got[2] + 1
    out: dict[str, list[str]] = {}
    for sid, labels in seen.items():
        items = sorted(labels.items(), key=lambda kv: kv[1][0])
        out[sid] = [f"{clock(t0)} {label} {where}" + (f" ×{k} until {clock(t1)}" if k > 1 else "")
                    for label, (t0, t1, k, where) in items]
    return out


def changelog_records(bootstrap: str, prefix: str) -> tuple[int, int]:
    """The session table's changelog now: records written to it (each partition's last offset + 1)
    and records a worker that rebuilds its table from it reads (what Kafka's cleaner left)."""
    written: dict[int, int] = {}
    read = 0
    for r in iter_records(bootstrap, prefix):
        if r.topic.endswith(f"{topics.SESSION_TABLE}-changelog"):
            read += 1
            written[r.partition] = max(written.get(r.partition, 0), r.offset + 1)
    return sum(written.values()), read


def clock(t: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(t)) + f".{int(t * 1000) % 1000:03d}"


def incarnations(ws: list[WorkerProc]) -> dict[str, str]:
    """Incarnation prefix → "w0 start 3", from the workers' "incarnation … beating" lines."""
    out: dict[str, str] = {}
    for w in ws:
        start = 0
        for line in w.log_path.read_text(errors="replace").splitlines():
            if line.startswith("===== start"):
                start = int(line.split()[2])
            elif " incarnation " in line and line.rstrip().endswith("beating"):
                inc = line.split(" incarnation ", 1)[1].split()[0]
                out[inc[:8]] = f"{w.name} start {start}"
    return out


def run_scenario(cl: Cluster, name: str, args: argparse.Namespace, partitioner: str) -> dict[str, Any]:
    sig, n_workers = SCENARIOS[name]
    prefix = cl.new_prefix(name)
    env = {"GROUNDGATE_DEADLINE_S": f"{args.deadline_s:g}",
           "GROUNDGATE_STALL_S": f"{args.stall_s:g}" if args.stall_s else None,
           "GROUNDGATE_AUDIT": "inline" if args.audit == "inline" else "off",
           "GROUNDGATE_STATIC_MEMBERSHIP": None if args.static_membership == "default" else
           str(args.static_membership == "on").lower()}
    ws = [cl.worker(prefix, args.latency_ms, args.max_in_flight, **env) for _ in range(n_workers)]  # type: ignore[arg-type]
    audit = [cl.audit(prefix)] if args.audit == "process" else []
    print(f"{name} on {cl.broker_name}, client partitioner {partitioner}"
          f"{', restarts under a new worker id' if args.new_worker_id else ''}: "
          f"{n_workers} worker(s), {args.kills} × {signal.Signals(sig).name} every {args.interval:g} s "
          f"(victim {args.victim}), N={args.n}, {args.latency_ms:g} ms per model call, deadline {args.deadline_s:g} s, "
          f"audit {args.audit}, prefix {prefix}")
    ready0 = cl.start_workers(ws)
    cl.start_workers(audit)  # never stopped by the faults: the workers are
    for w in ws:
        w.ready_s.clear()  # restart times only
        w.first_line_s.clear()
        w.ready_cpu_s.clear()
    print(f"    worker(s) ready in {', '.join(f'{r:.1f}' for r in ready0)} s")
    sys.stdout.flush()
    loop = ClosedLoop(cl.bootstrap, prefix, args.n, partitioner=partitioner, tag=name, deadline_s=args.deadline_s)
    killer = Killer(ws, sig, args.kills, args.interval, args.victim, args.term_wait_s, args.new_worker_id)

    def tick() -> None:
        for w in ws:
            w.sample()
        if killer.done == args.kills and not killer.is_alive():
            killer.revive()  # during the drain: the stop/restart thread has ended

    try:
        loop.ramp_up(min(args.warmup, 4 * args.latency_ms / 1000))
        loop.run_until(time.monotonic() + args.warmup, tick)
        t0 = time.monotonic()
        killer.start()
        while killer.is_alive():
            loop.run_until(time.monotonic() + 1.0, tick)
        t1 = time.monotonic()
        load_end = loadavg()
        outstanding_at_last = len(loop.outstanding)
        drain_s = loop.drain(args.drain_s, tick)
        time.sleep(args.settle_s)
        loop.poll(0.5)
    finally:
        killer.stop_event.set()
        killer.join(timeout=180)
        for w in [*ws, *audit]:
            w.stop()
        loop.close()
    run = read_run(cl.bootstrap, prefix)
    changelog_written, changelog_read = changelog_records(cl.bootstrap, prefix)
    sent = set(loop.sent)
    answered = {s for s in sent if run.answers.get(s)} | set(loop.first)
    lost = sorted(sent - answered)
    conflicting = duplicated = dup_sessions = degraded = 0
    doubled: list[str] = []
    for s in sent:
        answers = run.answers.get(s, [])
        distinct = {(a.final_answer, a.verdict) for a in answers}
        if len(distinct) > 1:
            conflicting += 1
        if len(answers) > len(distinct):
            duplicated += len(answers) - len(distinct)
            dup_sessions += 1
            doubled.append(s)
        if answers and answers[0].degraded_reason:
            degraded += 1
    window = loop.answered_between(t0, t1)
    rate = len(window) / (t1 - t0) if t1 > t0 else float("nan")
    ideal = ideal_rate(args.n, args.latency_ms)
    restarts = [x for w in ws for x in w.ready_s]
    stops = [x for w in ws for x in w.stop_s[:-1]] if sig == signal.SIGTERM else []
    times = sorted(a.t for s, a in loop.first.items() if t0 <= a.t < t1)
    gaps = [b - a for a, b in zip([t0, *times], [*times, t1], strict=True)]
    taken = run.take_ups()
    take_ups = [t for t, _, _ in taken]
    res = {"name": name, "partitioner": partitioner, "sent": len(sent), "answered": len(answered), "lost": len(lost),
           "conflicting": conflicting,
           "duplicated": duplicated, "dup_sessions": dup_sessions, "degraded": degraded,
           "ready_med": median(restarts), "ready_max": max(restarts, default=float("nan")),
           "fraction": rate / ideal, "rate": rate, "kills": killer.done, "redrives": run.redrives,
           "stalled": len(run.stalled_sessions), "take_up_med": median(take_ups),
           "take_up_max": max(take_ups, default=float("nan")),
           "max_gap": max(gaps, default=float("nan")), "crashes": len(killer.crashes),
           "late": sum(run.late_stages().values()), "repeated": sum(run.repeated_stages().values()),
           "changelog_written": changelog_written, "changelog_read": changelog_read}
    print(f"    {killer.done} stop/restart(s) in {t1 - t0:.0f} s; {outstanding_at_last} outstanding after the last, "
          f"drained in {drain_s:.1f} s (at most {args.drain_s:g} s)")
    if killer.crashes:
        print(f"    !! {len(killer.crashes)} worker exit(s) not caused by the benchmark: "
              + ", ".join(f"{name} at {clock(t)} rc={rc}" for t, name, rc in killer.crashes))
    if killer.error:
        print(f"    !! the stop/restart thread failed: {killer.error.splitlines()[0]}")
    print(f"    sessions sent {len(sent)} / answered {len(answered)} / lost {len(lost)} / conflicting {conflicting} / "
          f"duplicated {duplicated} (in {dup_sessions} session(s))   (target: 0 lost, 0 conflicting)")
    print(f"    degraded answers {degraded}; re-drives {run.redrives} = {per_1000(run.redrives, len(answered)):.0f} "
          f"per 1,000 ({', '.join(f'{k} {v}' for k, v in sorted(run.watchdog.items())) or 'none'})")
    print(f"    sessions that waited for a stall nudge (GROUNDGATE_STALL_S without progress): "
          f"{len(run.stalled_sessions)}   (target 0: a fault's sessions are taken up at once)")
    print(f"    sessions taken over after a fault {len(take_ups)}: first take-over nudge to the session's next step "
          f"median {res['take_up_med']:.1f} s, p95 {pct(take_ups, 0.95):.1f} s, max {res['take_up_max']:.1f} s; "
          f"over 5 s: {sum(1 for x in take_ups if x > 5)}")
    for t, sid, ts in sorted(taken, reverse=True)[:args.show_slow]:
        print(f"      {sid} taken up after {t:.1f} s (nudged at {clock(ts / 1000)}): {run.trail(sid, ts)}")
    print(f"    stages started after their session's answer (model calls not needed): {res['late']} "
          f"({', '.join(f'{k} {v}' for k, v in sorted(run.late_stages().items())) or 'none'}); started again "
          f"after their output was on the log (model calls repeated): {res['repeated']} "
          f"({', '.join(f'{k} {v}' for k, v in sorted(run.repeated_stages().items())) or 'none'}; after "
          f"{', '.join(f'{k} {v}' for k, v in sorted(run.repeated_stages('cause').items())) or '-'})")
    print(f"    restart to \"worker ready\": median {res['ready_med']:.1f} s, max {res['ready_max']:.1f} s "
          f"(target ≤ 5 s)" + (f"; SIGTERM to exit: median {median(stops):.1f} s, max {max(stops):.1f} s"
                               if stops else ""))
    firsts = [x for w in ws for x in w.first_line_s]
    cpus = [x for w in ws for x in w.ready_cpu_s]
    print(f"      each: {' '.join(f'{x:.1f}' for x in sorted(restarts))}; of which before the first log line "
          f"(imports, the app's build): median {median(firsts):.1f} s, max {max(firsts, default=float('nan')):.1f} s; "
          f"CPU used by then: median {median(cpus):.2f} s, max {max(cpus, default=float('nan')):.2f} s")
    print(f"    during the faults: {rate:.1f} sessions/s = {rate / ideal:.2f} of N/(calls×latency) = {ideal:.0f}/s; "
          f"longest stretch without an answer {res['max_gap']:.1f} s; machine load average {load_end}")
    print(f"    the session table's changelog at the end: {changelog_written} records written, {changelog_read} "
          f"left for a worker that rebuilds its table from it (a restart under a new id)")
    print(f"    peak RSS {', '.join(f'{w.name} {w.peak_rss_kb / 1024:.0f} MB' for w in ws)}")
    repeated = sorted(run.repeated_stages("session"))
    for what, sids, show in (("lost", lost, args.show_lost), ("duplicated", doubled, args.show_lost),
                             ("repeated-stage", repeated, args.show_slow)):
        if sids:
            print_trails(cl, prefix, what, sids[:show], len(sids), ws)
    if lost or doubled or repeated:
        print("    stops and restarts: " + ", ".join(f"{clock(t)} {what}" for t, what in killer.events))
    print_problems([*ws, *audit])
    print(f"    logs: {', '.join(str(w.log_path) for w in [*ws, *audit])}")
    sys.stdout.flush()
    return res


def print_trails(cl: Cluster, prefix: str, what: str, shown: list[str], of: int, ws: list[WorkerProc]) -> None:
    try:
        trails = session_trail(cl.bootstrap, prefix, set(shown))
        names = incarnations(ws)
    except Exception as exc:  # the figures above stand; the logs are kept
        print(f"    (could not read the {what} sessions' events back: {type(exc).__name__}: {exc})")
        trails, names = {}, {}
    print(f"    {what} sessions ({len(shown)} of {of}), their events (time, topic:event r<round>, "
          f"partition@offset; leases by incarnation):")
    for s in shown:
        trail = trails.get(s, [])
        for inc, name in names.items():
            trail = [t.replace(f" by {inc}", f" by {inc} ({name})") for t in trail]
        print(f"      {s}:")
        for t in trail or ["nothing"]:
            print(f"        {t}")


def print_table(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print()
    print(f"summary: N={args.n}, {args.latency_ms:g} ms per model call, stop every {args.interval:g} s"
          f"{', restarts under a new worker id' if args.new_worker_id else ''}")
    head = (f"{'scenario':<11} {'broker':<6} {'part.':<7} {'stops':>5} {'sent':>6} {'lost':>4} {'confl':>5} "
            f"{'dupl':>5} {'degr':>4} {'redrv':>5} {'stall':>5} {'late':>4} {'rept':>4} {'ready med/max s':>15} "
            f"{'take-up med/max s':>17} {'frac':>5} {'gap s':>5} {'crash':>5}")
    print(head)
    print("-" * len(head))
    for r in results:
        print(f"{r['name']:<11} {r['broker']:<6} {short_partitioner(r['partitioner']):<7} {r['kills']:>5} "
              f"{r['sent']:>6} {r['lost']:>4} {r['conflicting']:>5} {r['duplicated']:>5} {r['degraded']:>4} "
              f"{r['redrives']:>5} {r['stalled']:>5} {r['late']:>4} {r['repeated']:>4} "
              f"{r['ready_med']:>7.1f}/{r['ready_max']:<7.1f} {r['take_up_med']:>8.1f}/{r['take_up_max']:<8.1f} "
              f"{r['fraction']:5.2f} {r['max_gap']:5.1f} {r['crashes']:>5}")
    columns = columns_of(results)
    if len(columns) < 2:
        return
    print()
    print("side by side: lost/conflicting/duplicated, stages repeated, ready max s, fraction of Little's law")
    head = f"{'scenario':<11} " + " ".join(f"{b + ' ' + short_partitioner(p):>26}" for b, p in columns)
    print(head)
    for name in dict.fromkeys(r["name"] for r in results):
        cells = []
        for b, p in columns:
            r = next((x for x in results if x["name"] == name and x["broker"] == b and x["partitioner"] == p), None)
            cells.append(f"{'-':>26}" if r is None else
                         f"{r['lost']}/{r['conflicting']}/{r['duplicated']} {r['repeated']:>3} {r['ready_max']:4.1f} "
                         f"{r['fraction']:4.2f}".rjust(26))
        print(f"{name:<11} " + " ".join(cells))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", nargs="+", choices=list(SCENARIOS), default=list(SCENARIOS))
    ap.add_argument("--kills", type=int, default=20, help="stops per scenario")
    ap.add_argument("--interval", type=float, default=14.0, help="seconds from a restart being ready to the next stop")
    ap.add_argument("--victim", choices=["first", "alternate"], default="first",
                    help="with two workers: always stop the first, or alternate")
    ap.add_argument("--n", type=int, default=100, help="sessions in flight")
    ap.add_argument("--latency-ms", type=float, default=1000.0)
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--drain-s", type=float, default=240.0, help="after the last restart, wait this long for answers")
    ap.add_argument("--settle-s", type=float, default=3.0, help="then this long for late duplicates")
    ap.add_argument("--term-wait-s", type=float, default=30.0, help="SIGKILL a SIGTERMed worker not gone by then")
    ap.add_argument("--deadline-s", type=float, default=3600.0,
                    help="GROUNDGATE_DEADLINE_S and each query's deadline_s (at most 3600): long, so that a "
                         "lost session is not hidden behind a degraded answer")
    ap.add_argument("--show-slow", type=int, default=3, help="print the trails of this many slowest take-ups")
    ap.add_argument("--stall-s", type=float, default=None, help="GROUNDGATE_STALL_S (worker default if unset)")
    ap.add_argument("--max-in-flight", type=int, default=1000)
    ap.add_argument("--show-lost", type=int, default=10, help="print the events of at most this many lost sessions")
    ap.add_argument("--src", type=Path, default=None, help="run the workers from this checkout (default: this one)")
    ap.add_argument("--audit", choices=["process", "inline", "none"], default="process",
                    help="process: workers with GROUNDGATE_AUDIT=off and one `groundgate audit` (the scale-out "
                         "layout); inline: each worker writes its own store; none: no audit at all")
    ap.add_argument("--broker", choices=[*BROKERS, "both"], default="tansu",
                    help="the embedded Tansu, Apache Kafka (Java 17; `make kafka-jars`), or both in turn")
    ap.add_argument("--partitioner", choices=[*PARTITIONERS, "both"], default="murmur2_random",
                    help="the client's: murmur2_random (aiokafka's and Java's), consistent_random (librdkafka's "
                         "default, CRC32: the worker copies most queries to their session's partition), or both")
    ap.add_argument("--new-worker-id", action="store_true",
                    help="restart each stopped worker under a new worker id (a new web port), as a replaced pod "
                         "with a new host name")
    ap.add_argument("--static-membership", choices=["default", "on", "off"], default="default",
                    help="the workers' GROUNDGATE_STATIC_MEMBERSHIP (default: the worker's own, on with Apache "
                         "Kafka); off is the setting for workers restarted under new ids")
    ap.add_argument("--quick", action="store_true", help="smoke run: 3 stops every 8 s, 6 s warm-up, 120 s drain")
    args = ap.parse_args(argv)
    if args.quick:
        args.kills, args.interval = min(args.kills, 3), min(args.interval, 8.0)
        args.warmup, args.drain_s = min(args.warmup, 6.0), min(args.drain_s, 120.0)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)

    def phases(cl: Cluster) -> Iterator[dict[str, Any]]:
        for name in args.scenario:
            for partitioner in choices(args.partitioner, PARTITIONERS):
                yield run_scenario(cl, name, args, partitioner)

    return run_benchmark("fault benchmark", args.src, phases, lambda rs: rs and print_table(rs, args),
                         brokers=choices(args.broker, BROKERS))


if __name__ == "__main__":
    sys.exit(main())
