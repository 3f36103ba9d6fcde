"""The benchmark and evaluation harnesses run (on a few rows) and compute what they claim."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import wice_eval  # noqa: E402

from app.settings import Settings  # noqa: E402


def test_macro_f1_is_the_mean_of_per_class_f1() -> None:
    gold = ["direct_evidence", "indirect_support", "no_evidence", "no_evidence"]
    assert wice_eval.macro_f1(gold, gold) == 1.0
    pred = ["direct_evidence", "no_evidence", "no_evidence", "indirect_support"]
    # direct: 1.0; indirect: p=0 r=0 → 0; no_evidence: p=1/2 r=1/2 → 0.5
    assert wice_eval.macro_f1(gold, pred) == pytest.approx((1.0 + 0.0 + 0.5) / 3)


def test_wice_claims_run_through_the_whole_verify_stage(shared_data: Path) -> None:
    path = shared_data / "wice" / "entailment_retrieval" / "claim" / "dev.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()[:5]]
    gold, pred, _ = asyncio.run(wice_eval.evaluate(rows, Settings()))
    assert len(gold) == len(pred) == 5
    assert set(pred) <= set(wice_eval.CLASSES)


def test_the_model_budget_benchmark_counts_what_it_prints() -> None:
    import model_budget

    fast = model_budget.run(model_budget.SCENARIOS[0])
    hang = model_budget.run(next(s for s in model_budget.SCENARIOS if s.name == "executor never answers"))
    assert " 5/5 " in fast and fast.split()[-2] == "pass" and " True " in fast
    assert " 2/2 " in hang and "model_unavailable" in hang and " True " in hang


def test_the_session_cpu_benchmark_counts_the_sessions_it_runs() -> None:
    import session_cpu

    n, per = session_cpu.demo(1)
    questions = json.loads((Path(__file__).resolve().parents[2] / "app" / "demo" / "questions.json").read_text())
    assert n == len(questions) and per > 0
    built, cpu = session_cpu.items_share(1)
    assert built >= 1 and cpu > 0  # every session traces its lines against Items at least once
