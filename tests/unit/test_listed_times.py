"""A list of times with no count is read once at each time too (app/domain/lists.py
``at_each_time``): a time in a clause dates the clause's event, so "prom-0 was OOMKilled at 10:41:17
and 11:04:30" is "… OOMKilled at 10:41:17" and "… at 11:04:30", the second the time of a manual
restart, not of a kill, and is refused; "prom-0 在 10:41:17 和 11:04:30 被重启" likewise (10:41:17 the
time of a kill, not of the restart). Both
times of the event stay traced, and two names with their two times ("respectively", 分别) are read
name by name as before."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language
from tests.unit.test_count_of_times import EN, ZH  # the same three lines: two kills, then a restart

LIES = {  # claim, what must not be read as fact
    "en-restart-as-kill": ("prom-0 was OOMKilled at 10:41:17 and 11:04:30", "11:04:30"),
    "en-three-times": ("prom-0 was OOMKilled at 10:41:17, 10:49:52 and 11:04:30", "11:04:30"),
    "en-at-each": ("prom-0 was OOMKilled at 10:41:17 and at 11:04:30", "11:04:30"),
    "zh-kill-as-restart": ("prom-0 在 10:41:17 和 11:04:30 被重启", "10:41:17"),
    "zh-kill-as-restart-bare": ("prom-0 于 10:41:17 和 11:04:30 重启", "10:41:17"),
    "zh-kills-as-restarts": ("prom-0 在 10:49:52 和 11:04:30 被孙立重启", "10:49:52"),
}
HONEST = {
    "en-both": "prom-0 was OOMKilled at 10:41:17 and 10:49:52",
    "en-at-each": "prom-0 was OOMKilled at 10:41:17 and at 10:49:52",
    "zh-both": "prom-0 在 10:41:17 和 10:49:52 被 OOMKilled",
    "zh-both-listed": "prom-0 于 10:41:17、10:49:52 被 OOMKilled",
    "en-two-events-paired": "prom-0 was OOMKilled and restarted, at 10:49:52 and 11:04:30",
    "zh-two-events-paired": "prom-0 被 OOMKilled 和重启，在 10:49:52 和 11:04:30",
    "en-second-time-own-clause": "prom-0 was OOMKilled at 10:41:17, and at 11:04:30 s.li restarted prom-0",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_time_of_another_event_in_a_list_is_not_traced = CASES.lies_untraced()
test_a_time_of_another_event_in_a_list_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_times_of_one_event_listed_are_traced = CASES.honest_traced()
test_times_of_one_event_listed_are_a_confirmed_finding = CASES.honest_confirmed()
