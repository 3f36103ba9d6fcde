"""Shared pieces of bench/load.py and bench/faults.py: an embedded Tansu broker, real
``groundgate worker`` subprocesses (started, watched and always reaped), a closed-loop client
on confluent-kafka (a Kafka client the project itself does not use) and a full read of every
topic of a run at the end.

Nothing here imports the worker's code beyond the broker helpers: the workers run as separate
processes, from ``--src`` (default: this checkout), exactly as ``tests/integration/harness.py``
starts them.
"""

from __future__ import annotations

import asyncio
import bisect
import compileall
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `python bench/x.py` puts bench/ first, not the project
    sys.path.insert(0, str(ROOT))

from confluent_kafka import OFFSET_BEGINNING, Consumer, KafkaException, Producer, TopicPartition  # noqa: E402

from app.kafka import topics  # noqa: E402
from app.kafka.apache import KafkaBroker  # noqa: E402
from app.kafka.broker import EmbeddedBroker, ensure_topics, free_port  # noqa: E402
from app.settings import Settings  # noqa: E402

QUESTION = "Why is ingest-node-03 failing to write logs with no space left on device?"
CALLS_PER_SESSION = 4  # planner, executor, verifier, composer: a PASS session, one round
READY_LINE = "groundgate worker ready"
CLK_TCK = os.sysconf("SC_CLK_TCK")

_LIVE: dict[int, subprocess.Popen[bytes]] = {}  # every process group this run started


def _raise_interrupt(signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def install_signal_cleanup() -> None:
    """SIGTERM (e.g. from `timeout`) and SIGHUP unwind like Ctrl-C, so every `finally` reaps."""
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _raise_interrupt)


def kill_everything() -> None:
    """SIGKILL every process group this run started that is still alive (the last resort)."""
    for pid, proc in list(_LIVE.items()):
        if proc.poll() is None:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        _LIVE.pop(pid, None)


def run_benchmark(title: str, src: Path | None, phases: Callable[[Cluster], Iterator[dict[str, Any]]],
                  report: Callable[[list[dict[str, Any]]], None], brokers: Iterable[str] = ("tansu",)) -> int:
    """The frame of every benchmark here: on each broker kind in turn (``tansu``, ``kafka``), one
    broker and the phases in turn, every process reaped whatever happens (Ctrl-C, SIGTERM), and the
    table of the phases that ran printed last (each result names its broker). Exit 1 when a session
    was lost or answered two different ways, 130 when interrupted; a broker kind this machine
    cannot run (Apache Kafka without Java) is skipped, saying why."""
    from app.kafka.brokers import unavailable

    install_signal_cleanup()
    results: list[dict[str, Any]] = []
    try:
        for kind in brokers:
            if why := unavailable(kind):  # type: ignore[arg-type]
                print(f"{title}: {kind} skipped: {why}")
                continue
            with Cluster(src=src, kind=kind) as cl:
                print(f"{title}: client {check_client()}, broker {cl.broker_name} on {cl.bootstrap}, workers from "
                      f"{cl.src}, logs in {cl.tmp}; {os.cpu_count()} cores, load average {loadavg()}")
                sys.stdout.flush()
                for result in phases(cl):
                    results.append({"broker": kind, **result})
    except KeyboardInterrupt:
        print("interrupted: every worker and the broker are being stopped", file=sys.stderr)
        return 130
    finally:
        kill_everything()
        report(results)
    return 0 if all(r.get("lost", 0) == 0 and r.get("conflicting", 0) == 0 for r in results) else 1


def choices(value: str, each: tuple[str, ...]) -> tuple[str, ...]:
    """A ``--broker`` or ``--partitioner`` value: one of ``each``, or ``both`` for all of them."""
    return each if value == "both" else (value,)


BROKERS = ("tansu", "kafka")
PARTITIONERS = ("murmur2_random", "consistent_random")
"""aiokafka's and the Java client's murmur2, and librdkafka's default (CRC32: confluent-kafka, kcat,
the Go, .NET and Node clients), whose queries the worker copies to their session's partition."""


