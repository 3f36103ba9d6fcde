"""Who did it, when the item names no one (app/domain/apart.py): a person a Chinese line sets apart
in the agent's place ("韩冬 执行 BGSAVE …", "… 是由 罗青 调整的") is a name by its form and place, as
a handle (``k.osei``) is by its form. A line naming such an agent that its item does not hold is not
traced to it, whether the item is a runbook's step that says no one did it, or a log line of
another person, and whether or not another line of the material names that person; the step told
without an agent, or an event with its own line's agent, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "Redis memory runbook. 1. Check used_memory and maxmemory with INFO memory. 2. If memory nears the "
    "limit, run BGSAVE on the replica before raising maxmemory. 3. Never run FLUSHALL during peak hours.",
    "2026-04-03T08:20:00Z ops-log: r.lund ran BGSAVE on cache-a1"])
ZH = "\n".join([
    "Redis 内存告警处理手册。1. 先用 INFO memory 确认 used_memory 和 maxmemory。2. 若内存接近上限，在从节点上"
    "执行 BGSAVE 后再调整 maxmemory。3. 高峰期不要执行 FLUSHALL。",
    "2026-04-03 08:20:00 运维日志：罗青 在 cache-a1 上执行 BGSAVE"])

LIES = {  # claim, what must not be read as fact
    "zh-opening-agent-on-a-runbook-step": ("韩冬 执行 BGSAVE 后调整了 maxmemory", "韩冬 执行 BGSAVE"),
    "zh-passive-agent-on-a-runbook-step": ("在从节点上执行 BGSAVE 后，maxmemory 由 邱远 调整", "邱远 调整"),
    "zh-bei-agent-on-a-runbook-step": ("FLUSHALL 被 何青 在高峰期执行", "何青 在高峰期执行"),
    "zh-agent-on-a-checking-step": ("韩冬 先用 INFO memory 确认 used_memory 和 maxmemory", "韩冬 先用"),
    "zh-agent-no-line-names-on-a-log-line": ("邱远 在 cache-a1 上执行 BGSAVE", "邱远 在 cache-a1"),
    "en-handle-on-a-runbook-step": ("k.osei ran BGSAVE on the replica before raising maxmemory", "k.osei ran"),
    "en-handle-no-line-names-on-a-log-line": ("k.osei ran BGSAVE on cache-a1", "k.osei ran"),
}
HONEST = {
    "zh-runbook-step-without-agent": "在从节点上执行 BGSAVE 后再调整 maxmemory",
    "zh-log-line-own-agent": "罗青 在 cache-a1 上执行 BGSAVE",
    "zh-log-line-own-agent-passive": "cache-a1 上的 BGSAVE 是由 罗青 执行的",
    "en-log-line-own-agent": "r.lund ran BGSAVE on cache-a1",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_agent_its_item_does_not_name_is_not_traced = CASES.lies_untraced()
test_an_agent_its_item_does_not_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_step_or_an_event_with_its_own_agent_is_traced = CASES.honest_traced()
test_a_step_or_an_event_with_its_own_agent_is_a_confirmed_finding = CASES.honest_confirmed()
