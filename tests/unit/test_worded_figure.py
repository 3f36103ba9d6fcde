"""A multiple or fraction in common words that the values it relates do not give is not traced
(app/domain/worded_figure.py, a veto of ``provenance.Items._vetoed``): "两倍", "一半", "half of" name
no specific token, so where the line's own values say another ratio ("26000，约为平时 9600 的两倍",
2.7) the figure read as fact. A true multiple in words, hedged ("about twice") or not, stays traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T09:12:04Z redis: redis-cache-01 connections 26000 (usual 9600)",
    "2026-03-02T09:14:30Z gateway: api-gw-02 p99 latency 1900 ms (baseline 950 ms)",
    "2026-03-02T09:16:10Z queue: worker-pool-3 depth 5100 (usual 1700)"])
ZH = "\n".join([
    "2026-03-02 09:12:04 redis-cache-01：连接数 26000（平时 9600）",
    "2026-03-02 09:14:30 api-gw-02：p99 延迟 1900 ms（基线 950 ms）",
    "2026-03-02 09:16:10 worker-pool-3：队列深度 5100（平时 1700）"])

LIES = {
    "en-half-of": ("The usual 9600 connections of redis-cache-01 were half of the 26000 it had at 09:12",
                   "half of the 26000"),
    "en-half-the": ("worker-pool-3's usual depth of 1700 was half the 5100 it reached at 09:16", "half the 5100"),
    "zh-twice-hedged": ("09:12:04 redis-cache-01 连接数 26000，约为平时 9600 的两倍", "两倍"),
    "zh-twice": ("09:12:04 redis-cache-01 连接数 26000，为平时 9600 的两倍", "两倍"),
    "zh-thrice": ("09:14:30 api-gw-02 p99 延迟 1900 ms，是基线 950 ms 的三倍", "三倍"),
    "zh-half": ("09:16:10 worker-pool-3 平时队列深度 1700，只是 5100 的一半", "一半"),
}
HONEST = {
    "en-about-twice": "At 09:14:30 api-gw-02 p99 latency was 1900 ms, about twice its 950 ms baseline",
    "en-twice": "At 09:14:30 api-gw-02 p99 latency was 1900 ms, twice its 950 ms baseline",
    "en-three-times": "At 09:16:10 worker-pool-3 depth was 5100, three times its usual 1700",
    "en-nearly-three": "At 09:12:04 redis-cache-01 had 26000 connections, nearly three times its usual 9600",
    "zh-twice": "09:14:30 api-gw-02 p99 延迟 1900 ms，约为基线 950 ms 的两倍",
    "zh-thrice": "09:16:10 worker-pool-3 队列深度 5100，是平时 1700 的三倍",
    "zh-nearly-thrice": "09:12:04 redis-cache-01 连接数 26000，约为平时 9600 的三倍",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_multiple_in_words_its_values_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_multiple_in_words_its_values_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_true_multiple_in_words_is_traced = CASES.honest_traced()
test_a_true_multiple_in_words_is_confirmed = CASES.honest_confirmed()