def short_partitioner(name: str) -> str:
    return {"murmur2_random": "murmur2", "consistent_random": "crc32"}.get(name, name)


def columns_of(results: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The (broker, partitioner) pairs the results cover, in the brokers' then the partitioners' order:
    the columns of a side-by-side table."""
    return sorted({(r["broker"], r["partitioner"]) for r in results},
                  key=lambda c: (BROKERS.index(c[0]), PARTITIONERS.index(c[1])))


# --------------------------------------------------------------------------- /proc readings

def proc_cpu_s(pid: int) -> float | None:
    """utime + stime of one process, in seconds."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def tree_cpu_s(pid: int) -> float | None:
    """``proc_cpu_s`` of a process and its live children (a worker's rule processes, app/offload.py)."""
    own = proc_cpu_s(pid)
    if own is None:
        return None
    kids: list[str] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):  # a child is listed under the thread that started it
        try:
            kids += (task / "children").read_text().split()
        except OSError:
            pass
    return own + sum(proc_cpu_s(int(k)) or 0.0 for k in kids)


def loadavg() -> str:
    """The machine's 1/5/15-minute load averages: other work on a shared machine skews a run."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "n/a"


def _proc_status_kb(pid: int, field_name: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def proc_peak_rss_kb(pid: int) -> int | None:
    """VmHWM: the peak resident set of the process so far."""
    return _proc_status_kb(pid, "VmHWM")


def proc_rss_kb(pid: int) -> int | None:
    """VmRSS: the resident set of the process now."""
    return _proc_status_kb(pid, "VmRSS")


def scrape_metrics(port: int, prefix: str = "groundgate_", timeout_s: float = 5.0) -> dict[str, float]:
    """The samples of a process's ``/metrics`` whose name starts with ``prefix`` (labels kept in
    the key), or {} when the port does not answer."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=timeout_s) as r:
            text = r.read().decode()
    except OSError:
        return {}
    out: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith(prefix):
            name, _, value = line.rpartition(" ")
            try:
                out[name] = float(value)
            except ValueError:
                pass
    return out


class CpuWindow:
    """CPU% of a set of processes, each with its children, between ``start()`` and ``stop()`` (100 % =
    one core)."""

    def __init__(self, pids: dict[str, int]) -> None:
        self.pids = pids
        self.t0 = time.monotonic()
        self.c0 = {k: tree_cpu_s(p) for k, p in pids.items()}
        self.pct: dict[str, float | None] = {}

    def stop(self) -> dict[str, float | None]:
        wall = time.monotonic() - self.t0
        for k, p in self.pids.items():
            c1, c0 = tree_cpu_s(p), self.c0.get(k)
            self.pct[k] = None if c1 is None or c0 is None or wall <= 0 else 100.0 * (c1 - c0) / wall
        return self.pct


# --------------------------------------------------------------------------- workers

