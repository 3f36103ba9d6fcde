"""A rate written as a count in every span of a time ("每 10 秒一次", "every 10 seconds": once per 10
s, ``app/domain/derived.py``, ``_EVERY``) said again per another time ("每 10 秒检查一次，即每分钟 6
次", "every 10 seconds, i.e. 6 times a minute"): the same rate, held where the line states the rate
its item writes; the word of apposition left once the figure is out says nothing
(``apposition.bare``). A rate the span does not give ("每分钟 10 次"), or one said without the rate
it is worked out from ("每分钟检查 6 次"), stays refused. With the rule off, the honest claims are
refused ("names '6 次'")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T15:03:55Z pay-gw 10.4.1.21 access log: GET /health/ready returned 404 to ELB-HealthChecker/2.0, "
    "every 10 seconds",
])
ZH = "\n".join([
    "2026-12-05 15:03:55 pay-gw 10.4.1.21 访问日志：GET /health/ready 返回 404，来自 ELB-HealthChecker/2.0，每 10 秒一次",
])

HONEST = {
    "en-per-minute": "ELB-HealthChecker/2.0 got 404 from GET /health/ready every 10 seconds, i.e. 6 times a minute",
    "zh-per-minute": "ELB-HealthChecker/2.0 每 10 秒一次 GET /health/ready，即每分钟 6 次",
}
LIES = {
    "en-wrong-rate": ("ELB-HealthChecker/2.0 got 404 from GET /health/ready every 10 seconds, i.e. 10 times a minute",
                      "10 times a minute"),
    "en-no-span": ("ELB-HealthChecker/2.0 got 404 from GET /health/ready 6 times a minute", "6 times a minute"),
    "zh-wrong-rate": ("ELB-HealthChecker/2.0 每 10 秒一次 GET /health/ready，即每分钟 10 次", "10 次"),
    "zh-no-span": ("ELB-HealthChecker/2.0 每分钟 GET /health/ready 6 次", "6 次"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_rate_every_span_said_per_another_time_is_traced = CASES.honest_traced()
test_a_rate_every_span_said_per_another_time_is_a_finding = CASES.honest_confirmed()
test_a_rate_the_span_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_rate_the_span_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
