"""A clause a line adds in words its item does not touch is not traced with the rest
(provenance ``Items._untouched_clause``): "At 02:14 gpu-c01 and gpu-c02 were still training
normally, GPU utilization 100%" holds the names, the value and half the terms of a line giving that
100% as NCCL spin-wait and no real compute: the clause "were still training normally" says what no
item says, with the line's names to carry it. A clause whose terms, beyond the names and values it
shares, are none of its item's is traced on its own; a line whose every clause its item touches is
traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-08-01T02:14:00Z grafana: job train-x throughput 0 tokens/s since 02:13:30; "
      "gpu-c01, gpu-c02 GPU utilization 100%, NCCL spin-wait, no real compute")
ZH = ("2026-08-01 02:14:00 grafana：作业 train-x 吞吐自 02:13:30 起为 0 tokens/s；"
      "gpu-c01、gpu-c02 的 GPU 利用率显示 100%，是 NCCL 自旋等待，没有实际计算")

LIES = {  # claim, what must not be read as fact
    "en-training-normally": ("At 02:14 gpu-c01 and gpu-c02 were still training normally, GPU utilization 100%",
                             "training normally"),
    "en-computing-normally": ("gpu-c01, gpu-c02 were still computing normally, GPU utilization 100%",
                              "computing normally"),
    "zh-training-normally": ("02:14 时 gpu-c01、gpu-c02 仍在正常训练，GPU 利用率 100%", "正常训练"),
    "zh-training-fine-after": ("gpu-c01、gpu-c02 的 GPU 利用率 100%，训练正常", "训练正常"),
}
HONEST = {
    "en-spin-wait-kept": "At 02:14 gpu-c01 and gpu-c02 showed 100% GPU utilization, which was NCCL spin-wait",
    "en-two-clauses-of-the-line": "job train-x throughput was 0 tokens/s since 02:13:30 and gpu-c01 had 100% GPU utilization",
    "zh-spin-wait-kept": "02:14 时 gpu-c01、gpu-c02 的 GPU 利用率 100% 只是 NCCL 自旋等待",
    "zh-no-compute-kept": "gpu-c01、gpu-c02 的 GPU 利用率 100%，但没有实际计算",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_clause_its_item_does_not_touch_is_not_traced = CASES.lies_untraced()
test_a_clause_its_item_does_not_touch_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_clauses_their_item_touches_are_traced = CASES.honest_traced()
test_clauses_their_item_touches_are_a_confirmed_finding = CASES.honest_confirmed()
