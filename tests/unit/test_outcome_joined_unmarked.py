"""A clause that keeps one term of its item and tells it in terms the item lacks
(app/domain/joined_outcome.py): "kafka-3 的磁盘 /data 使用率 100%，broker 进程退出" against "…
broker 无法写入日志段 …", "db-09 /data inode use hit 100%, postgres crashed" against "… postgres
could not create temp files …": an outcome no line gives, joined to a true event by a comma or
"and" and no causal word. With the rule off (``joined_outcome.told_apart`` returning False) every
lie here is traced; a clause telling its thing in its item's words keeps its verdict."""

from __future__ import annotations

from app.domain import joined_outcome
from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-11-05T08:40:00Z node-exporter db-09: /data inode use 100% (IFree 0), postgres could not create temp " \
     "files, pgbouncer kept serving"
ZH = "2026-11-05 09:10:00 kafka-3：磁盘 /data 使用率 100%，broker 无法写入日志段，zookeeper 会话正常"

LIES = {
    "en-comma": ("db-09 /data inode use hit 100%, postgres crashed", "postgres crashed"),
    "en-and": ("db-09 /data inode use was 100% and pgbouncer restarted", "pgbouncer restarted"),
    "zh-comma": ("kafka-3 的磁盘 /data 使用率 100%，broker 进程退出", "broker 进程退出"),
    "zh-passive": ("kafka-3 磁盘 /data 使用率达到 100%，zookeeper 被重启", "zookeeper 被重启"),
}
HONEST = {
    "en-comma": "db-09 /data inode use hit 100%, postgres could not create temp files",
    "en-while": "db-09 /data inode use was 100% while pgbouncer kept serving",
    "zh-comma": "kafka-3 的磁盘 /data 使用率 100%，broker 无法写入日志段",
    "zh-unchanged": "kafka-3 的磁盘 /data 使用率 100%，zookeeper 会话正常",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_an_outcome_in_no_word_of_its_item_is_not_traced = CASES.lies_untraced()
test_an_outcome_in_no_word_of_its_item_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_clause_in_its_items_words_is_traced = CASES.honest_traced()
test_a_clause_in_its_items_words_is_confirmed = CASES.honest_confirmed()


def test_a_clause_keeping_no_term_is_wording() -> None:
    assert not joined_outcome.told_apart("UP again", "web-04 marked DOWN; web-04 marked UP at 09:12:50")
    assert joined_outcome.told_apart("postgres crashed", EN)
