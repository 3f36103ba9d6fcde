"""Soak benchmark (issue 10, "Bounded memory"): RSS over 10,000 sessions, target flat within 10 %.

An embedded Tansu broker, one real ``groundgate worker`` (``GROUNDGATE_AUDIT=off``) and one
``groundgate audit`` process (the scale-out layout of ``bench/load.py --audit process``), and the
closed-loop client of bench/_harness.py keeping N sessions in flight with a short simulated model
latency. ``GROUNDGATE_RETENTION_S`` is short, so answered sessions expire (SessionExpired from
the ledger, then dropped from the worker's table) many times over during the run.

It prints every 1,000 sessions answered: the worker's and the audit process's resident set
(VmRSS, now, not the peak), the sessions answered within the last retention period (what the
worker's table should hold), the worker's ``groundgate_sessions_*`` gauges, the audit lag, the
rate and the machine's load average; once more after an idle period long enough for every
answered session to expire; and the ratio end / start for each process (target ≤ 1.10). The
start is the first point after the warm-up: at least 1,000 sessions answered and twice the
retention (at most 120 s) since the first answer, so that the table has reached its steady size
(answers of the last retention period) and sessions have been expiring for a while. At the end
the topics are read back: sessions answered, lost, duplicated and SessionExpired events sent
(each answered session older than the retention should have one).

Several ``--retention-s`` values run one phase each, with a fresh worker (e.g. ``30 3600``: with
and without expiry during the run, to tell what the table costs from what grows anyway).

Usage: python bench/soak.py [--sessions 10000] [--n 100] [--latency-ms 50] [--retention-s 30 ...]
                            [--warmup-sessions 1000] [--warmup-s S] [--every 1000] [--idle-s S] [--quick] [--src DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _harness import (
    ClosedLoop,
    Cluster,
    WorkerProc,
    iter_all,
    loadavg,
    print_problems,
    proc_rss_kb,
    read_run,
    run_benchmark,
    scrape_metrics,
)

from app.kafka import topics


def mb(kb: int | None) -> float:
    return float("nan") if kb is None else kb / 1024


def gauges(w: WorkerProc) -> dict[str, float]:
    """The worker's gauges that tell how many sessions it holds (and any table-size gauge)."""
    got = scrape_metrics(int(w.env["GROUNDGATE_WEB_PORT"]))
    return {k.removeprefix("groundgate_"): v for k, v in got.items()
            if k.startswith(("groundgate_sessions_open", "groundgate_sessions_in_table", "groundgate_table"))}


def audit_lag(a: WorkerProc) -> float | None:
    return scrape_metrics(int(a.env["GROUNDGATE_WEB_PORT"])).get("groundgate_audit_lag_messages")


def expired_sessions(bootstrap: str, prefix: str, sizes: dict[str, list[int]]) -> dict[str, int]:
    """SessionExpired events on the control topic, per session; ``sizes`` gets each topic's
    (messages, bytes)."""
    control = f"{prefix}{topics.CONTROL}"
    out: dict[str, int] = {}
    for topic, value in iter_all(bootstrap, prefix):
        size = sizes.setdefault(topic[len(prefix):], [0, 0])
        size[0] += 1
        size[1] += len(value)
        if topic != control or b"SessionExpired" not in value:
            continue
        try:
            ev = json.loads(value)
        except ValueError:
            continue
        if ev.get("event_type") == "SessionExpired":
            sid = ev.get("session_id", "")
            out[sid] = out.get(sid, 0) + 1
    return out


