"""A rounding from one side (app/domain/units.py, ``_SIDED``): "just under 5%", "slightly above
5%", "略低于 5%" is a value rounding to the number at its last written place on the side it says,
held by such a value of its line ("4.8%" for "just under five percent"); a value on the other side,
or one rounding to another number, is not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T15:06:10Z nginx edge-b1: upstream shop-backend 502 rate 4.8% of 2300 req/s",
    "2026-12-05T15:07:00Z nginx edge-b2: upstream shop-backend 502 rate 5.3% of 1900 req/s"])
ZH = "\n".join([
    "2026-12-06 04:10:00 app pay-api：读请求超时率 4.8%，p99 读延迟 4.8 s",
    "2026-12-06 04:12:00 app shop-api：读请求超时率 5.3%"])

LIES = {  # claim, what must not be read as fact
    "en-under-a-value-above": ("edge-b2's 502 rate was just under 5% at 15:07:00", "just under 5%"),
    "en-over-a-value-below": ("edge-b1's 502 rate was just over five percent at 15:06:10", "just over five"),
    "en-under-another-number": ("edge-b1's 502 rate was just under 6% at 15:06:10", "just under 6%"),
    "zh-under-a-value-above": ("shop-api 的读请求超时率略低于 5%", "略低于 5%"),
    "zh-over-a-value-below": ("pay-api 的读请求超时率略高于 5%", "略高于 5%"),
}
HONEST = {
    "en-just-under-in-words": "edge-b1's 502 rate was just under five percent at 15:06:10",
    "en-slightly-above": "edge-b2's 502 rate was slightly above 5% at 15:07:00",
    "zh-slightly-below": "pay-api 的读请求超时率略低于 5%",
    "zh-slightly-above": "shop-api 的读请求超时率略高于 5%",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_rounding_from_the_wrong_side_is_not_traced = CASES.lies_untraced()
test_a_rounding_from_the_wrong_side_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_rounding_from_its_side_is_traced = CASES.honest_traced()
test_a_rounding_from_its_side_is_a_confirmed_finding = CASES.honest_confirmed()
