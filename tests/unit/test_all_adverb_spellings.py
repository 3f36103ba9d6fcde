"""都 and 均 are one adverb of all in two spellings (app/domain/extent.py ``ZH_ALL``,
app/domain/specific.py ``_occurs``): "4 台 envoy 的 version_info 都是 v2.30.4" restates a line
saying "均为 v2.30.4". The adverb is still a word of extent: a line saying it of a set whose item
says neither (nor 均 inside another word: 平均, 均衡) is not traced. English says "all" alone."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T15:21:10Z ops-log: rolled gw-edge back to envoy-cfg v2.30.4, all 4 envoys report v2.30.4\n"
      "2026-12-05T15:05:00Z envoy summary: tenant-green-api average p99 latency 38 ms")
ZH = ("2026-12-05 15:21:10 刘洋 把 gw-edge 回滚到 envoy-cfg v2.30.4，4 台 envoy 的 version_info 均为 v2.30.4\n"
      "2026-12-05 15:05:00 envoy 汇总：tenant-green-api 的 p99 平均延迟 38 ms，负载均衡正常")

LIES = {  # claim, what must not be read as fact
    "en-all-unsaid": ("At 15:05 all tenant-green-api envoys had a p99 latency of 38 ms", "all tenant-green-api"),
    "zh-all-of-average": ("15:05 tenant-green-api 的 envoy 的 p99 延迟都是 38 ms", "延迟都是 38 ms"),
    "zh-all-of-balance": ("15:05 envoy 的 tenant-green-api 负载都正常", "负载都正常"),
}
HONEST = {
    "en-all": "After gw-edge was rolled back, all 4 envoys report v2.30.4",
    "zh-dou-of-jun": "刘洋 回滚后，4 台 envoy 的 version_info 都是 v2.30.4",
    "zh-jun": "刘洋 回滚后，4 台 envoy 的 version_info 均为 v2.30.4",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_adverb_of_all_no_item_says_is_not_traced = CASES.lies_untraced()
test_an_adverb_of_all_no_item_says_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_adverb_of_all_in_its_other_spelling_is_traced = CASES.honest_traced()
test_an_adverb_of_all_in_its_other_spelling_is_a_confirmed_finding = CASES.honest_confirmed()
