"""A count per time worked out over a window written by its two ends (app/domain/clock_window.py,
used by ``steps.given``): "15:07 至 15:12 … 共返回 18420 次 503，平均每秒约 61 次" divides the
count by the five minutes the item gives it as "15:07 至 15:12"; "这 5 分钟里", the window said as a
duration, is its interval (``chronology.without`` takes its 这 and 里 out with it). Held only where
one item writes the same window: a window the item does not give its count ("15:07 至 15:17"), or a
rate the window does not give, is a number no item holds."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T15:07:30Z cloudwatch alb-pay-prod: HTTPCode_ELB_503_Count 18420 from 15:07 to 15:12",
    "2026-12-05T15:17:40Z alb tg-pay-gw: healthy targets 4/4"])
ZH = "\n".join([
    "2026-12-05 15:07:30 CloudWatch alb-pay-prod：15:07 至 15:12 HTTPCode_ELB_503_Count 共 18420 次",
    "2026-12-05 15:17:40 ALB：tg-pay-gw 健康目标数 4/4"])

LIES = {
    "en-other-rate": ("From 15:07 to 15:12 the alb-pay-prod 503 count was 18420, about 90 errors a second",
                      "about 90 errors a second"),
    "en-window-of-no-item": ("From 15:07 to 15:17 the alb-pay-prod 503 count was 18420, about 31 errors a second",
                             "about 31 errors a second"),
    "zh-other-rate": ("15:07 至 15:12 alb-pay-prod 共返回 18420 次 503，平均每秒约 70 次", "每秒约 70 次"),
    "zh-window-of-no-item": ("15:07 至 15:17 alb-pay-prod 共返回 18420 次 503，平均每秒约 31 次", "每秒约 31 次"),
    "zh-other-duration": ("15:07 至 15:12 这 6 分钟里 alb-pay-prod 共返回 18420 次 503", "这 6 分钟里"),
}
HONEST = {
    "en-rate-per-second": "From 15:07 to 15:12 the alb-pay-prod 503 count was 18420, about 61 errors a second",
    "en-rate-per-minute": "the alb-pay-prod 503 count was 18420 from 15:07 to 15:12, about 3684 errors a minute",
    "zh-rate-per-second": "15:07 至 15:12 alb-pay-prod 共返回 18420 次 503，平均每秒约 61 次",
    "zh-these-minutes": "15:07 至 15:12 这 5 分钟里 alb-pay-prod 共返回 18420 次 503，平均每秒约 61 次",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_rate_no_window_of_its_item_gives_is_not_traced = CASES.lies_untraced()
test_a_rate_no_window_of_its_item_gives_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_rate_over_the_window_its_item_gives_is_traced = CASES.honest_traced()
test_a_rate_over_the_window_its_item_gives_is_a_finding = CASES.honest_confirmed()
