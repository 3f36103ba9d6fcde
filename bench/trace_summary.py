"""Verifier input size against raw tool output size, and the time to build the summary.

Raw outputs of 1 MB and 3.9 MB (a tool output's limit is 4,000,000 characters) of log noise
with one line a claim quotes at the very end; the summary (tool_trace_summary as the Verifier
receives it) must stay bounded and keep that line.

Usage: python bench/trace_summary.py [--sizes-mb 1 3.9]
"""

from __future__ import annotations

import argparse
import json
import time

from app.domain.trace import summarise_trace
from events.models import ToolInvocation

NEEDLE = "2026-11-30T10:00:00Z pg-orders-01 FATAL: sorry, too many clients already (SQLSTATE 53300)"
CLAIM = "pg-orders-01 logged FATAL: sorry, too many clients already (SQLSTATE 53300)"


def noise(size: int) -> str:
    line = "2026-11-30T09:{m:02d}:{s:02d}Z web-{h} GET /api/v1/orders?id={i} 200 {ms}ms upstream=orders-svc\n"
    out, i = [], 0
    total = 0
    while total < size:
        row = line.format(m=i % 60, s=(i * 7) % 60, h=i % 12, i=i, ms=10 + i % 300)
        out.append(row)
        total += len(row)
        i += 1
    return "".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes-mb", type=float, nargs="+", default=[1, 3.9])
    args = ap.parse_args()
    print(f"{'raw output':>12} {'verifier input':>15} {'ratio':>10} {'build time':>11}  quoted line kept")
    for mb in args.sizes_mb:
        raw = noise(int(mb * 1_000_000)) + NEEDLE
        inv = ToolInvocation(invocation_id="i1", tool_name="log_search", arguments={"query": "too many clients"},
                             output=raw)
        started = time.perf_counter()
        items = summarise_trace([inv], focus_text=CLAIM)
        elapsed = time.perf_counter() - started
        size = len(json.dumps([i.model_dump(mode="json") for i in items]))
        kept = any(NEEDLE in x for i in items for x in i.excerpts)
        print(f"{len(raw) / 1e6:10.1f}MB {size / 1e3:13.1f}kB {len(raw) / size:9.0f}x {elapsed * 1000:9.0f}ms  {kept}")


if __name__ == "__main__":
    main()
