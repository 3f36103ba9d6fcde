"""Two changes compared the right way round (app/domain/comparison.py, ``changes_turned``):
"bt-worker-07 was stepped back by less than it had been stepped forward" writes no number, and each side restates a line
("stepped back by 412.603 seconds", "stepped forward by 412.581 seconds"); the comparison is the
line's own, and here the wrong way round. A line comparing the size of its line's change with
another line's is not traced where the sizes compare the other way; one comparing them as they
are is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-10T11:00:00Z chronyd app-node-3: system clock stepped forward by 2.418 seconds (source ntp-x)",
    "2026-03-10T11:20:00Z chronyd app-node-3: system clock stepped back by 2.401 seconds (source ntp-y)",
    "2026-03-10T11:30:00Z redis-q2: queue jobs grew by 5400 entries in 10 min",
    "2026-03-10T11:45:00Z redis-q2: queue jobs shrank by 6100 entries after workers scaled out"])
ZH = "\n".join([
    "2026-03-11 09:00:00 mq-bj-1：队列 pay.notify 积压增加了 3000 条",
    "2026-03-11 09:20:00 mq-bj-1：扩容消费者后队列 pay.notify 积压减少了 1200 条"])

LIES = {  # claim, what must not be read as fact
    "en-back-by-more-than-forward": ("app-node-3 was stepped back by more than it had been stepped forward",
                                     "by more than"),
    "en-shrank-by-less-than-it-grew": ("The redis-q2 queue jobs shrank by less than they had grown", "by less than"),
    "zh-decrease-more-than-increase": ("mq-bj-1 队列 pay.notify 积压减少的条数多于此前增加的条数", "多于此前增加"),
}
HONEST = {
    "en-back-by-less-than-forward": "app-node-3 was stepped back by less than it had been stepped forward",
    "en-shrank-by-more-than-it-grew": "The redis-q2 queue jobs shrank by more than they had grown",
    "en-sizes-as-written": "app-node-3 was stepped back by 2.401 seconds (source ntp-y)",
    "zh-sizes-as-written": "扩容消费者后 mq-bj-1 队列 pay.notify 积压减少了 1200 条",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_two_changes_compared_the_other_way_round_are_not_traced = CASES.lies_untraced()
test_two_changes_compared_the_other_way_round_are_not_read_as_fact = CASES.lies_not_read_as_fact()
test_two_changes_compared_as_they_are_are_traced = CASES.honest_traced()
test_two_changes_compared_as_they_are_are_a_confirmed_finding = CASES.honest_confirmed()
