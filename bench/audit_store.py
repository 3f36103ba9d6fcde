"""Audit store benchmark on ClickHouse's engine (chDB), printed in one run:

(a) audit writes against a bare clickhouse-connect insert of the same rows into the same engine
    (same tables, same materialized views), batch by batch as the writer batches them:
    - the audit write: rows built from decoded events (payload stored as received) and inserted;
    - the whole writer path: each Kafka record decoded with the codec, then the above;
(b) each dashboard query over a 24 h window on 1M stored sessions, against the same query on
    10k sessions: the history grows at 10k sessions a day, so both windows hold the same day and
    the ratio shows whether a query's cost grows with the window or with the history.

Usage: python bench/audit_store.py [--sessions 1000000] [--small 10000] [--write-sessions 3000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aiokafka import ConsumerRecord, TopicPartition  # noqa: E402

from app.audit.dashboard import Window, queries  # noqa: E402
from app.audit.rows import COLUMNS, Rows, event_rows, new_rows  # noqa: E402
from app.audit.sink import AuditSink, Health, merged  # noqa: E402
from app.audit.store import AuditStore  # noqa: E402
from app.domain.chat_service import snapshot  # noqa: E402
from app.kafka import topics  # noqa: E402
from app.settings import Settings  # noqa: E402
from events import decode_record, encode  # noqa: E402
from tests.unit.factories import run_session  # noqa: E402

BATCH = 2000
PER_DAY = 10_000
# One synthetic session every 86400/PER_DAY s, the newest at {now}: n sessions span n/PER_DAY days.
AT = "toDateTime64({now}, 3, 'UTC') - toIntervalMillisecond(({n} - 1 - number) * 8640)"
SYNTH = f"""
INSERT INTO gg_outcomes SELECT concat('s', toString(number)), generateUUIDv4(),
  ['PASS', 'LOW_CONFID', 'REJECT'][1 + number % 3], (number % 11) / 10, 1 + (number % 7 = 0),
  ['valid', 'valid', 'fallback', 'not_called'][1 + number % 4], if(number % 97 = 0, 'deadline', ''),
  {AT} + toIntervalMillisecond(900), 'why?', 'answer' FROM numbers({{n}});
INSERT INTO gg_events SELECT generateUUIDv4(), t, concat('s', toString(number)), 1,
  {AT} + toIntervalMillisecond(i * 150), 'bench',
  multiIf(t = 'VerdictReached', concat('{{"verdict":"', ['PASS', 'LOW_CONFID', 'REJECT'][1 + number % 3],
     '","groundedness_score":', toString((number % 11) / 10), ',"facts_checked":[]}}'),
     t = 'RuleEvaluationRecorded', concat('{{"rule_score":', toString((number % 10) / 10), '}}'), '{{}}')
  FROM numbers({{n}}) ARRAY JOIN ['QueryReceived', 'ExecutorFinished', 'RuleEvaluationRecorded', 'VerdictReached',
       'AnswerDrafted', 'AnswerComposed'] AS t, [0, 1, 2, 2, 3, 6] AS i;
INSERT INTO gg_model_calls SELECT generateUUIDv4(), 0, concat('s', toString(number)), 1,
  role, 'model-a', 'h1', 500 + number % 300, 80 + number % 40, 200 + number % 900, {AT},
  1 + (number % 50 = 0), if(number % 200 = 0, 'APITimeoutError', '')
  FROM numbers({{n}}) ARRAY JOIN ['planner', 'executor', 'verifier', 'composer'] AS role;
INSERT INTO gg_findings SELECT generateUUIDv4(), 0, concat('s', toString(number)), 1, 'fabricated_entity', 'c1',
  concat('err-', toString(number % 500)), '', {AT} FROM numbers({{n}}) WHERE number % 5 = 0;
INSERT INTO gg_tool_calls SELECT concat('i', toString(number), t), concat('s', toString(number)), 1, t,
  number % 13 != 0, '', '{{}}', 1000, 5 + number % 50, {AT}
  FROM numbers({{n}}) ARRAY JOIN ['kb_search', 'log_search'] AS t;
INSERT INTO gg_session_snapshots SELECT concat('s', toString(number)), 9, 'answered', 1, 'PASS', 0.8,
  {AT}, '{{}}' FROM numbers({{n}})