@dataclass
class WorkerProc:
    """One ``groundgate worker`` slot: restarted in place (same env, same web port)."""

    name: str
    env: dict[str, str]
    log_path: Path
    src: Path
    proc: subprocess.Popen[bytes] | None = None
    starts: int = 0
    spawned_at: float = 0.0
    log_offset: int = 0
    peak_rss_kb: int = 0
    ready_s: list[float] = field(default_factory=list)
    first_line_s: list[float] = field(default_factory=list)
    """Seconds from spawn to the incarnation's first log line (imports and the app's build)."""
    ready_cpu_s: list[float] = field(default_factory=list)
    """CPU seconds the incarnation had used when it said it was ready: on a loaded machine its
    wait to ready is roughly this times the run queue's share of a core."""
    stop_s: list[float] = field(default_factory=list)
    command: str = "worker"

    @property
    def ready_line(self) -> str:
        return READY_LINE if self.command == "worker" else f"groundgate {self.command} ready"

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None and self.proc.poll() is None else None

    def spawn(self) -> None:
        self.starts += 1
        self.log_offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            log.write(f"\n===== start {self.starts} =====\n".encode())
            self.log_offset = log.tell()
            self.spawned_at = time.monotonic()
            self.proc = subprocess.Popen([sys.executable, "-m", "app", self.command], env=self.env, cwd=self.src,
                                         stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        _LIVE[self.proc.pid] = self.proc

    def wait_ready(self, timeout_s: float = 90.0) -> float:
        """Seconds from spawn to the "worker ready" line of this incarnation."""
        assert self.proc is not None
        end = time.monotonic() + timeout_s
        first_line = None
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.proc.returncode}:\n{self.tail()}")
            with open(self.log_path, "rb") as f:
                f.seek(self.log_offset)
                logged = f.read()
                if first_line is None and logged.strip():
                    first_line = time.monotonic() - self.spawned_at
                if self.ready_line.encode() in logged:
                    took = time.monotonic() - self.spawned_at
                    self.ready_s.append(took)
                    self.ready_cpu_s.append(proc_cpu_s(self.proc.pid) or float("nan"))
                    self.first_line_s.append(took if first_line is None else first_line)
                    return took
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} not ready in {timeout_s}s:\n{self.tail()}")

    def start(self, timeout_s: float = 90.0) -> float:
        self.spawn()
        return self.wait_ready(timeout_s)

    def sample(self) -> None:
        pid = self.pid
        if pid is not None:
            self.peak_rss_kb = max(self.peak_rss_kb, proc_peak_rss_kb(pid) or 0)

    def signal(self, sig: int, wait_s: float = 30.0) -> float | None:
        """Signal the worker's process group; seconds until it exited (SIGKILL after ``wait_s``)."""
        if self.proc is None or self.proc.poll() is not None:
            return None
        self.sample()
        t = time.monotonic()
        try:
            os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(wait_s)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        except ProcessLookupError:
            pass
        took = time.monotonic() - t
        self.stop_s.append(took)
        _LIVE.pop(self.proc.pid, None)
        return took

    def stop(self, wait_s: float = 15.0) -> None:
        self.signal(signal.SIGTERM, wait_s)

    def tail(self, n: int = 40) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])

    def problems(self) -> Counter[str]:
        """Log lines at WARNING and above (and tracebacks), by message with numbers blanked."""
        import re

        out: Counter[str] = Counter()
        if not self.log_path.exists():
            return out
        for line in self.log_path.read_text(errors="replace").splitlines():
            # every process's format (app/logs.py): "time LEVEL name: message", further lines indented
            m = re.search(r" (WARNING|ERROR|CRITICAL) (.*)", line)
            if m:
                msg = re.sub(r"(session_id|event_id|key)=\S+", r"\1=…", m.group(2))
                msg = re.sub(r"\d+(\.\d+)?", "N", msg).strip()[:110]
                out[f"{m.group(1)} {msg}"] += 1
            elif line.lstrip().startswith("Traceback"):
                out["Traceback"] += 1
        return out


def compile_tree(src: Path) -> None:
    """The workers' modules compiled once, as an install compiles them: where PYTHONDONTWRITEBYTECODE
    is set (these machines set it) a tree nobody compiled is compiled again by every worker start,
    0.2-0.3 s of CPU that a restart would pay and a deployed worker does not."""
    for package in ("app", "agents", "events"):
        if (src / package).is_dir():
            compileall.compile_dir(src / package, quiet=1)


