"""A value one of several names holds is not said of the system they make up
(app/domain/unowned.py): "elasticsearch es-data-2: heap used 93%…; es-data-1 heap used 41%" gives 93%
to es-data-2, and "Elasticsearch heap used was 93%" drops the name that told the two nodes apart.
With the rule off it was traced: the item holds every token and word of it."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-02T11:00:00Z elasticsearch es-data-2: heap used 93%, GC pause p99 4.2 s; "
      "es-data-1 heap used 41%, GC pause p99 0.3 s")
ZH = "2026-05-02 11:00:00 elasticsearch es-data-2：堆使用率 93%，GC 停顿 p99 4.2 秒；es-data-1 堆使用率 41%，GC 停顿 p99 0.3 秒"
CASES = RuleCases(by_language(EN, ZH), {
    "en-heap-of-the-cluster": ("At 11:00 Elasticsearch heap used was 93%", "Elasticsearch heap used was 93%"),
    "en-pause-of-the-cluster": ("Elasticsearch GC pause p99 was 4.2 s at 11:00", "Elasticsearch GC pause p99 was 4.2"),
    "zh-heap-of-the-cluster": ("11:00 Elasticsearch 的堆使用率为 93%", "Elasticsearch 的堆使用率为 93%"),
    "zh-pause-of-the-cluster": ("11:00 Elasticsearch 的 GC 停顿 p99 为 4.2 秒", "Elasticsearch 的 GC 停顿 p99 为 4.2"),
}, {
    "en-heap": "At 11:00 es-data-2 heap used was 93%",
    "en-other-heap": "At 11:00 es-data-1 heap used was 41%",
    "zh-heap": "11:00 es-data-2 的堆使用率为 93%",
    "zh-pause": "11:00 es-data-2 的 GC 停顿 p99 为 4.2 秒",
})
test_a_value_of_one_name_said_of_the_system_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
