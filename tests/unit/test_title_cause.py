"""A runbook's title tells no fact a cause joins (app/domain/causality.py): "Ingress 节点不健康处理手册"
holds one word of "Ingress 返回的 502" and one of "节点变为 NotReady", and read as a sentence holding
both it gave the cause the lie gives ("Ingress 返回的 502 导致节点变为 NotReady", where the node went
NotReady first and the 502 followed). A sentence tells a side only holding half or more of its words;
where none holds both, the runbook is judged as a whole, as before. A cause an item's own sentence
gives (the kubelet stopped posting status) and a runbook's step restated are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-10-09T08:10:00Z k8s: node node-12 turned NotReady (kubelet stopped posting status)\n"
      "Ingress node health runbook. 1. When a node turns NotReady, check the kubelet and the container runtime. "
      "2. Do not delete the node. 3. Close the incident once the node is Ready again and 502 stays at 0 for "
      "10 minutes.")
ZH = ("2026-10-09 08:10:00 k8s：节点 node-12 变为 NotReady（kubelet 停止上报）\n"
      "Ingress 节点不健康处理手册。1. 节点变为 NotReady 时，先检查 kubelet 与容器运行时。2. 不要直接删除节点。"
      "3. 节点恢复 Ready 且 502 为 0 持续 10 分钟后再关闭事件。")

LIES = {  # claim, what must not be read as fact
    "en-caused": ("The 502 from Ingress caused the node to turn NotReady", "caused the node to turn NotReady"),
    "en-because": ("The node turned NotReady because Ingress returned 502", "because Ingress returned 502"),
    "zh-daozhi": ("Ingress 返回的 502 导致节点变为 NotReady", "导致节点变为 NotReady"),
    "zh-shi": ("Ingress 返回 502 使节点变为 NotReady", "使节点变为 NotReady"),
    "zh-yinwei": ("节点变为 NotReady 是因为 Ingress 返回了 502", "是因为 Ingress 返回了 502"),
}
HONEST = {
    "en-step": "When a node turns NotReady, check the kubelet and the container runtime",
    "en-own-cause": "node-12 turned NotReady because the kubelet stopped posting status",
    "zh-step": "节点变为 NotReady 时，先检查 kubelet 与容器运行时",
    "zh-event": "node-12 在 08:10 变为 NotReady",
    "zh-close": "节点恢复 Ready 且 502 为 0 持续 10 分钟后再关闭事件",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_cause_joined_over_a_runbooks_title_is_not_traced = CASES.lies_untraced()
test_a_cause_joined_over_a_runbooks_title_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_runbook_step_or_an_items_own_cause_is_traced = CASES.honest_traced()
test_a_runbook_step_or_an_items_own_cause_is_a_confirmed_finding = CASES.honest_confirmed()
