"""A comparison joins two clauses, each traced to its own line (app/domain/provenance.py
``_CLAUSE``: "against", "versus", "vs").

"sdb util was 99.6% on cp-a2 against 5.3% on cp-a1 and 6.0% on cp-a3" sets values of three lines
side by side: each clause restates its own line. A value put on the other host of the comparison
stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-03T03:02:40Z node-exporter cp-a2: disk sdb write await 412 ms, util 99.6%",
    "2026-10-03T03:02:40Z node-exporter cp-a1: disk sdb write await 0.9 ms, util 5.3%; cp-a3: disk sdb write await "
    "1.2 ms, util 6.0%"])

LIES = {  # claim, what must not be read as fact
    "values-put-on-the-other-host": ("At 03:02:40 sdb util was 5.3% on cp-a2 against 99.6% on cp-a1",
                                     "5.3% on cp-a2"),
    "a-value-no-line-holds": ("At 03:02:40 sdb util was 99.6% on cp-a2 versus 7.5% on cp-a1", "7.5%"),
}
HONEST = {
    "three-hosts-side-by-side": "At 03:02:40 sdb util was 99.6% on cp-a2 against 5.3% on cp-a1 and 6.0% on cp-a3",
    "two-hosts-versus": "At 03:02:40 sdb write await was 412 ms on cp-a2 versus 0.9 ms on cp-a1",
}
CASES = RuleCases(by_language(EN, EN), LIES, HONEST)

test_a_value_put_on_the_other_side_is_not_traced = CASES.lies_untraced()
test_a_value_put_on_the_other_side_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_values_side_by_side_are_traced = CASES.honest_traced()
test_values_side_by_side_are_a_confirmed_finding = CASES.honest_confirmed()
