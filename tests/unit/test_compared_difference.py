"""A comparison the values it compares contradict, told in one line's words
(app/domain/compared_difference.py, app/domain/comparison.py): "es-3 used 212 GiB, 12 GiB less than
the 200 GiB quota" tells a true difference (212 - 200) the wrong way round; "40 minutes, which
exceeded the max_hints_window of 3h" compares two values its line holds the other way round from
their numbers, and is refused though an item holds it whole. English and Chinese (低于, 超出, 不足,
比 … 低); the same differences and bounds told the right way round are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-01T10:00:00Z node-exporter es-3: /data used 212 GiB, quota 200 GiB\n"
      "2026-05-01T10:00:00Z node-exporter es-4: /data used 188 GiB, quota 200 GiB\n"
      "2026-05-01T10:05:00Z cassandra c-2: 40 minutes since the last hint, max_hints_window 3h")
ZH = ("2026-05-01 10:00:00 node-exporter es-3：/data 已用 212 GiB，配额 200 GiB\n"
      "2026-05-01 10:00:00 node-exporter es-4：/data 已用 188 GiB，配额 200 GiB\n"
      "2026-05-01 10:05:00 cassandra c-2：距上次 hint 40 分钟，max_hints_window 3h")

LIES = {  # claim, what must not be read as fact
    "en-less-than": ("es-3 used 212 GiB on /data, 12 GiB less than the 200 GiB quota", "12 GiB less"),
    "en-below": ("es-3 used 212 GiB on /data, 12 GiB below the 200 GiB quota", "12 GiB below"),
    "en-more-than": ("es-4 used 188 GiB on /data, 12 GiB more than the 200 GiB quota", "12 GiB more"),
    "en-above": ("es-4 used 188 GiB on /data, 12 GiB above the 200 GiB quota", "12 GiB above"),
    "en-exceeded": ("c-2 was 40 minutes since the last hint, which exceeded the max_hints_window of 3h",
                    "which exceeded"),
    "en-above-bound": ("The 40 minutes since the last hint on c-2 were above the max_hints_window of 3h", "were above"),
    "zh-bi-di": ("es-3 /data 已用 212 GiB，比 200 GiB 的配额低 12 GiB", "低 12 GiB"),
    "zh-diyu": ("es-3 /data 已用 212 GiB，低于配额 200 GiB 12 GiB", "低于配额"),
    "zh-chaochu": ("es-4 /data 已用 188 GiB，超出配额 200 GiB 12 GiB", "超出配额"),
    "zh-chaoguo-bound": ("c-2 距上次 hint 40 分钟，超过了 max_hints_window 3h", "超过了"),
}
HONEST = {
    "en-more-than": "es-3 used 212 GiB on /data, 12 GiB more than the 200 GiB quota",
    "en-less-than": "es-4 used 188 GiB on /data, 12 GiB less than the 200 GiB quota",
    "en-bound": "c-2 was 40 minutes since the last hint, below the max_hints_window of 3h",
    "zh-bi-gao": "es-3 /data 已用 212 GiB，比 200 GiB 的配额高 12 GiB",
    "zh-bi-di": "es-4 /data 已用 188 GiB，比 200 GiB 的配额低 12 GiB",
    "zh-bound": "c-2 距上次 hint 40 分钟，低于 max_hints_window 3h",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_comparison_its_values_contradict_is_not_traced = CASES.lies_untraced()
test_a_comparison_its_values_contradict_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_comparison_its_values_give_is_traced = CASES.honest_traced()
test_a_comparison_its_values_give_is_a_confirmed_finding = CASES.honest_confirmed()
