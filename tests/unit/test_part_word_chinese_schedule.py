"""A word of one part of a line stays with that part's names, where the parts' shared words are
Chinese (``app.domain.part_state``): "孙浩 把 db-pay-02 的巡检周期改为每周六 02:00 …；同机柜 db-pay-03
的巡检周期仍定在 …，尚未调整" tells the change of one host and the other left as it was;
"db-pay-03 的巡检周期已改为每周六 02:00" gives the first part's change to the second part's host.
The Chinese words of a schedule (周期, 每周) are words of the event, not names both parts share; read
as names, they hid the crossing. The host with its own part's words stays traced. With them read
as names again, the Chinese lies are traced. (The English form is refused by the denial rules.)"""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-10-13T14:30:00Z ops-log: k.ito changed the patrol schedule of db-pay-02 to every Saturday 02:00 "
      "(cfg c4 -> c5); db-pay-03 in the same rack keeps its patrol schedule at 2026-10-20 09:00, not changed yet")
ZH = ("2026-10-13 14:30:00 运维日志：孙浩 把 db-pay-02 的巡检周期改为每周六 02:00（cfg c4 → c5）；"
      "同机柜 db-pay-03 的巡检周期仍定在 2026-10-20 09:00，尚未调整")

LIES = {
    "en-changed": ("The patrol schedule of db-pay-03 was changed to every Saturday 02:00", "db-pay-03 was changed"),
    "zh-changed": ("db-pay-03 的巡检周期已改为每周六 02:00", "db-pay-03 的巡检周期已改为"),
    "zh-changed-no-time": ("db-pay-03 的巡检周期改为每周六", "db-pay-03 的巡检周期改为"),
    "zh-by-agent": ("孙浩 把 db-pay-03 的巡检周期改为每周六 02:00", "db-pay-03 的巡检周期改为"),
}
HONEST = {
    "en-kept": "db-pay-03 keeps its patrol schedule at 2026-10-20 09:00",
    "zh-changed": "db-pay-02 的巡检周期已改为每周六 02:00",
    "zh-kept": "db-pay-03 的巡检周期仍定在 2026-10-20 09:00，尚未调整",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_change_of_one_part_given_to_another_part_is_not_traced = CASES.lies_untraced()
test_a_change_of_one_part_given_to_another_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_host_with_its_own_part_is_traced = CASES.honest_traced()
test_each_host_with_its_own_part_is_a_finding = CASES.honest_confirmed()