class Cluster:
    """The embedded broker plus the workers of one run; ``close()`` reaps them all."""

    def __init__(self, src: Path | None = None, tmp: Path | None = None, partitions: int = 4,
                 kind: str = "tansu") -> None:
        self.tmp = tmp or Path(tempfile.mkdtemp(prefix="gg-load-"))
        self.src = (src or ROOT).resolve()
        self.partitions = partitions
        self.kind = kind
        self.broker: Any = (EmbeddedBroker(log_path=self.tmp / "tansu.log") if kind == "tansu"
                            else KafkaBroker(log_path=self.tmp / "kafka.log"))
        self.workers: list[WorkerProc] = []

    @property
    def broker_name(self) -> str:
        return "Tansu" if self.kind == "tansu" else "Apache Kafka"

    def __enter__(self) -> Cluster:
        compile_tree(self.src)
        self.broker.start()
        assert self.broker.proc is not None
        _LIVE[self.broker.proc.pid] = self.broker.proc
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def bootstrap(self) -> str:
        return self.broker.bootstrap

    @property
    def broker_pid(self) -> int | None:
        return self.broker.proc.pid if self.broker.proc is not None else None

    def close(self) -> None:
        for w in self.workers:
            if w.pid is not None:
                w.signal(signal.SIGKILL, 10)
        if self.broker.proc is not None:
            _LIVE.pop(self.broker.proc.pid, None)
        self.broker.stop()
        kill_everything()

    def new_prefix(self, tag: str) -> str:
        prefix = f"ggb-{tag}-{uuid.uuid4().hex[:6]}."
        asyncio.run(ensure_topics(Settings(), self.bootstrap, [f"{prefix}{t}" for t in topics.ALL], self.partitions,
                                  max_message_bytes=topics.MAX_REQUEST_BYTES))
        return prefix

    def worker(self, prefix: str, latency_ms: float, max_in_flight: int = 1000, **env: str) -> WorkerProc:
        """A worker slot with its own data dir and chDB path (one chDB engine per path)."""
        idx = sum(1 for w in self.workers if w.env.get("GROUNDGATE_TOPIC_PREFIX") == prefix)
        data = self.tmp / f"data-{prefix.rstrip('.')}-{idx}"
        base = {k: v for k, v in os.environ.items() if not k.startswith("GROUNDGATE_")}
        full = {**base, "KAFKA_BOOTSTRAP_SERVERS": self.bootstrap, "GROUNDGATE_TOPIC_PREFIX": prefix,
                "GROUNDGATE_APP_ID": prefix.rstrip("."), "GROUNDGATE_DATA_DIR": str(data),
                "GROUNDGATE_CLICKHOUSE_DSN": f"chdb://{data / 'chdb'}", "GROUNDGATE_WEB_PORT": str(free_port()),
                "GROUNDGATE_SIMULATED_LATENCY_MS": f"{latency_ms:g}", "GROUNDGATE_MAX_IN_FLIGHT": str(max_in_flight),
                "GROUNDGATE_PARTITIONS": str(self.partitions), "GROUNDGATE_LOG_LEVEL": "INFO",
                # as `groundgate run` has it on the embedded broker, with its tuning (app/kafka/tuning.py);
                # on Apache Kafka as a deployment has it: untuned, static group members
                "GROUNDGATE_BROKER_TUNING": "tansu" if self.kind == "tansu" else "off",
                **{k: v for k, v in env.items() if v is not None}}
        w = WorkerProc(name=f"w{idx}", env=full, log_path=self.tmp / f"{prefix.rstrip('.')}-w{idx}.log", src=self.src)
        self.workers.append(w)
        return w

    def audit(self, prefix: str) -> WorkerProc:
        """A ``groundgate audit`` process for the prefix: the store the workers (GROUNDGATE_AUDIT=off)
        share, written off their cores."""
        w = self.worker(prefix, 0.0)
        self.workers.remove(w)
        w.name, w.command = "audit", "audit"
        w.log_path = self.tmp / f"{prefix.rstrip('.')}-audit.log"
        self.workers.append(w)
        return w

    def start_workers(self, ws: list[WorkerProc], timeout_s: float = 90.0) -> list[float]:
        for w in ws:
            w.spawn()
        return [w.wait_ready(timeout_s) for w in ws]


# --------------------------------------------------------------------------- the closed loop

def kafka_conf(bootstrap: str, **extra: Any) -> dict[str, Any]:
    return {"bootstrap.servers": bootstrap, "client.id": "gg-bench", **extra}


@dataclass
class Answer:
    t: float
    event_id: str
    verdict: str
    final_answer: str
    degraded_reason: str


