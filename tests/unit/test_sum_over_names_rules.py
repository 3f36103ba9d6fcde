"""A total of one thing over two names a claim lists (app/domain/steps.py ``_summed``; the form
"共失败 N 条", app/domain/derived.py ``_TOTAL``).

"07:53 前后 lx-1 和 lx-2 过去 60 秒共失败 9990 条" sums what two lines count of one thing, each line
naming one of the two: 5120 of lx-1 and 4870 of lx-2, both stamped at 07:53. A total the two
counts do not give, or one at a time neither line is stamped, stays the claim's own."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

ZH = "\n".join([
    "2026-10-03T07:53:05Z logstash lx-1: 写入 es-main 被拒绝 403，过去 60 秒失败 5120 条，持久化队列 2.3 GB",
    "2026-10-03T07:53:20Z logstash lx-2: 写入 es-main 被拒绝 403，过去 60 秒失败 4870 条，持久化队列 2.1 GB",
    "2026-10-03T08:10:00Z logstash lx-1: 写入恢复，过去 60 秒失败 0 条"])

LIES = {  # claim, what must not be read as fact
    "a-total-the-counts-do-not-give": ("07:53 前后 lx-1 和 lx-2 过去 60 秒共失败 9900 条", "9900 条"),
    "a-total-at-a-time-neither-line-is-stamped": ("08:10 lx-1 和 lx-2 过去 60 秒共失败 9990 条", "9990 条"),
}
HONEST = {
    "a-total-over-two-names": "07:53 前后 lx-1 和 lx-2 过去 60 秒共失败 9990 条",
}
CASES = RuleCases(by_language(ZH, ZH), LIES, HONEST)

test_a_total_the_counts_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_total_the_counts_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_total_over_two_names_is_traced = CASES.honest_traced()
test_a_total_over_two_names_is_a_confirmed_finding = CASES.honest_confirmed()
