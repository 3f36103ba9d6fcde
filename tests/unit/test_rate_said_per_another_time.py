"""A rate the line states may be said again per another time (app/domain/derived.py, ``rates``):
"每分钟被限流 41200 次，约合每秒 687 次", "41200 times per minute, about 687 times a second" is the
rate its item writes ("每分钟 41200 次", "41200 times per minute"), over the seconds of each time, to
the figure's precision.

With the rule off the honest claims are refused; a wrong conversion, a rate said per another time
without the conversion, or a converted rate whose item rate the line does not state stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-09-03T15:05:00Z envoy gw-edge-01: route tenant-blue-api rate limited 41200 times per minute, all answered 429"
ZH = "2026-09-03 15:05:00 envoy gw-edge-01：route tenant-blue-api 的 rate_limited 每分钟 41200 次，均返回 429"

HONEST = {
    "en-per-second": "On gw-edge-01 route tenant-blue-api was rate limited 41200 times per minute, "
                     "about 687 times a second",
    "zh-per-second": "gw-edge-01 上 tenant-blue-api 每分钟被限流 41200 次，约合每秒 687 次",
}
LIES = {
    "en-wrong": ("On gw-edge-01 route tenant-blue-api was rate limited 41200 times per minute, "
                 "about 412 times a second", "about 412"),
    "en-per-other-time": ("On gw-edge-01 route tenant-blue-api was rate limited 41200 times per second",
                          "41200 times per second"),
    "zh-wrong": ("gw-edge-01 上 tenant-blue-api 每分钟被限流 41200 次，约合每秒 412 次", "412 次"),
    "zh-unstated": ("gw-edge-01 上 tenant-blue-api 被限流，约每秒 687 次", "687 次"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_rate_said_per_another_time_is_traced = CASES.honest_traced()
test_a_rate_said_per_another_time_is_confirmed = CASES.honest_confirmed()
test_a_wrong_or_unstated_rate_is_not_traced = CASES.lies_untraced()
test_a_wrong_or_unstated_rate_is_not_read_as_fact = CASES.lies_not_read_as_fact()
