"""A failure a line denies where its item tells it (app/domain/denied_failure.py): "No nomad
client failed to allocate a job" of "nomad client nc-07: allocation of job billing-worker failed"
turns the failure into none, whether the negator stands before the verb or its subject ("did not
fail", "never timed out", "None of the 11 clients had … errors", 没有…失败, 未超时). A denial its item
holds ("errors 0 in last 5 min"), or of a part of the item telling a success ("check of job auth-api
passing"), or of a name a list of failures counts none of ("nc-11 0"), is traced, and so is a
message's own negator ("31 No route to host errors")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-06-02T14:00:10Z nomad client nc-07: allocation of job billing-worker failed: rpc error: No cluster leader\n"
      "2026-06-02T14:00:40Z prometheus: 57 job placement errors in 1 min across 11 nomad clients\n"
      "2026-06-02T14:01:00Z nomad client nc-04: health check of job ledger-api timed out after 5s; "
      "check of job auth-api passing\n"
      "2026-06-02T14:05:00Z prometheus: job placement errors 0 in last 5 min\n"
      "2026-06-02T14:06:00Z nomad client nc-09: No route to host (dial tcp 10.2.0.7:4647), 31 errors in 1 min\n"
      "2026-06-02T14:30:00Z prometheus: failed allocations in the last 30 min: nc-04 3, nc-07 5, nc-11 0")
ZH = ("2026-06-02 14:00:10 nomad 客户端 nc-07：作业 billing-worker 的分配失败：rpc error: No cluster leader\n"
      "2026-06-02 14:00:40 prometheus：1 分钟内 11 个 nomad 客户端共 57 次作业调度错误\n"
      "2026-06-02 14:01:00 nomad 客户端 nc-04：作业 ledger-api 的健康检查超时（5s）；作业 auth-api 的检查通过\n"
      "2026-06-02 14:05:00 prometheus：最近 5 分钟作业调度错误为 0\n"
      "2026-06-02 14:30:00 prometheus：最近 30 分钟分配失败次数：nc-04 3，nc-07 5，nc-11 0")

LIES = {  # claim, what must not be read as fact
    "en-no-subject": ("No nomad client failed to allocate a job", "No nomad client failed"),
    "en-did-not": ("The allocation of job billing-worker on nc-07 did not fail", "did not fail"),
    "en-none-of": ("None of the 11 nomad clients had job placement errors", "None of the 11"),
    "en-never": ("The health check of job ledger-api on nc-04 never timed out", "never timed out"),
    "en-while": ("The allocation of billing-worker did not fail while there was no cluster leader", "did not fail"),
    "zh-meiyou-subject": ("没有 nomad 客户端分配作业失败", "没有 nomad 客户端分配作业失败"),
    "zh-meiyou": ("nc-07 上作业 billing-worker 的分配没有失败", "分配没有失败"),
    "zh-wei": ("作业 ledger-api 的健康检查未超时", "未超时"),
    "zh-counted": ("11 个 nomad 客户端没有作业调度错误", "没有作业调度错误"),
    "en-listed-some": ("nc-07 had no failed allocations in the last 30 min", "nc-07 had no failed allocations"),
    "zh-listed-some": ("nc-07 最近 30 分钟没有分配失败", "nc-07 最近 30 分钟没有分配失败"),
}
HONEST = {
    "en-told": "The allocation of job billing-worker on nc-07 failed",
    "en-counted-none": "There were no job placement errors in the last 5 min",
    "en-part-passing": "The check of job auth-api on nc-04 did not time out",
    "en-values": "57 job placement errors in 1 min across 11 nomad clients",
    "en-message-negator": "nc-09 logged 31 No route to host errors in 1 min",
    "zh-counted-none": "最近 5 分钟没有作业调度错误",
    "zh-told": "nc-07 上作业 billing-worker 的分配失败",
    "en-listed-none": "nc-11 had no failed allocations in the last 30 min",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_denied_failure_the_item_tells_is_not_traced = CASES.lies_untraced()
test_a_denied_failure_the_item_tells_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_failure_told_or_a_denial_held_is_traced = CASES.honest_traced()
test_a_failure_told_or_a_denial_held_is_a_confirmed_finding = CASES.honest_confirmed()
