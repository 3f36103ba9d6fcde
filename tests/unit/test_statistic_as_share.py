"""A statistic of a set's values is not a share of the set (``app.domain.statistic_share``): "median
CPU across web-01..web-12 is 71.5%" retold as "71.5% of the hosts were above the threshold" (or
"71.5% 的主机") puts the median on another quantity. The median restated, and a share the line
itself gives as one, stay traced. With the rule off, the lies are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-15T02:30:00Z grafana web-tier: median CPU across web-01..web-12 is 71.5%; 4 of 12 hosts above 90% at "
    "least once",
    "2026-10-15T02:35:00Z grafana web-tier: 25% of the requests retried once"])
ZH = "\n".join([
    "2026-10-16 02:30:00 grafana：web-tier 各主机 CPU 中位数 71.5%，12 台中 4 台曾超过 90%",
    "2026-10-16 02:35:00 grafana：web-tier 25% 的请求重试了一次"])

LIES = {
    "en-of-the-hosts": ("At 02:30 71.5% of the hosts on web-tier were above the threshold", "71.5% of the hosts"),
    "en-of-hosts": ("71.5% of web-tier hosts ran CPU above 90%", "71.5% of web-tier"),
    "zh-de-zhuji": ("02:30 web-tier 71.5% 的主机 CPU 超过 90%", "71.5% 的主机"),
}
HONEST = {
    "en-median": "At 02:30 the median CPU across web-01..web-12 was 71.5%",
    "en-share": "25% of the requests on web-tier retried once",
    "zh-median": "02:30 web-tier 各主机 CPU 中位数为 71.5%",
    "zh-share": "web-tier 25% 的请求重试了一次",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_statistic_told_as_a_share_is_not_traced = CASES.lies_untraced()
test_a_statistic_told_as_a_share_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_statistic_or_a_share_as_written_is_traced = CASES.honest_traced()
test_a_statistic_or_a_share_as_written_is_a_finding = CASES.honest_confirmed()
