"""Evaluate the Verifier role on the WiCE claims (../shared/data/wice, third-party, not copied).

Each claim becomes one critical Executor claim, its evidence sentences one tool output; the
whole verify stage runs (trace summary → Gatekeeper → Verifier → derivation) and the claim's
label is compared with WiCE's: supported ↦ direct_evidence, partially_supported ↦
indirect_support, not_supported ↦ no_evidence (a ``contradicted`` label counts as no_evidence).

The Verifier is whatever the environment configures (offline by default; for a model set e.g.
GROUNDGATE_VERIFIER_PROVIDER=openai GROUNDGATE_VERIFIER_MODEL=… OPENAI_API_KEY=…).

Usage: python bench/wice_eval.py [--split test|dev] [--limit N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

from app.roles.build import build_roles
from app.settings import Settings
from app.stages import verify
from events.models import Claim, ExecutorFinished, ExecutorOutput, ToolInvocation

WICE = Path(__file__).resolve().parents[2] / "shared" / "data" / "wice" / "entailment_retrieval" / "claim"
GOLD = {"supported": "direct_evidence", "partially_supported": "indirect_support", "not_supported": "no_evidence"}
CLASSES = ("direct_evidence", "indirect_support", "no_evidence")
PUBLISHED = {"T5-3B (WiCE paper)": (77.8, 88.0), "GPT-4 (WiCE paper)": (61.0, 77.0)}


def macro_f1(gold: list[str], pred: list[str]) -> float:
    f1s = []
    for c in CLASSES:
        tp = sum(g == p == c for g, p in zip(gold, pred, strict=True))
        fp = sum(p == c and g != c for g, p in zip(gold, pred, strict=True))
        fn = sum(g == c and p != c for g, p in zip(gold, pred, strict=True))
        prec = tp / (tp + fp) if tp + fp else 0.0
        rec = tp / (tp + fn) if tp + fn else 0.0
        f1s.append(2 * prec * rec / (prec + rec) if prec + rec else 0.0)
    return sum(f1s) / len(f1s)


async def evaluate(rows: list[dict], settings: Settings) -> tuple[list[str], list[str], float]:
    roles = build_roles(settings)
    gold, pred = [], []
    started = time.perf_counter()
    for i, row in enumerate(rows):
        ev = ExecutorFinished(
            session_id=f"wice-{i}", original_query=row["claim"], occurred_at=datetime.now(UTC),
            tool_invocations=[ToolInvocation(invocation_id=f"wice-{i}-e", tool_name="kb_search",
                                             arguments={"query": row["claim"][:200]},
                                             output="\n".join(row["evidence"]))],
            executor_output=ExecutorOutput(claims=[Claim(claim_id="c1", text=row["claim"], claim_type="observation",
                                                         evidence_refs=[f"wice-{i}-e"])]))
        _, verdict = await verify(ev, roles, datetime.now(UTC))
        label = verdict.facts_checked[0].verification if verdict.facts_checked else "no_evidence"
        gold.append(GOLD[row["label"]])
        pred.append("no_evidence" if label == "contradicted" else label)
    return gold, pred, time.perf_counter() - started


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="test", choices=["test", "dev"])
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    path = WICE / f"{args.split}.jsonl"
    if not path.is_file():
        print(f"WiCE data not found at {path} (../shared/data is third-party and not in the repo)")
        return 0
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    rows = rows[: args.limit] if args.limit else rows
    settings = Settings.from_env()
    cfg = settings.roles["verifier"]
    who = "offline engine" if cfg.provider == "offline" else f"{cfg.model} at {cfg.base_url or 'OpenAI'}"
    gold, pred, elapsed = asyncio.run(evaluate(rows, settings))
    acc = sum(g == p for g, p in zip(gold, pred, strict=True)) / len(gold)
    print(f"WiCE {args.split}: {len(gold)} claims, Verifier = {who}, {elapsed:.1f}s")
    print(f"  gold label mix: {dict(Counter(gold))}")
    print(f"  predicted mix : {dict(Counter(pred))}")
    print(f"  {'system':<28} {'macro F1':>9} {'accuracy':>9}")
    print(f"  {'groundgate ' + ('offline' if cfg.provider == 'offline' else cfg.model):<28} "
          f"{macro_f1(gold, pred) * 100:9.1f} {acc * 100:9.1f}")
    for name, (f1, a) in PUBLISHED.items():
        print(f"  {name:<28} {f1:9.1f} {a:9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