class ClosedLoop:
    """Keeps ``n`` sessions in flight: each session's first AnswerComposed sends a new one.
    A query is the minimal ``{"session_id", "query"}``, plus ``deadline_s`` when given.

    Producer and consumer are confluent-kafka (librdkafka); the answer consumer is assigned
    every partition of ``<prefix>composed-answer`` from the beginning (no group)."""

    def __init__(self, bootstrap: str, prefix: str, n: int, question: str = QUESTION,
                 partitioner: str = "murmur2_random", tag: str = "s", deadline_s: float | None = None) -> None:
        self.prefix, self.n, self.question, self.tag = prefix, n, question, tag
        self.extra: dict[str, Any] = {"deadline_s": deadline_s} if deadline_s else {}
        self.query_topic = f"{prefix}{topics.QUERY}"
        self.answer_topic = f"{prefix}{topics.ANSWER}"
        self.producer = Producer(kafka_conf(bootstrap, **{"linger.ms": 1, "acks": "all",
                                                          "partitioner": partitioner}))
        self.consumer = Consumer(kafka_conf(bootstrap, **{
            "group.id": f"gg-bench-{uuid.uuid4().hex[:6]}", "enable.auto.commit": False,
            "auto.offset.reset": "earliest", "fetch.wait.max.ms": 10, "enable.partition.eof": False}))
        md = self.consumer.list_topics(self.answer_topic, timeout=15)
        parts = sorted(md.topics[self.answer_topic].partitions) if self.answer_topic in md.topics else []
        if not parts:
            raise RuntimeError(f"topic {self.answer_topic} has no partitions")
        self.consumer.assign([TopicPartition(self.answer_topic, p, OFFSET_BEGINNING) for p in parts])
        self.seq = 0
        self.sent: dict[str, float] = {}
        self.outstanding: set[str] = set()
        self.first: dict[str, Answer] = {}
        self.answer_msgs = 0
        self.delivery_errors = 0
        self.producing = True
        self.ramp: tuple[float, float] | None = None  # (start, seconds): the target grows to n over it
        self.limit: int | None = None  # send no more than this many sessions in all

    def ramp_up(self, seconds: float) -> None:
        """Open the first n sessions evenly over ``seconds`` (one session's duration spreads
        the completions, so a window does not count whole waves)."""
        self.ramp = (time.monotonic(), seconds)

    def target(self) -> int:
        if self.ramp is None or self.ramp[1] <= 0:
            return self.n
        frac = (time.monotonic() - self.ramp[0]) / self.ramp[1]
        if frac >= 1:
            self.ramp = None
            return self.n
        return max(1, int(self.n * frac))

    def _delivered(self, err: Any, _msg: Any) -> None:
        if err is not None:
            self.delivery_errors += 1

    def send_one(self) -> str:
        self.seq += 1
        sid = f"{self.tag}-{self.seq:06d}-{uuid.uuid4().hex[:4]}"
        value = json.dumps({"session_id": sid, "query": self.question, **self.extra}).encode()
        while True:
            try:
                self.producer.produce(self.query_topic, value=value, key=sid.encode(), on_delivery=self._delivered)
                break
            except BufferError:
                self.producer.poll(0.05)
        self.sent[sid] = time.monotonic()
        self.outstanding.add(sid)
        return sid

    def fill(self) -> None:
        target = self.target()
        while self.producing and len(self.outstanding) < target and (self.limit is None or self.seq < self.limit):
            self.send_one()
        self.producer.poll(0)

    def poll(self, timeout_s: float = 0.1) -> int:
        """Reads answers; returns how many sessions were answered for the first time."""
        msgs = self.consumer.consume(num_messages=500, timeout=timeout_s)
        done = 0
        now = time.monotonic()
        for m in msgs:
            if m.error():
                continue
            try:
                ev = json.loads(m.value() or b"")
            except (ValueError, TypeError):
                continue
            if ev.get("event_type") != "AnswerComposed":
                continue
            self.answer_msgs += 1
            sid = ev.get("session_id", "")
            if sid in self.outstanding:
                self.outstanding.discard(sid)
                self.first[sid] = Answer(now, ev.get("event_id", ""), ev.get("verdict", ""),
                                         ev.get("final_answer", ""), ev.get("degraded_reason", ""))
                done += 1
        if done or self.ramp is not None:
            self.fill()
        else:
            self.producer.poll(0)
        return done

    def run_until(self, t_end: float, tick: Callable[[], None] | None = None) -> None:
        self.fill()
        while time.monotonic() < t_end:
            self.poll(0.1)
            if tick is not None:
                tick()

    def drain(self, timeout_s: float, tick: Callable[[], None] | None = None) -> float:
        """Stops sending; waits for every outstanding session (or the timeout). Returns seconds."""
        self.producing = False
        self.producer.flush(10)
        t0 = time.monotonic()
        while self.outstanding and time.monotonic() - t0 < timeout_s:
            self.poll(0.2)
            if tick is not None:
                tick()
        return time.monotonic() - t0

    def answered_between(self, t0: float, t1: float) -> list[str]:
        return [s for s, a in self.first.items() if t0 <= a.t < t1]

    def latencies(self, sids: list[str]) -> list[float]:
        return [self.first[s].t - self.sent[s] for s in sids if s in self.sent]

    def close(self) -> None:
        try:
            self.producer.flush(5)
        finally:
            self.consumer.close()


