"""An approximator after a time or a number is the value's hedge, in no name's place
(app/domain/alignment.py ``_approximates``, app/domain/units.py ``HEDGE_AFTER``).

"07:53 前后 lx-1 过去 60 秒失败 5120 条" restates "07:53:05Z logstash lx-1: … 过去 60 秒失败 5120 条":
前后 ("around") hedges the time, and is not a word put where the line's writer stands. A word of
its own in that place, or a count the line does not write, stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

ZH = "\n".join([
    "2026-10-03T07:53:05Z logstash lx-1: 写入 es-main 被拒绝 403，过去 60 秒失败 5120 条，持久化队列 2.3 GB",
    "2026-10-03T07:53:20Z logstash lx-2: 写入 es-main 被拒绝 403，过去 60 秒失败 4870 条，持久化队列 2.1 GB"])

LIES = {  # claim, what must not be read as fact
    "a-writer-of-its-own-after-the-time": ("07:53 filebeat lx-1 过去 60 秒失败 5120 条", "filebeat"),
    "a-count-the-line-does-not-write": ("07:53 前后 lx-1 过去 60 秒失败 5210 条", "5210 条"),
}
HONEST = {
    "a-hedge-after-the-time": "07:53 前后 lx-1 过去 60 秒失败 5120 条",
    "a-hedge-after-the-time-two-lines": "07:53 左右 lx-1 过去 60 秒失败 5120 条，lx-2 失败 4870 条",
}
CASES = RuleCases(by_language(ZH, ZH), LIES, HONEST)

test_a_word_in_the_writers_place_is_not_traced = CASES.lies_untraced()
test_a_word_in_the_writers_place_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_hedge_after_a_time_is_traced = CASES.honest_traced()
test_a_hedge_after_a_time_is_a_confirmed_finding = CASES.honest_confirmed()