def run_phase(cl: Cluster, retention_s: float, args: argparse.Namespace) -> dict[str, Any]:
    prefix = cl.new_prefix(f"soak-r{retention_s:g}")
    env = {"GROUNDGATE_AUDIT": "off", "GROUNDGATE_RETENTION_S": f"{retention_s:g}",
           "GROUNDGATE_DEADLINE_S": f"{args.deadline_s:g}" if args.deadline_s else None}
    w = cl.worker(prefix, args.latency_ms, args.max_in_flight, **env)  # type: ignore[arg-type]
    audit = cl.audit(prefix)
    print(f"retention {retention_s:g} s: 1 worker + 1 audit process, N={args.n}, {args.latency_ms:g} ms per model "
          f"call, {args.sessions} sessions, prefix {prefix}")
    ready = cl.start_workers([w, audit])
    print(f"    ready in {ready[0]:.1f} s (worker), {ready[1]:.1f} s (audit)")
    head = (f"    {'answered':>8} {'t s':>6} {'sess/s':>6} {'worker MB':>9} {'audit MB':>8} {'in retention':>12} "
            f"{'worker gauges':<28} {'audit lag':>9}  load avg")
    print(head)
    sys.stdout.flush()
    loop = ClosedLoop(cl.bootstrap, prefix, args.n, tag=f"soak{retention_s:g}", deadline_s=args.deadline_s)
    loop.limit = args.sessions
    points: list[dict[str, Any]] = []
    t_start = time.monotonic()

    def sample(label: str | None = None) -> dict[str, Any]:
        now = time.monotonic()
        answered = len(loop.first)
        recent = sum(1 for a in loop.first.values() if now - a.t < retention_s)
        prev = points[-1] if points else None
        rate = ((answered - prev["answered"]) / (now - prev["t"])) if prev and now > prev["t"] else float("nan")
        p: dict[str, Any] = {"label": label or str(answered), "answered": answered, "t": now, "rate": rate,
             "worker_kb": proc_rss_kb(w.pid) if w.pid else None,
             "audit_kb": proc_rss_kb(audit.pid) if audit.pid else None,
             "recent": recent, "gauges": gauges(w), "lag": audit_lag(audit), "load": loadavg()}
        points.append(p)
        g = " ".join(f"{k}={v:g}" for k, v in p["gauges"].items()) or "n/a"
        lag = "n/a" if p["lag"] is None else f"{p['lag']:g}"
        print(f"    {p['label']:>8} {now - t_start:6.0f} {rate:6.1f} {mb(p['worker_kb']):9.1f} "
              f"{mb(p['audit_kb']):8.1f} {recent:>12} {g:<28} {lag:>9}  {p['load']}")
        sys.stdout.flush()
        return p

    warmup_s = args.warmup_s if args.warmup_s is not None else min(120.0, 2 * retention_s)
    start: dict[str, Any] | None = None
    first_answer: list[float] = []
    marks = [min(args.every, args.sessions)]
    while marks[-1] < args.sessions:
        marks.append(min(args.sessions, marks[-1] + args.every))
    try:
        loop.ramp_up(min(5.0, 4 * args.latency_ms / 1000 * 10))
        loop.fill()
        for mark in marks:
            stall_end = time.monotonic() + args.stall_limit_s
            last = len(loop.first)
            while len(loop.first) < mark:
                loop.poll(0.1)
                w.sample()
                if len(loop.first) != last:
                    last, stall_end = len(loop.first), time.monotonic() + args.stall_limit_s
                elif time.monotonic() > stall_end:
                    raise RuntimeError(f"no answer for {args.stall_limit_s:g} s at {last} answered "
                                       f"({len(loop.outstanding)} outstanding):\n{w.tail(20)}")
                if w.proc is not None and w.proc.poll() is not None:
                    raise RuntimeError(f"the worker exited with {w.proc.returncode}:\n{w.tail(30)}")
            p = sample()
            if not first_answer and loop.first:
                first_answer.append(min(a.t for a in loop.first.values()))
            if (start is None and p["answered"] >= args.warmup_sessions and first_answer
                    and p["t"] - first_answer[0] >= warmup_s and p["answered"] < args.sessions):
                start = p
                print(f"    (warm-up over: RSS ratios from here, {p['answered']} sessions answered, "
                      f"{p['t'] - first_answer[0]:.0f} s after the first answer)")
        end_point = points[-1]
        if start is None:
            start = points[0]
            print("    (the warm-up did not end before the last session: ratios from the first point)")
        idle_s = args.idle_s if args.idle_s is not None else (retention_s + 10 if retention_s <= 120 else 0)
        if idle_s > 0:
            t_idle = time.monotonic() + idle_s
            while time.monotonic() < t_idle:
                loop.poll(0.5)
            sample(f"idle+{idle_s:.0f}s")
        peak_worker = max((p["worker_kb"] or 0) for p in points)
        peak_audit = max((p["audit_kb"] or 0) for p in points)
    finally:
        w.stop()
        audit.stop()
        loop.close()
    run = read_run(cl.bootstrap, prefix)
    sizes: dict[str, list[int]] = {}
    expired = expired_sessions(cl.bootstrap, prefix, sizes)
    sent = set(loop.sent)
    answered = {s for s in sent if run.answers.get(s)} | set(loop.first)
    extra, multi, conflicting = run.duplicates(sent)
    due = {s for s, a in loop.first.items() if end_point["t"] - a.t >= retention_s + 5}
    res = {"retention_s": retention_s, "sent": len(sent), "answered": len(answered), "lost": len(sent - answered),
           "dup": extra, "conflicting": conflicting, "expired": len(expired), "expired_twice": sum(
               1 for v in expired.values() if v > 1), "due": len(due), "due_not_expired": len(due - set(expired)),
           "redrives": run.redrives, "w0": mb(start["worker_kb"]), "w1": mb(end_point["worker_kb"]),
           "a0": mb(start["audit_kb"]), "a1": mb(end_point["audit_kb"]), "w_peak": mb(peak_worker),
           "a_peak": mb(peak_audit), "w_idle": mb(points[-1]["worker_kb"]) if points[-1] is not end_point else None,
           "a_idle": mb(points[-1]["audit_kb"]) if points[-1] is not end_point else None,
           "secs": end_point["t"] - t_start, "load": end_point["load"]}
    res["w_ratio"], res["a_ratio"] = res["w1"] / res["w0"], res["a1"] / res["a0"]
    res["start_answered"] = start["answered"]
    held = end_point["answered"] - start["answered"]
    slope = 1000 * (res["w1"] - res["w0"]) / held if held else float("nan")
    first_mb, first_n = mb(points[0]["worker_kb"]), points[0]["answered"]
    print(f"    worker RSS {res['w0']:.1f} MB after {start['answered']} → {res['w1']:.1f} MB after "
          f"{end_point['answered']} sessions: ×{res['w_ratio']:.3f} (peak sampled {res['w_peak']:.1f} MB)   "
          f"(target ≤ 1.10); {slope:+.1f} MB per 1,000 sessions from there ({first_mb:.1f} MB after {first_n})")
    print(f"    audit  RSS {res['a0']:.1f} MB → {res['a1']:.1f} MB: ×{res['a_ratio']:.3f} "
          f"(peak sampled {res['a_peak']:.1f} MB)")
    print(f"    sessions sent {res['sent']} / answered {res['answered']} / lost {res['lost']} / duplicate answers "
          f"{extra} over {multi} session(s) / conflicting {conflicting}; re-drives {run.redrives}")
    print(f"    SessionExpired sent for {res['expired']} session(s) ({res['expired_twice']} more than once); "
          f"{res['due']} were answered ≥ retention + 5 s before the last point, {res['due_not_expired']} of them "
          f"never expired")
    if run.dead_letters:
        print(f"    dead letters: {dict(run.dead_letters.most_common(5))}")
    print(f"    messages per topic: {dict(sorted(run.messages.items()))}")
    print("    mean bytes per message: " + ", ".join(f"{t} {b / max(1, k):.0f}" for t, (k, b) in sorted(sizes.items())))
    print_problems([w, audit])
    print(f"    logs: {w.log_path}, {audit.log_path}")
    sys.stdout.flush()
    return res