"""


def pipeline_records(sessions: int) -> list[ConsumerRecord[Any, Any]]:
    """Kafka records of ``sessions`` real pipeline runs (events and session snapshots), unique ids."""
    runs = [run_session(q) for q in ["Why do payments-api pods keep restarting with exit code 137?",
                                     "Why is the nightly backup job slow?"]]
    out: list[ConsumerRecord[Any, Any]] = []
    for k in range(sessions):
        log, state, _ = runs[k % 2]
        sid = f"w{k}"
        for e in log:
            ev = e.model_copy(update={"session_id": sid, "event_id": f"{e.event_id}-{k}"})
            out.append(_record(topics.TOPIC_OF[ev.event_type], len(out), encode(ev)))
        out.append(_record(topics.SESSION_STATE, len(out),
                           snapshot(state.model_copy(update={"session_id": sid}))))
    return out


def _record(name: str, offset: int, value: bytes) -> ConsumerRecord[Any, Any]:
    return ConsumerRecord(topic=f"gg.{name}", partition=0, offset=offset, timestamp=0, timestamp_type=0, key=None,
                          value=value, checksum=None, serialized_key_size=0, serialized_value_size=len(value),
                          headers=[])


def _batches(records: list[ConsumerRecord[Any, Any]]) -> list[dict[TopicPartition, list[ConsumerRecord[Any, Any]]]]:
    out = []
    for i in range(0, len(records), BATCH):
        by: dict[TopicPartition, list[ConsumerRecord[Any, Any]]] = {}
        for r in records[i:i + BATCH]:
            by.setdefault(TopicPartition(r.topic, 0), []).append(r)
        out.append(by)
    return out


def bench_writes(store: AuditStore, sessions: int) -> None:
    records = pipeline_records(sessions)
    batches = _batches(records)
    sink = AuditSink(Settings(topic_prefix="gg."), "127.0.0.1:1", lambda: store, Health(name="bench"))
    rows_per_batch = [merged(sink.units(b)) for b in batches]  # what the bare insert gets, ready-made
    n_rows = sum(len(v) for rows in rows_per_batch for v in rows.values())
    decoded = [[(sink.names[r.topic], decode_record(r.value, r.topic, 0, r.offset, None,
                                                    accept=topics.ACCEPTS[sink.names[r.topic]]), r.value)
                for rs in b.values() for r in rs if sink.names[r.topic] != topics.SESSION_STATE] for b in batches]
    snaps = [[r for rs in b.values() for r in rs if sink.names[r.topic] == topics.SESSION_STATE] for b in batches]

    def bare() -> None:
        for rows in rows_per_batch:
            for table, data in rows.items():
                if data:
                    store.client.insert(table, data, column_names=COLUMNS[table])

    def audit_write() -> None:
        for evs, ss in zip(decoded, snaps, strict=True):
            rows: Rows = new_rows()
            for name, ev, raw in evs:
                event_rows(name, ev, raw, rows)
            units = sink.units({TopicPartition("gg.session-state", 0): ss}) if ss else []
            for u in units:
                for table, r in u.rows.items():
                    rows[table] += r
            store.insert_rows(rows)

    def writer_path() -> None:
        for b in batches:
            store.insert_rows(merged(sink.units(b)))

    timed: dict[str, list[float]] = {"bare": [], "audit": [], "writer": []}
    for _ in range(3):  # interleaved, best of three: the machine is shared
        for name, fn in (("bare", bare), ("audit", audit_write), ("writer", writer_path)):
            timed[name].append(_seconds(fn))
    bare_s, audit_s, writer_s = (min(timed[k]) for k in ("bare", "audit", "writer"))
    print(f"(a) audit writes: {sessions:,} sessions = {len(records):,} records -> {n_rows:,} rows, "
          f"batches of {BATCH} records, best of 3")
    print(f"    bare clickhouse-connect insert of the rows      {n_rows / bare_s:10,.0f} rows/s")
    print(f"    audit write (decoded events -> rows -> insert)   {n_rows / audit_s:10,.0f} rows/s "
          f"= {bare_s / audit_s:.2f} of bare (target >= 0.5)")
    print(f"    whole writer path (codec decode of each record)  {n_rows / writer_s:10,.0f} rows/s "
          f"= {bare_s / writer_s:.2f} of bare")


def _seconds(fn: Callable[[], object]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def query_times(path: Path, sessions: int, now: datetime, repeat: int = 5) -> dict[str, float | str]:
    store = AuditStore(f"chdb://{path}")
    try:
        store.migrate()
        started = time.perf_counter()
        for stmt in SYNTH.split(";"):
            if stmt.strip():
                store.command(stmt.replace("{n}", str(sessions)).replace("{now}", str(now.timestamp())))
        print(f"    {sessions:>9,} sessions over {sessions / PER_DAY:g} day(s) generated in "
              f"{time.perf_counter() - started:.0f}s", flush=True)
        window = Window(now - timedelta(hours=24), now)
        out: dict[str, float | str] = {}
        for q in queries():
            sql = window.bind(q.sql)
            try:
                store.query(sql)  # warm
                out[q.name] = statistics.median(_seconds(partial(store.query, sql)) for _ in range(repeat))
            except Exception as exc:
                out[q.name] = f"error: {str(exc).splitlines()[0][:100]}"
        return out
    finally:
        store.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=1_000_000)
    ap.add_argument("--small", type=int, default=10_000)
    ap.add_argument("--write-sessions", type=int, default=3000)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="gg-audit-bench-"))

    store = AuditStore(f"chdb://{tmp / 'write'}")
    store.migrate()
    try:
        bench_writes(store, args.write_sessions)
    finally:
        store.close()

    now = datetime.now(UTC).replace(microsecond=0)
    print(f"(b) dashboard queries over the last 24 h, median of 5 (history: {PER_DAY:,} sessions a day)")
    small = query_times(tmp / "small", args.small, now)
    large = query_times(tmp / "large", args.sessions, now)
    print(f"    {'query':<32} {args.small:>9,} sessions {args.sessions:>11,} sessions   ratio (target <= 2)")
    worst = 0.0
    for name, a in small.items():
        b = large[name]
        if isinstance(a, str) or isinstance(b, str):
            print(f"    {name:<32} {a if isinstance(a, str) else ''} {b if isinstance(b, str) else ''}")
            continue
        worst = max(worst, b / a)
        print(f"    {name:<32} {a * 1000:12.1f} ms {b * 1000:16.1f} ms   {b / a:6.2f}x")
    print(f"    worst ratio: {worst:.2f}x")


if __name__ == "__main__":
    main()
