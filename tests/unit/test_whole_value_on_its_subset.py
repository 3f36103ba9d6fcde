"""A whole's value is not its subset's (app/domain/part_value.py): "prom-1：head series 升至 8.2M，其中
api_latency_seconds 占 6.0M" tells the whole's count, then, after 其中 ("of which"), one metric's
share of it. "api_latency_seconds 占了 8.2M 个 series" gives the whole's value to the subset's
name. A count written with its scale (8.2M, 340k) is a value as a bare count is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-22T09:30:00Z prometheus prom-1: head series rose to 8.2M, of which api_latency_seconds 6.0M; "
      "memory 13.1GiB\n"
      "2026-11-22T09:40:00Z redis cache-3: keys 340k, of which tenant-a 120k")
ZH = ("2026-11-22 09:30:00 prometheus prom-1：head series 升至 8.2M，其中 api_latency_seconds 占 6.0M，内存 13.1GiB\n"
      "2026-11-22 09:40:00 redis cache-3：keys 340k，其中 tenant-a 占 120k")

LIES = {  # claim, what must not be read as fact
    "en-whole-on-subset": ("At 09:30 api_latency_seconds had 8.2M series", "api_latency_seconds had 8.2M"),
    "en-keys-on-pattern": ("At 09:40 tenant-a held 340k keys on cache-3", "tenant-a held 340k"),
    "zh-whole-on-subset": ("09:30 时 api_latency_seconds 占了 8.2M 个 series", "占了 8.2M"),
    "zh-keys-on-pattern": ("09:40 cache-3 上 tenant-a 占 340k 个 key", "tenant-a 占 340k"),
}
HONEST = {
    "en-subset": "At 09:30 api_latency_seconds had 6.0M of prom-1's series",
    "en-whole": "At 09:30 prom-1's head series rose to 8.2M",
    "en-both": "At 09:30 prom-1 had 8.2M head series, 6.0M of them api_latency_seconds",
    "zh-subset": "09:30 时 api_latency_seconds 占了 6.0M 个 series",
    "zh-both": "09:30 的 8.2M 个 head series 里有 6.0M 属于 api_latency_seconds",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_whole_s_value_on_its_subset_is_not_traced = CASES.lies_untraced()
test_a_whole_s_value_on_its_subset_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_its_own_value_is_traced = CASES.honest_traced()
test_each_its_own_value_is_a_confirmed_finding = CASES.honest_confirmed()
