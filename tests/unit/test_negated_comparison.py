"""A negated comparison of two values (app/domain/comparison.py): "没有超出 max_hints_window 的 3h",
"did not exceed the 3h max_hints_window" says the first value is at most the second, held where the
numbers give that; "没有低于 3h" of 40 minutes, or the comparison without its negator, is the other
way round and refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T03:10:00Z ops-log: k.osei patched and restarted cass-b4, cass-b4 offline about 40 minutes",
    "2026-12-05T03:55:00Z cassandra cass-b1: hints 14.6 GB, max_hints_window 3h"])
ZH = "\n".join([
    "2026-12-05 03:10:00 运维日志：孙浩 对 cass-b4 打内核补丁并重启，cass-b4 下线约 40 分钟",
    "2026-12-05 03:55:00 cassandra cass-b1：hints 目录 14.6 GB，max_hints_window 3h"])

LIES = {  # claim, what must not be read as fact
    "en-not-less-than-a-larger": ("cass-b4 was offline about 40 minutes, not less than the max_hints_window of 3h",
                                  "not less than"),
    "en-exceeded-a-larger": ("cass-b4 was offline about 40 minutes, more than the max_hints_window of 3h",
                             "more than"),
    "zh-not-under-a-larger": ("cass-b4 下线约 40 分钟，没有低于 max_hints_window 的 3h", "没有低于"),
    "zh-over-a-larger": ("cass-b4 下线约 40 分钟，超出了 max_hints_window 的 3h", "超出了"),
}
HONEST = {
    "en-not-more-than": "cass-b4 was offline about 40 minutes, not more than the max_hints_window of 3h",
    "zh-not-over": "cass-b4 下线约 40 分钟，没有超出 max_hints_window 的 3h",
    "zh-never-over": "cass-b4 下线约 40 分钟，未超过 max_hints_window 的 3h",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_negated_comparison_the_numbers_turn_is_not_traced = CASES.lies_untraced()
test_a_negated_comparison_the_numbers_turn_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_negated_comparison_the_numbers_give_is_traced = CASES.honest_traced()
test_a_negated_comparison_the_numbers_give_is_a_confirmed_finding = CASES.honest_confirmed()
