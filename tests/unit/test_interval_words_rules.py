"""The words that say a duration is an interval, and the comma that sets the event's time after it
(app/domain/chronology.py ``without``).

"17 minutes in all" is the interval between the two times the line joins, as "17 minutes later"
is; "acknowledged it 3 min 30 s later, at 03:11:30" gives the acknowledgement its time once the
interval is taken out, not a clause of a lone time. An interval the times do not give stays the
claim's own."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-03T05:00:00Z alertmanager: alert DiskLatencyHigh firing, severity critical, paged r.kim",
    "2026-10-03T05:04:15Z alertmanager: DiskLatencyHigh acknowledged by r.kim",
    "2026-10-03T05:20:00Z alertmanager: DiskLatencyHigh resolved"])

LIES = {  # claim, what must not be read as fact
    "interval-in-all-the-times-do-not-give": ("DiskLatencyHigh fired at 05:00 and resolved at 05:20, 25 minutes in all",
                                              "25 minutes"),
    "interval-later-the-times-do-not-give": ("The alert fired at 05:00:00 and r.kim acknowledged it 5 min 15 s later, "
                                             "at 05:04:15", "5 min 15 s"),
}
HONEST = {
    "interval-in-all": "DiskLatencyHigh fired at 05:00 and resolved at 05:20, 20 minutes in all",
    "interval-later-then-the-time": "The alert fired at 05:00:00 and r.kim acknowledged it 4 min 15 s later, at 05:04:15",
}
CASES = RuleCases(by_language(EN, EN), LIES, HONEST)

test_an_interval_the_times_do_not_give_is_not_traced = CASES.lies_untraced()
test_an_interval_the_times_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_interval_in_all_or_later_then_its_time_is_traced = CASES.honest_traced()
test_an_interval_in_all_or_later_then_its_time_is_a_confirmed_finding = CASES.honest_confirmed()
