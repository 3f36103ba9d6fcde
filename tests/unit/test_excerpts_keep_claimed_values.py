"""The trace summary keeps the lines holding a claim's values (app/domain/trace.py ``_telling``): a
value or time one line alone holds ("1120", "14:22:40") tells which line the claim restates, as a
named entity does, so a claim joining three lines of a long log keeps all three among the excerpts
the Verifier and the answer judge it by, though lines naming its hosts outnumber them. With the
rule off, the hosts named in every line fill the excerpts, the lines of "1120" and "2950" are cut,
and the honest claim is refused as naming values no evidence holds. The lie of the same shape (a
value its line does not give) stays refused: a value no line holds tells no line."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-01T08:00:10Z ops-log: a.kim reloaded envoy on gw-01 and gw-02 with config r41",
    "2026-12-01T08:05:00Z envoy gw-01: active connections 1850; gw-02: 1790",
    "2026-12-01T08:21:30Z envoy gw-01: connection limit reached (4000)",
    "2026-12-01T08:22:05Z envoy gw-02: connection limit reached (4000)",
    "2026-12-01T08:22:40Z envoy gw-03: active connections 1120, config r40",
    "2026-12-01T08:25:00Z alertmanager: alert GatewayConnLimit firing for gw-01 and gw-02",
    "2026-12-01T08:29:00Z envoy gw-01: 6120 connection resets in last 5 min; gw-02: 4380",
    "2026-12-01T08:31:20Z ops-log: b.ode removed gw-01 and gw-02 from the DNS round robin",
    "2026-12-01T08:34:00Z envoy gw-03: active connections 2950",
    "2026-12-01T08:38:30Z ops-log: b.ode rolled gw-01 and gw-02 back to config r40",
    "2026-12-01T08:41:00Z envoy gw-01: active connections 640; gw-02: 610",
    "2026-12-01T08:44:30Z ops-log: b.ode put gw-01 and gw-02 back in the DNS round robin",
    "2026-12-01T08:52:00Z alertmanager: GatewayConnLimit resolved for gw-01 and gw-02",
    "2026-12-01T08:55:00Z envoy gw-01: active connections 900; gw-02: 880",
    "2026-12-01T09:05:00Z ops-log: a.kim closed the change for gw-01 and gw-02",
])
ZH = "\n".join([
    "2026-12-01T08:00:10Z 运维日志: 李强 在 gw-01、gw-02 上以配置 r41 重载 envoy",
    "2026-12-01T08:05:00Z envoy gw-01: 活跃连接 1850；gw-02: 1790",
    "2026-12-01T08:21:30Z envoy gw-01: 连接数达到上限 4000",
    "2026-12-01T08:22:05Z envoy gw-02: 连接数达到上限 4000",
    "2026-12-01T08:22:40Z envoy gw-03: 活跃连接 1120，配置 r40",
    "2026-12-01T08:25:00Z 告警平台: 告警 GatewayConnLimit 触发，gw-01、gw-02",
    "2026-12-01T08:29:00Z envoy gw-01: 5 分钟内连接重置 6120 次；gw-02: 4380 次",
    "2026-12-01T08:31:20Z 运维日志: 王芳 把 gw-01、gw-02 移出 DNS 轮询",
    "2026-12-01T08:34:00Z envoy gw-03: 活跃连接 2950",
    "2026-12-01T08:38:30Z 运维日志: 王芳 把 gw-01、gw-02 回滚到配置 r40",
    "2026-12-01T08:41:00Z envoy gw-01: 活跃连接 640；gw-02: 610",
    "2026-12-01T08:44:30Z 运维日志: 王芳 把 gw-01、gw-02 加回 DNS 轮询",
    "2026-12-01T08:52:00Z 告警平台: 告警 GatewayConnLimit 恢复，gw-01、gw-02",
    "2026-12-01T08:55:00Z envoy gw-01: 活跃连接 900；gw-02: 880",
    "2026-12-01T09:05:00Z 运维日志: 李强 关闭 gw-01、gw-02 的变更",
])

HONEST = {
    "en-three-lines": "gw-03 had 1120 active connections at 08:22:40 and 2950 at 08:34, "
                      "after gw-01 and gw-02 were removed from the DNS round robin at 08:31:20",
    "zh-three-lines": "08:22:40 gw-03 活跃连接 1120，08:34 活跃连接 2950，王芳 在 08:31:20 把 gw-01、gw-02 移出 DNS 轮询",
}
LIES = {
    "en-a-value-no-line-gives": ("gw-03 had 1210 active connections at 08:22:40 and 2950 at 08:34, "
                                 "after gw-01 and gw-02 were removed from the DNS round robin at 08:31:20", "1210"),
    "zh-a-value-no-line-gives": ("08:22:40 gw-03 活跃连接 1210，08:34 活跃连接 2950，王芳 在 08:31:20 把 gw-01、gw-02 移出 DNS 轮询",
                                 "1210"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_claim_on_three_lines_is_traced = CASES.honest_traced()
test_a_claim_on_three_lines_is_confirmed = CASES.honest_confirmed()
test_a_value_no_line_gives_is_not_traced = CASES.lies_untraced()
test_a_value_no_line_gives_is_not_read_as_fact = CASES.lies_not_read_as_fact()
