"""A change told in other words (app/domain/alignment.py ``_counted``, app/domain/direction.py): the
word after a number and its unit is no thing the number counts ("由 900 秒改为" / "从 900 秒改成了"
is wording, as "1200 条错误" / "1200 条消息" is not), and a change keeps its direction read through a
perfective 了 ("改成了") or a unit set off by a space ("900 s -> 300 s"). English and Chinese, on
logs of their own; the lies turn the change round, or give a count another counted thing."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-30T11:20:00Z ops-log: j.berg changed deploy-cfg to r12 (RETRY_TIMEOUT 900 s -> 300 s)",
    "2026-11-30T11:25:00Z queue-7: 1200 errors in 5 min"])
ZH = "\n".join([
    "2026-11-30 11:20:00 运维日志：孙丽 把 deploy-cfg 改为 r12（RETRY_TIMEOUT 由 900 秒改为 300 秒）",
    "2026-11-30 11:25:00 queue-7：5 分钟内 1200 条错误"])

LIES = {
    "change-turned": ("j.berg changed RETRY_TIMEOUT in r12 from 300 s to 900 s", "from 300 s to 900 s"),
    "count-of-another-thing": ("queue-7 had 1200 messages in 5 min", "1200 messages"),
    "zh-change-turned": ("孙丽 在 r12 中把 RETRY_TIMEOUT 从 300 秒改成了 900 秒", "从 300 秒改成了 900 秒"),
    "zh-count-of-another-thing": ("queue-7 5 分钟内 1200 条消息", "1200 条消息"),
}
HONEST = {
    "change-in-other-words": "j.berg changed RETRY_TIMEOUT in r12 from 900 s to 300 s",
    "zh-change-in-other-words": "孙丽 在 r12 中把 RETRY_TIMEOUT 从 900 秒改成了 300 秒",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_change_turned_or_a_count_moved_is_not_traced = CASES.lies_untraced()
test_a_change_turned_or_a_count_moved_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_change_in_other_words_after_its_unit_is_traced = CASES.honest_traced()
test_a_change_in_other_words_after_its_unit_is_confirmed = CASES.honest_confirmed()
