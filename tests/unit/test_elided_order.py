"""Two events put in time order by their names alone, the predicate said once
(``app.domain.elided``): "wk-09 went UNHEALTHY before wk-03" says wk-03 went UNHEALTHY too, and
later; the bare side ("wk-03") is read with the other side's predicate, and the order is judged on
the two events' lines (one naming wk-03 later, a restart of both, no longer lets it pass). So is
"A 在 B 之前/之后 P". The order as the lines give it stays traced. With the rule off, the lies
are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-11T02:41:07Z yarn-rm: NodeManager wk-03 RUNNING -> UNHEALTHY (disk full)",
    "2026-10-11T02:43:52Z yarn-rm: NodeManager wk-09 RUNNING -> UNHEALTHY (disk full)",
    "2026-10-11T04:10:00Z ops-log: restarted NodeManagers wk-03 and wk-09"])
ZH = "\n".join([
    "2026-10-12 02:41:07 yarn-rm：NodeManager wk-03 由 RUNNING 变为 UNHEALTHY（磁盘满）",
    "2026-10-12 02:43:52 yarn-rm：NodeManager wk-09 由 RUNNING 变为 UNHEALTHY（磁盘满）",
    "2026-10-12 04:10:00 运维日志：重启 NodeManager wk-03 和 wk-09"])

LIES = {
    "en-before": ("wk-09 went UNHEALTHY before wk-03", "UNHEALTHY before wk-03"),
    "en-after": ("wk-03 went UNHEALTHY after wk-09", "UNHEALTHY after wk-09"),
    "zh-zhi-qian": ("wk-09 在 wk-03 之前变为 UNHEALTHY", "wk-09 在 wk-03 之前"),
    "zh-zhi-hou": ("wk-03 在 wk-09 之后变为 UNHEALTHY", "wk-03 在 wk-09 之后"),
}
HONEST = {
    "en-before": "wk-03 went UNHEALTHY before wk-09",
    "en-after": "wk-09 went UNHEALTHY after wk-03",
    "zh-zhi-qian": "wk-03 在 wk-09 之前变为 UNHEALTHY",
    "zh-zhi-hou": "wk-09 在 wk-03 之后变为 UNHEALTHY",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_order_of_names_with_one_predicate_turned_is_not_traced = CASES.lies_untraced()
test_an_order_of_names_with_one_predicate_turned_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_order_of_names_with_one_predicate_is_traced = CASES.honest_traced()
test_an_order_of_names_with_one_predicate_is_a_finding = CASES.honest_confirmed()
