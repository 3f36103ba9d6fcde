"""CPU per session of the pure pipeline (Planner → Executor → Verifier → rules → Composer, no broker):
the demo questions through the offline engine and built-in tools, and the safety-net set's cases
with a trusting Verifier; with how much of it building ``provenance.Items`` takes. The safety net's
rules run in the worker's CPU-bound stages: run this at two commits to see what a rule costs.

Usage: python bench/session_cpu.py [--repeat N]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `python bench/x.py` puts bench/ first, not the project
    sys.path.insert(0, str(ROOT))

from app.domain import specific  # noqa: E402
from tests.unit.factories import run_session  # noqa: E402


def demo(repeat: int) -> tuple[int, float]:
    """Sessions run and CPU seconds per session over the demo questions (after one warm-up)."""
    qs = [q["query"] for q in json.loads((ROOT / "app" / "demo" / "questions.json").read_text(encoding="utf-8"))]
    run_session(qs[0], session_id="warm-up")
    t, n = time.process_time(), 0
    for rep in range(repeat):
        for i, q in enumerate(qs):
            run_session(q, session_id=f"demo-{rep}-{i}")
            n += 1
    return n, (time.process_time() - t) / n


def safety_net_cases() -> tuple[int, float]:
    """Sessions run and CPU seconds per session over the safety-net set (trusting Verifier)."""
    import safety_net as sn  # bench/safety_net.py

    data = json.loads(sn.DATA.read_text(encoding="utf-8"))
    cases = [c for c in data["cases"] if c.get("set", "issue-29") in sn.SETS]
    t = time.process_time()
    for c in cases:
        sn.session(c, data, "trusting")
    return len(cases), (time.process_time() - t) / max(len(cases), 1)


def items_share(repeat: int) -> tuple[float, float]:
    """``Items`` built per demo session, and their CPU per session (profiled: inflated, to compare
    with the same figure at another commit)."""
    qs = [q["query"] for q in json.loads((ROOT / "app" / "demo" / "questions.json").read_text(encoding="utf-8"))]
    prof = cProfile.Profile()
    prof.enable()
    for rep in range(repeat):
        for i, q in enumerate(qs):
            run_session(q, session_id=f"prof-{rep}-{i}")
    prof.disable()
    stats = pstats.Stats(prof)
    n = repeat * len(qs)
    built = [v for (f, _, name), v in stats.stats.items()  # type: ignore[attr-defined]
             if name == "__init__" and f.endswith("provenance.py")]
    return sum(v[1] for v in built) / n, sum(v[3] for v in built) / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs over the demo questions")
    args = ap.parse_args()
    t = time.process_time()
    specific.warm()
    print(f"warm-up (vocabularies, Chinese tags): {time.process_time() - t:.2f} s CPU")
    n, per = demo(args.repeat)
    print(f"demo questions, offline engine: {n} sessions, {per * 1000:.2f} ms CPU per session")
    n, per = safety_net_cases()
    print(f"safety-net cases, trusting Verifier: {n} sessions, {per * 1000:.2f} ms CPU per session")
    built, items = items_share(args.repeat)
    print(f"provenance.Items: {built:.1f} built per demo session, {items * 1000:.2f} ms CPU per session (profiled)")


if __name__ == "__main__":
    main()
