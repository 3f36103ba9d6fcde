"""Who did it, within one line (app/domain/part_agent.py): a line naming two people in two roles
("r.kaur rotated … after approval from t.lund", "运维日志：孙浩 经 周立 同意回滚 …") is not traced
when it gives the event to the one in the other role; naming the event's own agent, or the other
person with what the line says of them, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-01T04:12:00Z ops-log: r.kaur rotated TLS cert for edge-lb-3 after approval from t.lund (security lead)",
    "2026-09-01T04:20:00Z ops-log: t.lund revoked token ci-deploy-9; r.kaur notified"])
ZH = "\n".join([
    "2026-09-02 10:05:00 运维日志：孙浩 经 周立 同意回滚 order-svc 到 v3.2，影响 12 个实例",
    "2026-09-02 10:20:00 运维日志：周立 关闭 灰度开关 gray-7，孙浩 复核"])

LIES = {  # claim, what must not be read as fact
    "en-approver-as-agent": ("t.lund rotated TLS cert for edge-lb-3", "t.lund rotated"),
    "en-approver-as-agent-timed": ("At 04:12 t.lund rotated the TLS cert of edge-lb-3", "t.lund rotated"),
    "zh-approver-as-agent": ("周立 回滚了 order-svc 到 v3.2", "周立 回滚了"),
    "zh-approver-as-agent-timed": ("10:05 周立 把 order-svc 回滚到 v3.2", "周立 把 order-svc"),
}
HONEST = {
    "en-own-agent": "r.kaur rotated TLS cert for edge-lb-3",
    "en-approver-in-its-role": "r.kaur rotated the TLS cert of edge-lb-3 after t.lund approved",
    "en-other-line-own-agent": "t.lund revoked token ci-deploy-9",
    "zh-own-agent": "孙浩 回滚了 order-svc 到 v3.2",
    "zh-approver-in-its-role": "10:05 孙浩 经 周立 同意回滚 order-svc 到 v3.2",
    "zh-other-line-own-agent": "周立 关闭 灰度开关 gray-7",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_agent_of_another_role_is_not_traced = CASES.lies_untraced()
test_an_agent_of_another_role_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_event_s_own_agent_is_traced = CASES.honest_traced()
test_the_event_s_own_agent_is_a_confirmed_finding = CASES.honest_confirmed()
