"""An interval in Chinese number words (app/domain/chronology.py, ``_numeral``, ``_SAID_BEFORE``):
"MongoReplicationLag 晚两分钟，10:36:00 恢复" gives the two minutes between two times of its line,
as "晚 2 分钟" does; 晚 / 早 before it say it is an interval. With the rule off the honest claim is
refused; an interval the times do not give stays refused."""

from __future__ import annotations

from app.domain import chronology
from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-05-11T10:34:00Z alertmanager: OrderWriteErrors resolved; 10:36:00 ReplicationLag resolved"
ZH = "2026-05-12 10:34:00 告警 OrderWriteErrors 恢复；10:36:00 告警 ReplicationLag 恢复"

HONEST = {
    "en-words": "OrderWriteErrors resolved at 10:34:00, and ReplicationLag resolved two minutes later, at 10:36:00",
    "zh-words": "告警 OrderWriteErrors 10:34:00 恢复，ReplicationLag 晚两分钟，10:36:00 恢复",
}
LIES = {
    "en-wrong": ("OrderWriteErrors resolved at 10:34:00, and ReplicationLag resolved five minutes later, at 10:36:00",
                 "five minutes"),
    "zh-wrong": ("告警 OrderWriteErrors 10:34:00 恢复，ReplicationLag 晚五分钟，10:36:00 恢复", "晚五分钟"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_a_chinese_number_word_of_a_duration_is_its_number() -> None:
    assert chronology.seconds("两分钟") == 120.0
    assert chronology.seconds("三分钟") == 180.0


test_an_interval_in_chinese_words_is_traced = CASES.honest_traced()
test_an_interval_in_chinese_words_is_confirmed = CASES.honest_confirmed()
test_an_interval_the_times_do_not_give_is_not_traced = CASES.lies_untraced()
test_an_interval_the_times_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
