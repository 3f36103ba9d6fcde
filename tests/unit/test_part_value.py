"""A value of one part of a line not given to a name only another part writes
(app/domain/part_value.py): "edge-fra-2 had a hit ratio of 71.4%" of "CDN stats: hit ratio 71.4%,
egress 2.6 Gbps; edge-fra-2 error share 3.2%" is not traced; each value with its own part's name,
or a name of the header the parts share, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-01T10:18:00Z cdn stats: hit ratio 71.4%, egress 2.6 Gbps; edge-fra-2 error share 3.2%",
    "2026-09-01T10:20:00Z mq-cluster-3: queue depth 48200 messages; consumer bill-worker-4 lag 920 s"])
ZH = "\n".join([
    "2026-09-02 14:05:00 全网监控：命中率 63.8%，出口带宽 4.4 Gbps；节点 cn-sh-07 错误率 1.9%",
    "2026-09-02 14:07:00 存储监控 st-pool-1：写入延迟 35 ms；磁盘 disk-b12 利用率 97%"])

LIES = {  # claim, what must not be read as fact
    "en-network-value-to-node": ("edge-fra-2 had a hit ratio of 71.4% at 10:18", "71.4%"),
    "en-bandwidth-to-node": ("edge-fra-2 egress was 2.6 Gbps", "2.6 Gbps"),
    "en-depth-to-consumer": ("bill-worker-4 had a queue depth of 48200 messages", "48200"),
    "zh-network-value-to-node": ("14:05 cn-sh-07 出口带宽 4.4 Gbps", "4.4 Gbps"),
    "zh-hit-ratio-to-node": ("cn-sh-07 命中率 63.8%", "63.8%"),
    "zh-latency-to-disk": ("disk-b12 写入延迟 35 ms", "35 ms"),
}
HONEST = {
    "en-network-value": "At 10:18 the hit ratio was 71.4% and egress 2.6 Gbps",
    "en-node-value": "edge-fra-2 error share was 3.2% at 10:18",
    "en-each-with-its-part": "Hit ratio was 71.4%, edge-fra-2 error share 3.2%",
    "en-header-name": "mq-cluster-3 queue depth was 48200 messages",
    "zh-node-value": "14:05 cn-sh-07 错误率 1.9%",
    "zh-each-with-its-part": "14:05 命中率 63.8%，cn-sh-07 错误率 1.9%",
    "zh-header-name": "st-pool-1 写入延迟 35 ms",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_of_one_part_given_to_another_parts_name_is_not_traced = CASES.lies_untraced()
test_a_value_of_one_part_given_to_another_parts_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_value_with_its_own_parts_name_is_traced = CASES.honest_traced()
test_each_value_with_its_own_parts_name_is_a_confirmed_finding = CASES.honest_confirmed()
