"""Which statistic of a set a value is (median, mean, maximum, minimum; 中位数, 平均, 最大值, 最小值)
is a closed slot class (``app.domain.slots``, "statistic"): "the maximum request latency was
212 ms" of a line giving 212 ms as the median holds every token of its item, and only the word
tells it. A line giving the statistic its item gives, or none, stays traced; one giving the value
another statistic is refused. With the class matching nothing, the lies are traced."""

from __future__ import annotations

import pytest

from tests.unit.rule_cases import RuleCases, by_language, traced_without

EN = "\n".join([
    "2026-10-05T09:00:00Z grafana web-tier: median request latency across web-01..web-12 is 212 ms; "
    "3 of 12 hosts above 400 ms",
    "2026-10-05T09:05:00Z grafana web-tier: average CPU across web-01..web-12 is 61%"])
ZH = "\n".join([
    "2026-10-06 09:00:00 grafana：web-tier 各节点请求延迟中位数 212 ms，12 台中 3 台超过 400 ms",
    "2026-10-06 09:05:00 grafana：web-tier 各节点 CPU 平均值 61%"])

LIES = {
    "en-maximum": ("At 09:00 the maximum request latency on web-tier was 212 ms", "maximum request latency"),
    "en-mean": ("The mean request latency across web-01..web-12 was 212 ms", "mean request latency"),
    "en-max-cpu": ("The max CPU across web-01..web-12 was 61%", "max CPU"),
    "en-minimum": ("The minimum request latency on web-tier was 212 ms", "minimum request latency"),
    "zh-maximum": ("web-tier 各节点请求延迟最大值 212 ms", "最大值"),
    "zh-average": ("web-tier 请求延迟平均值为 212 ms", "平均值"),
    "zh-median-cpu": ("web-tier 各节点 CPU 中位数 61%", "中位数"),
}
HONEST = {
    "en-median": "At 09:00 the median request latency on web-tier was 212 ms",
    "en-average": "The average CPU across web-01..web-12 was 61%",
    "en-none": "Request latency on web-tier was 212 ms at 09:00",
    "zh-median": "web-tier 各节点请求延迟中位数为 212 ms",
    "zh-average": "web-tier 各节点 CPU 平均值为 61%",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_given_another_statistic_is_not_traced = CASES.lies_untraced()
test_a_value_given_another_statistic_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_with_its_own_statistic_is_traced = CASES.honest_traced()
test_a_value_with_its_own_statistic_is_a_finding = CASES.honest_confirmed()


def test_the_statistic_class_is_what_refuses_them(monkeypatch: pytest.MonkeyPatch) -> None:
    assert traced_without("statistic", [t for t, _ in LIES.values()], CASES.log_of, monkeypatch)
