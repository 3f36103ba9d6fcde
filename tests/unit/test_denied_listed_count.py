"""A thing a list counts some of for a name is not denied of it (app/domain/listed_counts.py):
"cache-1 and cache-3 had no evictions" of "evictions in the last hour: cache-1 0, cache-2 42,
cache-3 5" is true of one name and false of the other. A denial of a listed name counted at none,
or a count restated, is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-05-02T11:00:00Z grafana: evictions in the last hour: cache-1 0, cache-2 42, cache-3 5 (one key)",
    "2026-05-02T11:02:00Z deploy: web-7 rolled out build 4411"])
ZH = "\n".join([
    "2026-05-02 11:00:00 grafana：过去 1 小时驱逐次数：cache-1 0，cache-2 42，cache-3 5（单个键）",
    "2026-05-02 11:02:00 发布：web-7 上线构建 4411"])

LIES = {  # claim, what must not be read as fact
    "en-denial-over-two-names": ("cache-1 and cache-3 had no evictions in the last hour", "had no evictions"),
    "en-denial-of-the-counted-name": ("cache-3 had no evictions in the last hour", "had no evictions"),
    "en-none-of-over-a-list": ("none of the evictions in the last hour were on cache-2 or cache-1",
                               "none of the evictions"),
    "zh-denial-over-two-names": ("cache-1 和 cache-3 过去 1 小时没有驱逐", "没有驱逐"),
    "zh-denial-of-the-counted-name": ("过去 1 小时 cache-2 无驱逐", "无驱逐"),
}
HONEST = {
    "en-denial-of-the-name-at-none": "cache-1 had no evictions in the last hour",
    "en-counts-restated": "in the last hour cache-2 had 42 evictions and cache-3 5",
    "zh-denial-of-the-name-at-none": "cache-1 过去 1 小时没有驱逐",
    "zh-counts-restated": "过去 1 小时驱逐次数 cache-2 为 42",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_thing_counted_for_a_name_denied_of_it_is_not_traced = CASES.lies_untraced()
test_a_thing_counted_for_a_name_denied_of_it_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_listed_count_restated_is_traced = CASES.honest_traced()
test_a_listed_count_restated_is_a_confirmed_finding = CASES.honest_confirmed()
