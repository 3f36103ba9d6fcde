"""A value on the side of its bound its item puts it (app/domain/crossed.py): "p95 latency fell
below 300 ms" of "p95 latency 1.4 s (target 300 ms)" is not traced, nor "没有超过" turned round; a
comparison its item's value meets ("above its 300 ms target") is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-03T11:40:00Z envoy mesh-gw: orders-api p95 latency 1.4 s (target 300 ms), errors 2.2%",
    "2026-10-03T11:42:00Z node-exporter db-04: disk usage 64% (threshold 85%), inode usage 12%"])
ZH = "\n".join([
    "2026-10-04 16:10:00 监控 api-gw-2：支付接口 p99 延迟 2.6 s（目标 500 ms），错误率 3.1%",
    "2026-10-04 16:12:00 巡检 pg-node-5：连接数 180（上限 500），活跃连接 42"])

LIES = {  # claim, what must not be read as fact
    "en-fell-below-target": ("orders-api p95 latency fell back below 300 ms", "below 300 ms"),
    "en-within-target": ("orders-api p95 latency stayed within 300 ms on mesh-gw", "within 300 ms"),
    "en-above-threshold": ("db-04 disk usage climbed above 85%", "above 85%"),
    "en-brought-under-target": ("orders-api p95 latency was brought back under 300 ms", "under 300 ms"),
    "en-climbed-above-threshold": ("db-04 disk usage on node-exporter quickly climbed above 85%", "above 85%"),
    "zh-below-target": ("api-gw-2 支付接口 p99 延迟回落到 500 ms 以下", "500 ms 以下"),
    "zh-under-target": ("api-gw-2 支付接口 p99 延迟低于 500 ms", "低于 500 ms"),
    "zh-over-limit": ("pg-node-5 连接数已超过 500", "超过 500"),
}
HONEST = {
    "en-above-target": "orders-api p95 latency was 1.4 s, above its 300 ms target",
    "en-below-threshold": "db-04 disk usage was 64%, below the 85% threshold",
    "en-under-threshold": "db-04 disk usage 64% stayed under the threshold of 85%",
    "zh-over-target": "api-gw-2 支付接口 p99 延迟 2.6 s，超过 500 ms 的目标",
    "zh-higher-than-target": "api-gw-2 支付接口 p99 延迟 2.6 s，高于 500 ms",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_put_across_its_bound_is_not_traced = CASES.lies_untraced()
test_a_value_put_across_its_bound_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_on_its_side_of_the_bound_is_traced = CASES.honest_traced()
test_a_value_on_its_side_of_the_bound_is_a_confirmed_finding = CASES.honest_confirmed()
