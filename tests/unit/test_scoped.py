"""A value its line bounds to a scope not said of a wider name (app/domain/scoped.py): "0 jobs were
queued on batch-east" of "scheduler batch-east: 0 jobs queued in pool gpu-a" is not traced; the value
with its scope, or of a name its own part writes, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-02T09:10:00Z scheduler batch-east: 0 jobs queued in pool gpu-a; autoscaler: pool cpu-b at 12 nodes",
    "2026-11-02T09:14:00Z kube-scheduler stage-2: 17 pods Pending in namespace billing (no nodes available)"])
ZH = "\n".join([
    "2026-11-03 08:30:00 巡检 k8s-bj-2：命名空间 orders 中 23 个 pod 处于 Pending",
    "2026-11-03 08:34:00 调度器 batch-sz：资源池 gpu-b 内 0 个作业排队；资源池 cpu-c 共 9 个节点"])

LIES = {  # claim, what must not be read as fact
    "en-none-on-the-cluster": ("0 jobs were queued on batch-east at 09:10", "0 jobs were queued on batch-east"),
    "en-count-across-the-cluster": ("17 pods were Pending across stage-2", "17 pods were Pending across stage-2"),
    "en-count-in-the-cluster": ("At 09:14, 17 pods were Pending in stage-2", "17 pods were Pending in stage-2"),
    "zh-count-on-the-cluster": ("k8s-bj-2 上 23 个 pod 处于 Pending", "k8s-bj-2 上 23 个 pod"),
    "zh-count-in-the-whole": ("整个 k8s-bj-2 有 23 个 pod 处于 Pending", "23 个 pod"),
    "zh-none-in-the-scheduler": ("在 batch-sz 中 0 个作业排队", "0 个作业排队"),
}
HONEST = {
    "en-with-its-scope": "0 jobs were queued in pool gpu-a at 09:10",
    "en-scope-and-cluster": "17 pods were Pending in namespace billing on stage-2",
    "en-value-of-its-own-part": "Pool cpu-b was at 12 nodes at 09:10",
    "zh-with-its-scope": "命名空间 orders 中 23 个 pod 处于 Pending",
    "zh-scope-and-cluster": "k8s-bj-2 的命名空间 orders 中 23 个 pod 处于 Pending",
    "zh-value-of-its-own-part": "资源池 gpu-b 内 0 个作业排队",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_widened_from_its_scope_is_not_traced = CASES.lies_untraced()
test_a_value_widened_from_its_scope_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_with_its_scope_is_traced = CASES.honest_traced()
test_a_value_with_its_scope_is_a_confirmed_finding = CASES.honest_confirmed()
