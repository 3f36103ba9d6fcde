"""Who did it, in Chinese (app/domain/apart.py): a person a Chinese log sets apart ("运维日志：孙浩 逐个
重启 …") is cut into single common characters, no specific token; "… 是由 周立 重启的", where 孙浩
restarted them and 周立 only acknowledged an alert, keeps every token of the restart's line. A line
naming in the agent's place (after 由, 被, 经, or opening the line) a person its line does not hold
and another line sets apart is not traced; one naming its own line's person, or a person no line
holds (judged as before), is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-04-02T09:00:00Z ops-log: a.reyes restarted cache-2"
ZH = "\n".join([
    "2026-04-03 08:10:00 告警 RedisMemHigh 触发，通知值班 韩冬",
    "2026-04-03 08:14:30 韩冬 确认告警 RedisMemHigh",
    "2026-04-03 08:20:00 运维日志：罗青 逐个重启 cache-a1、cache-a2",
    "2026-04-03 08:31:00 运维日志：邱远 把 maxmemory 从 8gb 调到 12gb"])

LIES = {  # claim, what must not be read as fact
    "zh-passive-agent-of-another-line": ("cache-a1、cache-a2 是由 韩冬 重启的", "韩冬 重启"),
    "zh-bei-agent-of-another-line": ("cache-a1 被 邱远 重启", "邱远 重启"),
    "zh-opening-agent-of-another-line": ("韩冬 逐个重启 cache-a1、cache-a2", "韩冬 逐个重启"),
    "zh-timed-agent-of-another-line": ("08:31 罗青 把 maxmemory 从 8gb 调到 12gb", "罗青 把 maxmemory"),
}
HONEST = {
    "zh-passive-own-agent": "cache-a1、cache-a2 是由 罗青 重启的",
    "zh-opening-own-agent": "罗青 逐个重启 cache-a1、cache-a2",
    "zh-timed-own-agent": "08:31 邱远 把 maxmemory 从 8gb 调到 12gb",
    "zh-acknowledged-by-its-own": "告警 RedisMemHigh 由 韩冬 确认",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_agent_of_another_line_is_not_traced = CASES.lies_untraced()
test_an_agent_of_another_line_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_agent_of_its_own_line_is_traced = CASES.honest_traced()
test_an_agent_of_its_own_line_is_a_confirmed_finding = CASES.honest_confirmed()
