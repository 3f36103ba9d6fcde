"""A thing said ended where its item says it stays, or said to stay where the item says it ended
(app/domain/persistence.py, its words of going on and of an end): "CHG-2210 ended the write freeze
on the other shards" of "…; the write freeze stays in force on the other shards", "其他分片的写冻结已结束"
of "其他分片维持写冻结" tell the other way round. With "stays"/"维持" and "ended"/"结束" out of the
two classes the lies are traced; the line said as its item says it keeps its verdict."""

from __future__ import annotations

from app.domain import persistence
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-23T11:40:00Z ops-log: m.ferreira opened change CHG-2210 to migrate shard-07; "
      "the write freeze stays in force on the other shards of ledger-db")
ZH = ("2026-11-23 11:40:00 ops-log：陈晨 提交变更 CHG-2210 迁移 shard-07；ledger-db 其他分片维持写冻结\n"
      "2026-11-23 11:55:00 ops-log：shard-03 的只读窗口已结束")

LIES = {
    "en-ended": ("CHG-2210 ended the write freeze on the other shards of ledger-db", "ended the write freeze"),
    "zh-ended": ("CHG-2210 之后 ledger-db 其他分片的写冻结已结束", "写冻结已结束"),
    "zh-stays": ("shard-03 的只读窗口仍在", "只读窗口仍在"),
}
HONEST = {
    "en-stays": "The write freeze stays in force on the other shards of ledger-db",
    "zh-stays": "ledger-db 其他分片维持写冻结",
    "zh-ended": "shard-03 的只读窗口已结束",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_an_end_told_of_what_stays_is_not_traced = CASES.lies_untraced()
test_an_end_told_of_what_stays_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_what_stays_told_as_it_stays_is_traced = CASES.honest_traced()
test_what_stays_told_as_it_stays_is_confirmed = CASES.honest_confirmed()


def test_stays_and_ended_are_of_their_classes() -> None:
    assert persistence.ends_what_goes_on("CHG-2210 ended the write freeze on the other shards", EN)
    assert not persistence.ends_what_goes_on("the write freeze stays in force on the other shards", EN)