# --------------------------------------------------------------------------- reading a run back

@dataclass
class RunLog:
    """What every topic of a prefix holds at the end of a run."""

    messages: Counter[str] = field(default_factory=Counter)
    answers: dict[str, list[Answer]] = field(default_factory=lambda: defaultdict(list))
    watchdog: Counter[str] = field(default_factory=Counter)  # by kind
    watchdog_topics: Counter[str] = field(default_factory=Counter)
    watchdog_sessions: set[str] = field(default_factory=set)
    stalled_sessions: set[str] = field(default_factory=set)  # taken up only by a stall nudge
    dead_letters: Counter[str] = field(default_factory=Counter)  # by reason (shortened)
    # stage leases (StageStarted: a stage task began, a model call follows) and first answers, by
    # session, as record timestamps (ms; every process on one host's clock)
    stage_starts: list[tuple[str, str, int]] = field(default_factory=list)
    stage_rounds: list[tuple[str, str, int, int]] = field(default_factory=list)  # (session, stage, round, ms)
    stage_outputs: dict[tuple[str, str, int], int] = field(default_factory=dict)  # first output of each, ms
    nudges: dict[str, list[tuple[int, str]]] = field(default_factory=lambda: defaultdict(list))  # (ms, kind)
    answered_at: dict[str, int] = field(default_factory=dict)
    # take-over nudges (orphaned, regrouped: a fault's sessions) and every other event of a session,
    # as record timestamps (ms)
    takeovers: list[tuple[str, int]] = field(default_factory=list)
    steps: dict[str, list[tuple[int, str]]] = field(default_factory=lambda: defaultdict(list))  # (ms, what)

    @property
    def redrives(self) -> int:
        return sum(self.watchdog.values())

    def take_ups(self) -> list[tuple[float, str, int]]:
        """For each session a fault left behind: (seconds from the ledger's first take-over nudge
        to the session's next step, any event of it but a nudge on any topic; the session; the
        nudge's time in ms). How soon it was taken up. Nudges for a session already answered, and
        the repeats of a nudge the session had not moved after, are not counted again."""
        out = []
        last: dict[str, int] = {}
        for sid, ts in sorted(self.takeovers):
            if sid in self.answered_at and self.answered_at[sid] <= ts:
                continue
            steps = self.steps.get(sid, [])
            i = bisect.bisect_left(steps, (ts, ""))
            if i == len(steps):
                continue  # never moved again: a lost session, counted as such
            if last.get(sid) == steps[i][0]:
                continue  # the same wait, nudged again
            last[sid] = steps[i][0]
            out.append(((steps[i][0] - ts) / 1000.0, sid, ts))
        return out

    def trail(self, sid: str, around_ms: int) -> str:
        """A session's events and nudges, in seconds from ``around_ms``."""
        nudges = [(ts, "control:WatchdogFired") for s, ts in self.takeovers if s == sid]
        events = sorted([*self.steps.get(sid, []), *nudges])
        return ", ".join(f"{(ts - around_ms) / 1000:+.1f} {what}" for ts, what in events)

    def repeated_stages(self, by: str = "stage") -> Counter[str]:
        """Stage tasks started for a session's round after that stage's output was on the log: model
        calls made again for work already done (a stage a stopped worker did not finish is not
        counted: its output never reached the log). ``by`` "stage", "session", or "cause": the kind
        of the session's last nudge in the 5 s before, or "no nudge" (an input read again)."""
        out: Counter[str] = Counter()
        for sid, stage, rnd, ts in self.stage_rounds:
            if (first := self.stage_outputs.get((sid, stage, rnd))) is None or ts <= first:
                continue
            if by in ("session", "stage"):
                out[sid if by == "session" else stage] += 1
                continue
            before = [(t, kind) for t, kind in self.nudges.get(sid, []) if ts - 5000 <= t <= ts]
            out[max(before)[1] if before else "no nudge"] += 1
        return out

    def late_stages(self) -> Counter[str]:
        """Stage tasks started for a session after it was answered, by stage: model calls that
        were not needed (a stage is checked against the session's state before it starts)."""
        return Counter(stage for sid, stage, ts in self.stage_starts
                       if sid in self.answered_at and ts > self.answered_at[sid])

    def duplicates(self, sids: set[str] | None = None) -> tuple[int, int, int]:
        """(extra answer messages, sessions with more than one, sessions with different answers)."""
        extra = multi = conflicting = 0
        for sid, answers in self.answers.items():
            if sids is not None and sid not in sids:
                continue
            if len(answers) > 1:
                extra += len(answers) - 1
                multi += 1
                if len({(a.final_answer, a.verdict) for a in answers}) > 1:
                    conflicting += 1
        return extra, multi, conflicting