def print_table(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print()
    print(f"summary: 1 worker + audit process, N={args.n}, {args.latency_ms:g} ms per model call, RSS (VmRSS, MB) "
          f"at the start (after the warm-up, 'from' sessions answered) → after {args.sessions} sessions, and idle "
          f"once every session expired")
    head = (f"{'retention s':>11} {'secs':>5} {'sent':>6} {'lost':>4} {'dup':>4} {'confl':>5} {'expired':>7} "
            f"{'from':>5} {'worker start→end':>17} {'ratio':>6} {'idle':>6} "
            f"{'audit start→end':>16} {'ratio':>6} {'idle':>6}  "
            f"load avg")
    print(head)
    print("-" * len(head))
    for r in results:
        w_idle = "" if r["w_idle"] is None else f"{r['w_idle']:.0f}"
        a_idle = "" if r["a_idle"] is None else f"{r['a_idle']:.0f}"
        print(f"{r['retention_s']:>11g} {r['secs']:5.0f} {r['sent']:>6} {r['lost']:>4} {r['dup']:>4} "
              f"{r['conflicting']:>5} {r['expired']:>7} {r['start_answered']:>5} "
              f"{r['w0']:8.0f}→{r['w1']:<8.0f} {r['w_ratio']:6.3f} {w_idle:>6} "
              f"{r['a0']:7.0f}→{r['a1']:<8.0f} {r['a_ratio']:6.3f} {a_idle:>6}  {r['load']}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=10_000, help="sessions in all, per phase")
    ap.add_argument("--n", type=int, default=100, help="sessions in flight")
    ap.add_argument("--latency-ms", type=float, default=50.0, help="simulated latency of every model call")
    ap.add_argument("--retention-s", type=float, nargs="+", default=[30.0],
                    help="GROUNDGATE_RETENTION_S of the worker (one phase each)")
    ap.add_argument("--warmup-sessions", type=int, default=1_000, help="the start point comes after this many answers")
    ap.add_argument("--warmup-s", type=float, default=None,
                    help="… and this long after the first answer (default: twice the retention, at most 120 s)")
    ap.add_argument("--every", type=int, default=1_000, help="then an RSS point every this many answers")
    ap.add_argument("--idle-s", type=float, default=None,
                    help="after the last session, wait this long and sample once more (default: retention + 10 s "
                         "when the retention is at most 120 s, else 0, which skips it)")
    ap.add_argument("--deadline-s", type=float, default=None, help="GROUNDGATE_DEADLINE_S and each query's deadline_s")
    ap.add_argument("--max-in-flight", type=int, default=1000, help="GROUNDGATE_MAX_IN_FLIGHT of the worker")
    ap.add_argument("--stall-limit-s", type=float, default=120.0, help="give up when no answer comes for this long")
    ap.add_argument("--src", type=Path, default=None, help="run the workers from this checkout (default: this one)")
    ap.add_argument("--quick", action="store_true",
                    help="smoke run: 2,000 sessions, RSS every 250 from 500, retention 10 s")
    args = ap.parse_args(argv)
    if args.quick:
        args.sessions = min(args.sessions, 2_000)
        args.warmup_sessions, args.every = min(args.warmup_sessions, 500), min(args.every, 250)
        args.retention_s = [min(r, 10.0) for r in args.retention_s]
    if args.warmup_sessions >= args.sessions:
        ap.error("--warmup-sessions must be below --sessions")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)

    def phases(cl: Cluster) -> Iterator[dict[str, Any]]:
        for retention_s in args.retention_s:
            yield run_phase(cl, retention_s, args)

    return run_benchmark("soak benchmark", args.src, phases, lambda rs: rs and print_table(rs, args))


if __name__ == "__main__":
    sys.exit(main())
