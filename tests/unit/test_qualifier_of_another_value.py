"""A phrase holding two words its item gives two values is the later word's, the qualifier
(app/domain/anchored.py ``qualifier_moved``): "The normal p95 latency of api-gw was 2.3 s" of
"p95 latency 2.3 s (normal 120 ms)", "gw-9 平时的 p95 延迟为 2.3 s" of "p95 延迟 2.3 s（平时 120 ms）"
give the incident's value the usual value's word. With the rule off (``qualifier_moved``
returning None) the lies marked so are traced; each value in a clause of its own keeps its
verdict."""

from __future__ import annotations

from app.domain import anchored
from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-11-10T05:00:00Z grafana api-gw: p95 latency 2.3 s (normal 120 ms), error rate 7% (baseline 0.1%)"
ZH = "2026-11-10 05:10:00 网关 gw-9：p95 延迟 2.3 s（平时 120 ms），错误率 7%（基线 0.1%）"

LIES = {
    "en-normal-latency": ("The normal p95 latency of api-gw was 2.3 s", "normal p95 latency of api-gw was 2.3 s"),  # off: traced
    "en-baseline-rate": ("api-gw's baseline error rate was 7%", "baseline error rate was 7%"),
    "zh-normal-latency": ("gw-9 平时的 p95 延迟为 2.3 s", "平时的 p95 延迟为 2.3 s"),  # off: traced
    "zh-baseline-rate": ("gw-9 的基线错误率为 7%", "基线错误率为 7%"),
}
HONEST = {
    "en-against-normal": "The p95 latency of api-gw was 2.3 s against a normal 120 ms",
    "en-baseline-apart": "api-gw's error rate was 7%, its baseline 0.1%",
    "zh-normal-apart": "gw-9 的 p95 延迟为 2.3 s，平时为 120 ms",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_value_with_the_qualifier_of_another_is_not_traced = CASES.lies_untraced()
test_a_value_with_the_qualifier_of_another_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_value_in_its_own_clause_is_traced = CASES.honest_traced()
test_each_value_in_its_own_clause_is_confirmed = CASES.honest_confirmed()


def test_the_qualifier_is_named() -> None:
    assert anchored.qualifier_moved("gw-9 平时的 p95 延迟为 2.3 s", ZH) == "平时"
    assert anchored.qualifier_moved("gw-9 的 p95 延迟为 2.3 s", ZH) is None
