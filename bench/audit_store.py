"""Audit store benchmark on ClickHouse's engine (chDB), printed in one run:

(a) audit write throughput (rows/s) through ``AuditStore.write`` with real pipeline events;
(b) each dashboard query's time on N synthetic sessions (default 1M) generated in SQL.

Usage: python bench/audit_store.py [--sessions 1000000] [--write-sessions 5000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.dashboard import queries  # noqa: E402
from app.store import AuditStore  # noqa: E402
from events import to_dict  # noqa: E402
from tests.unit.factories import run_session  # noqa: E402

SYNTH = """
INSERT INTO gg_outcomes SELECT concat('s', toString(number)), generateUUIDv4(),
  ['PASS', 'LOW_CONFID', 'REJECT'][1 + number % 3], (number % 11) / 10, 1 + (number % 7 = 0),
  ['valid', 'valid', 'fallback', 'malformed'][1 + number % 4], if(number % 97 = 0, 'deadline', ''),
  now64(3) - toIntervalSecond(number % 86400), 'why?', 'answer' FROM numbers({n});
INSERT INTO gg_events SELECT generateUUIDv4(), t, concat('s', toString(number)), 1,
  now64(3) - toIntervalSecond(number % 86400) + toIntervalMillisecond(i * 150), 'x',
  if(t = 'VerdictReached', concat('{"verdict":"', ['PASS', 'LOW_CONFID', 'REJECT'][1 + number % 3],
     '","groundedness_score":', toString((number % 11) / 10), '}'),
     if(t = 'RuleEvaluationRecorded', concat('{"rule_score":', toString((number % 10) / 10), '}'), '{}'))
  FROM numbers({n}) ARRAY JOIN ['QueryReceived', 'ExecutorFinished', 'RuleEvaluationRecorded', 'VerdictReached',
       'AnswerDrafted'] AS t, [0, 1, 2, 2, 3] AS i;
INSERT INTO gg_model_calls SELECT generateUUIDv4(), 0, concat('s', toString(number)), 1,
  role, 'model-a', 'h1', 500 + number % 300, 80 + number % 40, 200 + number % 900, now64(3)
  FROM numbers({n}) ARRAY JOIN ['planner', 'executor', 'verifier', 'composer'] AS role;
INSERT INTO gg_findings SELECT generateUUIDv4(), 0, concat('s', toString(number)), 1, 'fabricated_entity', 'c1',
  concat('err-', toString(number % 500)), '', now64(3) FROM numbers({n}) WHERE number % 5 = 0;
INSERT INTO gg_tool_calls SELECT concat('i', toString(number), t), concat('s', toString(number)), 1, t,
  number % 13 != 0, '', '{}', 1000, 5 + number % 50, now64(3)
  FROM numbers({n}) ARRAY JOIN ['kb_search', 'log_search'] AS t;
INSERT INTO gg_session_snapshots SELECT concat('s', toString(number)), 9, 'answered', 1, 'PASS', 0.8,
  now64(3), '{}' FROM numbers({n})
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=1_000_000)
    ap.add_argument("--write-sessions", type=int, default=5000)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="gg-audit-bench-"))

    store = AuditStore(f"chdb://{tmp / 'write'}")
    store.migrate()
    templates = [run_session(q)[0] for q in ["Why do payments-api pods keep restarting with exit code 137?",
                                              "Why is the nightly backup job slow?"]]
    events = []
    for k in range(args.write_sessions):
        for e in templates[k % 2]:
            d = to_dict(e)
            d["session_id"], d["event_id"] = f"w{k}", f"{d['event_id']}-{k}"
            events.append(("t", d))
    started = time.perf_counter()
    rows = 0
    for i in range(0, len(events), 2000):
        rows += store.write(events[i:i + 2000], [])
    elapsed = time.perf_counter() - started
    print(f"(a) audit write: {len(events)} events of {args.write_sessions} sessions -> {rows} rows in {elapsed:.2f}s"
          f" = {rows / elapsed:,.0f} rows/s ({len(events) / elapsed:,.0f} events/s)")
    store.close()

    store = AuditStore(f"chdb://{tmp / 'read'}")
    store.migrate()
    started = time.perf_counter()
    for stmt in SYNTH.split(";"):
        if stmt.strip():
            store.command(stmt.replace("{n}", str(args.sessions)))
    print(f"(b) {args.sessions:,} synthetic sessions generated in {time.perf_counter() - started:.1f}s; query times:")
    for q in queries():
        started = time.perf_counter()
        try:
            n = len(store.query(q.sql))
            print(f"    {q.name:<32} {(time.perf_counter() - started) * 1000:8.0f} ms  ({n} rows)")
        except Exception as exc:
            print(f"    {q.name:<32} error: {str(exc).splitlines()[0][:120]}")
    store.close()


if __name__ == "__main__":
    main()
