"""An adverb that points back at one fact as what brought the next about ("…，Y 随之回落",
"…, and Y in turn dropped", "accordingly", "因而", "由此") joins two facts by a consequence, as
"so" and "从而" do (``provenance._CONSEQUENCE``): an observation joining two lines' facts so is
refused where no line gives the link. The same two facts joined by a comma or "and", or each told
alone, stay traced (an observation's trace: ``claimtrace.untraced_claim``; a root cause may give
the link). With the adverbs taken out of the pattern, the lies are traced."""

from __future__ import annotations

import pytest

from app.domain import claimtrace
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-02T08:10:00Z ops-log: m.ferreira raised pool size of pgbouncer pgb-3 from 200 to 400",
    "2026-10-02T07:55:00Z grafana: checkout-api p99 latency fell from 910 ms to 230 ms"])
ZH = "\n".join([
    "2026-10-03 15:20:00 运维日志：孙浩 把 kafka-cfg 从 k7 改为 k8",
    "2026-10-03 15:02:00 prometheus：orders-consumer 积压 回落至 1200 条"])

HONEST = {
    "en-comma": "m.ferreira raised the pool size of pgb-3 from 200 to 400, checkout-api p99 latency fell from 910 ms to 230 ms",
    "en-one": "m.ferreira raised the pool size of pgb-3 from 200 to 400",
    "zh-comma": "孙浩 把 kafka-cfg 从 k7 改为 k8，orders-consumer 积压回落至 1200 条",
    "zh-one": "orders-consumer 积压回落至 1200 条",
}
LIES = {
    "en-in-turn": ("m.ferreira raised the pool size of pgb-3 from 200 to 400, and checkout-api p99 latency in turn "
                   "fell from 910 ms to 230 ms", "in turn"),
    "en-accordingly": ("m.ferreira raised the pool size of pgb-3 from 200 to 400; accordingly checkout-api p99 "
                       "latency fell from 910 ms to 230 ms", "accordingly"),
    "en-consequence": ("m.ferreira raised the pool size of pgb-3 from 200 to 400, as a consequence checkout-api p99 "
                       "latency fell from 910 ms to 230 ms", "as a consequence"),
    "zh-along": ("孙浩 把 kafka-cfg 从 k7 改为 k8，orders-consumer 积压随之回落至 1200 条", "随之"),
    "zh-thereby": ("孙浩 把 kafka-cfg 从 k7 改为 k8，因而 orders-consumer 积压回落至 1200 条", "因而"),
    "zh-hence": ("孙浩 把 kafka-cfg 从 k7 改为 k8，由此 orders-consumer 积压回落至 1200 条", "由此"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)



@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_two_facts_joined_by_a_consequence_adverb_are_not_traced(text: str, needle: str) -> None:
    assert claimtrace.untraced_claim(text, "observation", CASES.log_of(text).splitlines()) is not None, needle


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_two_facts_side_by_side_are_traced_as_an_observation(text: str) -> None:
    assert claimtrace.untraced_claim(text, "observation", CASES.log_of(text).splitlines()) is None


test_two_facts_joined_by_a_consequence_adverb_are_not_read_as_fact = CASES.lies_not_read_as_fact()
test_two_facts_side_by_side_are_traced = CASES.honest_traced()
test_two_facts_side_by_side_are_findings = CASES.honest_confirmed()
