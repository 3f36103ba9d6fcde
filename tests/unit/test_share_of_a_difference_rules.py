"""A share of the difference a claim works out (app/domain/steps.py ``_worked``).

"从 2.3 GB 回落到 0.4 GB，减少了 1.9 GB，约 83%": the 1.9 GB is the difference of the two values
the claim names and its line holds, and the 83% is that difference's share of the first. A share
no two such numbers give, or a difference they do not give, stays the claim's own."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

ZH = "2026-10-03T08:24:10Z logstash lx-1: 写入恢复，持久化队列从 2.3 GB 回落到 0.4 GB，过去 60 秒失败 0 条"
EN = "2026-10-03T08:24:10Z logstash lx-1: writes resumed, persistent queue fell from 2.3 GB to 0.4 GB"

LIES = {  # claim, what must not be read as fact
    "zh-a-share-the-numbers-do-not-give": ("lx-1 持久化队列从 2.3 GB 回落到 0.4 GB，减少了 1.9 GB，约 64%", "64%"),
    "zh-a-difference-the-numbers-do-not-give": ("lx-1 持久化队列从 2.3 GB 回落到 0.4 GB，减少了 1.5 GB，约 65%",
                                                "1.5 GB"),
}
HONEST = {
    "zh-a-share-of-the-difference": "lx-1 持久化队列从 2.3 GB 回落到 0.4 GB，减少了 1.9 GB，约 83%",
    "en-a-share-of-the-difference": "lx-1's persistent queue fell from 2.3 GB to 0.4 GB, a drop of 1.9 GB, about 83%",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_share_the_numbers_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_share_the_numbers_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_share_of_a_worked_difference_is_traced = CASES.honest_traced()
test_a_share_of_a_worked_difference_is_a_confirmed_finding = CASES.honest_confirmed()