def _all_partitions(consumer: Consumer, prefix: str) -> list[TopicPartition]:
    md = consumer.list_topics(timeout=15)
    out = []
    for name, t in md.topics.items():
        if name.startswith(prefix):
            for p in t.partitions:
                lo, hi = consumer.get_watermark_offsets(TopicPartition(name, p), timeout=10)
                if hi > lo:
                    out.append(TopicPartition(name, p, lo))
    return out


@dataclass
class Record:
    topic: str
    partition: int
    offset: int
    timestamp_ms: int
    value: bytes


def iter_records(bootstrap: str, prefix: str, timeout_s: float = 120.0) -> Iterator[Record]:
    """Every record on every topic whose name starts with ``prefix``, up to its end offset now."""
    c = Consumer(kafka_conf(bootstrap, **{"group.id": f"gg-bench-read-{uuid.uuid4().hex[:6]}",
                                          "enable.auto.commit": False, "fetch.wait.max.ms": 10,
                                          "enable.partition.eof": False}))
    try:
        tps = _all_partitions(c, prefix)
        ends = {}
        for tp in tps:
            ends[(tp.topic, tp.partition)] = c.get_watermark_offsets(tp, timeout=10)[1]
        if not tps:
            return
        c.assign(tps)
        left = {k for k in ends}
        deadline = time.monotonic() + timeout_s
        while left and time.monotonic() < deadline:
            for m in c.consume(num_messages=1000, timeout=0.5):
                if m.error():
                    continue
                topic, partition, offset = m.topic() or "", m.partition() or 0, m.offset() or 0
                if offset + 1 >= ends[(topic, partition)]:
                    left.discard((topic, partition))
                yield Record(topic, partition, offset, m.timestamp()[1], m.value() or b"")
        if left:
            print(f"  (read-back incomplete: {len(left)} partition(s) not read to the end)", file=sys.stderr)
    finally:
        c.close()


def iter_all(bootstrap: str, prefix: str, timeout_s: float = 120.0) -> Iterator[tuple[str, bytes]]:
    """Every message on every topic whose name starts with ``prefix``, up to its end offset now."""
    for r in iter_records(bootstrap, prefix, timeout_s):
        yield r.topic, r.value


STAGE_OUTPUTS = {b"ExecutorFinished": "investigate", b"VerdictReached": "verify", b"AnswerDrafted": "compose"}
"""The event that says a stage's work for a session's round is done."""
_SESSION_ID = re.compile(rb'"session_id":"([^"]*)"')
_EVENT_TYPE = re.compile(rb'"event_type":"([^"]*)"')


