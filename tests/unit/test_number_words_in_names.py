"""A number written as a word is held only by a count the material writes alone, never by the digits
of a name or a time ("nine" is not in db-9, r19 or 04:09): units.held_value."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

LOG_EN = ("2026-12-06T04:09:00Z db-9 (rack r19) pgbouncer: 3 clients waiting, pool app full\n"
          "2026-12-06T04:12:31Z db-9 backup: 7 of 12 chunks uploaded")
LOG_ZH = ("2026-12-06T04:09:00Z db-9（机架 r19）pgbouncer：3 个客户端等待，连接池 app 已满\n"
          "2026-12-06T04:12:31Z db-9 备份：12 个分块中 7 个已上传")
LIES = {
    "digit-of-a-host-en": ("Nine clients were waiting on db-9", "Nine"),
    "digits-of-a-rack-en": ("Nineteen clients were waiting in pool app", "Nineteen"),
    "digits-of-a-time-en": ("Thirty-one chunks were uploaded by the db-9 backup", "Thirty-one"),
    "digit-of-a-host-zh": ("db-9 有九个客户端等待", "九个"),
    "digits-of-a-rack-zh": ("连接池 app 已满，十九个客户端等待", "十九"),
}
HONEST = {
    "count-en": "Three clients were waiting on db-9",
    "count-of-count-en": "Seven of twelve chunks were uploaded by the db-9 backup",
    "count-zh": "db-9 备份有七个分块已上传",
}
CASES = RuleCases(by_language(LOG_EN, LOG_ZH), LIES, HONEST)

test_a_number_word_held_only_in_a_name_or_time_is_not_traced = CASES.lies_untraced()
test_a_number_word_held_only_in_a_name_or_time_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_number_word_of_a_count_the_line_writes_is_traced = CASES.honest_traced()
test_a_number_word_of_a_count_the_line_writes_is_confirmed = CASES.honest_confirmed()
