"""A count said to be the whole (app/domain/whole.py) and a duration its line writes in parts
(app/domain/units.py, ``durations_in_parts``): "all 38 partitions" restates "38 of 38 partitions
uploaded", "所有 24 个分片" restates "24/24 个分片"; "in 400 seconds" restates "in 6 min 40 s". The
nearest lies stay refused: "all" of a count the line gives as a part ("12 of 38"), of another run's
whole, a duration rounded past its smallest part ("7 min") or another value. With either rule
off, the honest claims are refused ("all" and "所有" are words of extent no line says; 400 s is a
value no line writes)."""

from __future__ import annotations

import pytest

from app.domain import specific, whole
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-14T02:10:00Z airflow: DAG ledger_sync run 1 uploaded 12 of 38 partitions, then failed",
    "2026-09-14T02:40:00Z airflow: DAG ledger_sync re-run by k.osei on worker wk-2: 38 of 38 partitions uploaded "
    "in 6 min 40 s"])
ZH = "\n".join([
    "2026-09-15 04:10:00 运维日志：索引 orders-v7 重建第一次失败，分片 9/24 个完成",
    "2026-09-15 04:40:00 运维日志：陈刚 重跑索引 orders-v7 重建，分片 24/24 个完成，用时 3 分钟 20 秒"])

HONEST = {
    "en-all-digits": "The ledger_sync re-run on wk-2 uploaded all 38 partitions",
    "en-all-words": "The 02:40 re-run of ledger_sync uploaded all thirty-eight partitions",
    "en-seconds": "The ledger_sync re-run uploaded all 38 partitions in 400 seconds",
    "zh-all": "陈刚 重跑索引 orders-v7 重建，所有 24 个分片完成",
    "zh-all-timed": "04:40 陈刚 重跑 orders-v7 重建，全部 24 个分片完成",
    "zh-seconds": "陈刚 重跑索引 orders-v7 重建，用时 200 秒",
}
LIES = {
    "en-part-as-whole": ("The 02:10 run 1 of ledger_sync uploaded all 38 partitions", "all 38"),
    "en-rounded-past-its-part": ("The ledger_sync re-run uploaded 38 of 38 partitions in 7 min", "7 min"),
    "en-another-duration": ("The ledger_sync re-run uploaded 38 of 38 partitions in 410 seconds", "410 seconds"),
    "zh-part-as-whole": ("04:10 orders-v7 重建第一次失败，所有 24 个分片完成", "所有 24 个"),
    "zh-another-duration": ("陈刚 重跑索引 orders-v7 重建，用时 210 秒", "210 秒"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_said_as_the_whole_of_n_of_n_is_traced = CASES.honest_traced()
test_a_part_said_as_the_whole_is_not_traced = CASES.lies_untraced()
test_a_whole_count_is_a_finding = CASES.honest_confirmed()
test_a_part_said_as_the_whole_is_not_read_as_fact = CASES.lies_not_read_as_fact()


@pytest.mark.parametrize(("token", "held"), [
    ("400 seconds", True), ("400 s", True), ("6.67 min", True), ("7 min", False), ("401 s", False)])
def test_a_duration_in_parts_holds_its_sum_to_its_smallest_part(token: str, held: bool) -> None:
    assert specific.occurs(token, specific.prepared("uploaded in 6 min 40 s")) is held


@pytest.mark.parametrize(("line", "n"), [
    ("uploaded all 38 partitions", 38), ("uploaded all of the thirty-eight partitions", 38), ("所有 24 个分片", 24)])
def test_a_quantifier_before_a_number_is_read(line: str, n: int) -> None:
    _, found = whole.without(line)
    assert [v for _, v in found] == [n]
