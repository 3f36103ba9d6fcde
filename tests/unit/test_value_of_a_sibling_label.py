"""A value stays with its name when the line names others of other forms (app/domain/binding.py,
``moved_value``): an item giving "p50 latency 41 ms, p95 180 ms, p99 620 ms" ties each value to its
percentile; a line naming the service and the host too ("checkout-api's p99 latency on web-3 was
41 ms") names one name alone of the percentiles' form, and gives it another's value. It is not
traced, nor read as fact with the offline engine or a trusting Verifier. Its honest twins give each
name its own value, or several names their values together."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T05:00:00Z checkout-api web-3: p50 latency 41 ms, p95 180 ms, p99 620 ms",
    "2026-12-06T05:02:00Z db-9 disks: nvme0n1 util 35%, nvme1n1 util 97%"])
ZH = "\n".join([
    "2026-12-06 05:00:00 checkout-api web-3 延迟：p50 41 ms，p95 180 ms，p99 620 ms",
    "2026-12-06 05:02:00 db-9 磁盘：nvme0n1 util 35%，nvme1n1 util 97%"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-p99-given-p50": ("checkout-api's p99 latency on web-3 was 41 ms", "p99 latency on web-3 was 41 ms"),
    "en-p95-given-p99": ("On web-3 the p95 latency of checkout-api was 620 ms", "p95 latency of checkout-api was 620 ms"),
    "en-disk-given-other": ("db-9's nvme1n1 util was 35%", "nvme1n1 util was 35%"),
    "zh-p99-given-p50": ("web-3 上 checkout-api 的 p99 延迟为 41 ms", "p99 延迟为 41 ms"),
    "zh-p50-given-p99": ("checkout-api 在 web-3 上 p50 延迟 620 ms", "p50 延迟 620 ms"),
    "zh-disk-given-other": ("db-9 的 nvme1n1 util 35%", "nvme1n1 util 35%"),
}, {
    "en-p99": "checkout-api's p99 latency on web-3 was 620 ms",
    "en-both": "On web-3, checkout-api's p50 latency was 41 ms and its p99 620 ms",
    "en-disk": "db-9's nvme1n1 util was 97%",
    "zh-p99": "web-3 上 checkout-api 的 p99 延迟为 620 ms",
    "zh-both-disks": "db-9 的 nvme0n1 util 35%，nvme1n1 util 97%",
})
test_a_value_given_a_sibling_label_is_not_traced = CASES.lies_untraced()
test_a_value_given_a_sibling_label_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_label_with_its_own_value_is_traced = CASES.honest_traced()
test_each_label_with_its_own_value_is_a_confirmed_finding = CASES.honest_confirmed()