def read_run(bootstrap: str, prefix: str) -> RunLog:
    log = RunLog()
    answer_topic = f"{prefix}{topics.ANSWER}"
    snapshots = f"{prefix}{topics.SESSION_STATE}"
    for r in iter_records(bootstrap, prefix):
        topic, value = r.topic, r.value
        short = topic[len(prefix):]
        log.messages[short] += 1
        if topic != snapshots and b"WatchdogFired" not in value and (sid_m := _SESSION_ID.search(value)):
            kind = _EVENT_TYPE.search(value)
            what = f"{short}:{kind.group(1).decode() if kind else '?'}"
            log.steps[sid_m.group(1).decode()].append((r.timestamp_ms, what))
        is_answer = topic == answer_topic and b"AnswerComposed" in value
        output_of = next((stage for kind, stage in STAGE_OUTPUTS.items() if kind in value), None)
        if not is_answer and output_of is None and not any(
                k in value for k in (b"WatchdogFired", b"DeadLettered", b"StageStarted")):
            continue
        try:
            ev = json.loads(value)
        except ValueError:
            continue
        et = ev.get("event_type")
        if et == "StageStarted":
            log.stage_starts.append((ev.get("session_id", ""), str(ev.get("stage", "?")), r.timestamp_ms))
            log.stage_rounds.append((ev.get("session_id", ""), str(ev.get("stage", "?")), int(ev.get("round", 1)),
                                     r.timestamp_ms))
        elif et is not None and et.encode() in STAGE_OUTPUTS and topic != snapshots:
            key = (ev.get("session_id", ""), STAGE_OUTPUTS[et.encode()], int(ev.get("round", 1)))
            log.stage_outputs[key] = min(log.stage_outputs.get(key, r.timestamp_ms), r.timestamp_ms)
        elif et == "AnswerComposed" and topic == answer_topic:
            sid = ev.get("session_id", "")
            log.answered_at[sid] = min(log.answered_at.get(sid, r.timestamp_ms), r.timestamp_ms)
            log.answers[sid].append(Answer(0.0, ev.get("event_id", ""), ev.get("verdict", ""),
                                                                ev.get("final_answer", ""),
                                                                ev.get("degraded_reason", "")))
        elif et == "WatchdogFired":
            log.watchdog[str(ev.get("kind", "?"))] += 1
            log.watchdog_topics[short] += 1
            log.watchdog_sessions.add(ev.get("session_id", ""))
            log.nudges[ev.get("session_id", "")].append((r.timestamp_ms, str(ev.get("kind", "?"))))
            if ev.get("kind") == "stalled":
                log.stalled_sessions.add(ev.get("session_id", ""))
            elif ev.get("kind") in ("orphaned", "regrouped"):
                log.takeovers.append((ev.get("session_id", ""), r.timestamp_ms))
        elif et == "DeadLettered":
            log.dead_letters[str(ev.get("reason", "?"))[:80]] += 1
    for steps in log.steps.values():
        steps.sort()
    return log


# --------------------------------------------------------------------------- formatting

def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def ideal_rate(n: int, latency_ms: float, calls: int = CALLS_PER_SESSION) -> float:
    return n / (calls * latency_ms / 1000.0)


def per_1000(count: float, sessions: int) -> float:
    return 1000.0 * count / sessions if sessions else float("nan")


def fmt_pct(x: float | None) -> str:
    return "  n/a" if x is None else f"{x:5.0f}"


def print_problems(workers: list[WorkerProc], limit: int = 8) -> None:
    for w in workers:
        probs = w.problems()
        if not probs:
            continue
        total = sum(probs.values())
        print(f"    {w.name} log ({w.log_path.name}): {total} warning/error line(s); most frequent:")
        for msg, k in probs.most_common(limit):
            print(f"      {k:6d} × {msg}")


def check_client() -> str:
    import confluent_kafka

    return f"confluent-kafka {confluent_kafka.version()[0]} (librdkafka {confluent_kafka.libversion()[0]})"


__all__ = ["KafkaException"]
