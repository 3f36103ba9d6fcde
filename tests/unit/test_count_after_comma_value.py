"""A comma after a digit begins a thousands group only before exactly three digits
(app/domain/specific.py ``_UNGROUPED``): in "回滚到 v2.30.4，4 台 envoy" (the Chinese comma read as
``,``) the count 4 台 is a number of its own, held by its line. The digits after a real thousands
separator ("共 1,342 台") are still no count of their own, and another count is not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T15:21:10Z ops-log: gw-edge rolled back to v2.30.4,4 envoys restarted\n"
      "2026-12-05T15:30:00Z inventory: fleet edge-pool holds 1,342 envoys")
ZH = ("2026-12-05 15:21:10 刘洋 把 gw-edge 回滚到 envoy-cfg v2.30.4，4 台 envoy 重启\n"
      "2026-12-05 15:30:00 资产：edge-pool 共 1,342 台 envoy")

LIES = {  # claim, what must not be read as fact
    "en-other-count": ("After the rollback to v2.30.4, 5 envoys restarted in gw-edge", "5 envoys"),
    "en-group-digits": ("At 15:30 edge-pool held 342 envoys", "342 envoys"),
    "zh-other-count": ("刘洋 回滚 gw-edge 后 5 台 envoy 重启", "5 台"),
    "zh-group-digits": ("15:30 edge-pool 共 342 台 envoy", "342 台"),
}
HONEST = {
    "en-count": "After the rollback to v2.30.4, 4 envoys restarted in gw-edge",
    "zh-count": "刘洋 回滚 gw-edge 后 4 台 envoy 重启",
    "zh-count-alone": "gw-edge 回滚到 v2.30.4 后，4 台 envoy 重启",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_not_written_is_not_traced = CASES.lies_untraced()
test_a_count_not_written_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_after_a_comma_and_a_value_is_traced = CASES.honest_traced()
test_a_count_after_a_comma_and_a_value_is_a_confirmed_finding = CASES.honest_confirmed()
