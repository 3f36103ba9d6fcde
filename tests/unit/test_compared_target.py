"""A difference told against a thing the claim names is the difference from that thing's value
(app/domain/compared_target.py, read in ``provenance.Items.figures``): "71%, 25 points lower than the
miss ratio" holds 25 only as 96 - 71, a pair of the line's other values; "212 GiB, 12 GiB more than
its quota" holds 12 only as 212 - 200, last week's value. A difference from the value the words
name, or from a value the line writes, stays traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T09:14:00Z redis: redis-cache-01 keyspace hit ratio 71%, miss ratio 29%, usual hit ratio 96%",
    "2026-03-02T09:15:00Z elastic: es-3 disk used 212 GiB, quota 250 GiB, last week 200 GiB"])
ZH = "\n".join([
    "2026-03-02 09:14:00 redis-cache-01：命中率 71%，未命中率 29%，平时命中率 96%",
    "2026-03-02 09:15:00 es-3：磁盘已用 212 GiB，配额 250 GiB，上周 200 GiB"])

LIES = {
    "en-points-other-pair": ("At 09:14 the hit ratio of redis-cache-01 fell to 71%, 25 points lower than the miss"
                             " ratio", "25 points lower"),
    "en-size-other-pair": ("At 09:15 es-3 used 212 GiB of disk, 12 GiB more than its quota", "12 GiB more"),
    "en-size-other-side": ("At 09:15 es-3 used 212 GiB of disk, 12 GiB less than its quota", "12 GiB less"),
    "zh-points-other-pair": ("09:14 redis-cache-01 命中率降到 71%，比未命中率低 25 个百分点", "25 个百分点"),
    "zh-size-other-pair": ("09:15 es-3 磁盘已用 212 GiB，比配额多 12 GiB", "12 GiB"),
}
HONEST = {
    "en-points-named": "At 09:14 the hit ratio of redis-cache-01 fell to 71%, 25 points lower than the usual hit ratio",
    "en-points-true": "At 09:14 the hit ratio of redis-cache-01 fell to 71%, 42 points higher than the miss ratio",
    "en-points-written": "At 09:14 the hit ratio of redis-cache-01 fell to 71%, 25 points lower than the usual 96%",
    "en-size-true": "At 09:15 es-3 used 212 GiB of disk, 38 GiB less than its quota",
    "en-size-last-week": "At 09:15 es-3 used 212 GiB of disk, 12 GiB more than last week",
    "zh-size-true": "09:15 es-3 磁盘已用 212 GiB，比配额少 38 GiB",
    "zh-size-last-week": "09:15 es-3 磁盘已用 212 GiB，比上周多 12 GiB",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_difference_from_another_pair_is_not_traced = CASES.lies_untraced()
test_a_difference_from_another_pair_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_difference_from_the_named_value_is_traced = CASES.honest_traced()
test_a_difference_from_the_named_value_is_confirmed = CASES.honest_confirmed()
