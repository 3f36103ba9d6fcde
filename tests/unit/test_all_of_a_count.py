"""A universal quantifier before a count says the count is the whole (app/domain/whole.py, read in
``provenance.Items.untraced``): "all 24 partitions" restates "24 of 24 partitions", "全部 24 个分区" restates
"分区 24/24", as an item writing the whole. The lies of the same shape stay refused: "all" before a
count the item writes as a part ("all 16 edge hosts" of "14 of the 16", "all 5 retries" of "3 of
5"), or before a count it writes with no whole at all."""

from __future__ import annotations

from app.domain import whole
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-04T06:00:00Z airflow: backfill of dag ledger_sync finished, 24 of 24 partitions loaded; 3 of 5 retries used",
    "2026-11-04T06:10:00Z deploy: r771 reached 14 of the 16 edge hosts",
    "2026-11-04T06:20:00Z airflow: ledger_sync found 38 stale partitions",
])
ZH = "\n".join([
    "2026-11-04 06:00:00 airflow：ledger_sync 回填完成，分区 24/24 已加载，重试 3/5",
    "2026-11-04 06:10:00 发布：r771 已推送到 16 台边缘主机中的 14 台",
    "2026-11-04 06:20:00 airflow：ledger_sync 发现 38 个过期分区",
])

HONEST = {
    "en-all-of-the-whole": "The ledger_sync backfill loaded all 24 partitions",
    "en-all-the": "ledger_sync finished with all the 24 partitions loaded",
    "zh-all-of-the-whole": "ledger_sync 回填已加载全部 24 个分区",
}
LIES = {
    "en-a-part-as-the-whole": ("r771 reached all 16 edge hosts", "all 16"),
    "en-a-part-of-retries": ("The ledger_sync backfill used all 5 retries", "all 5"),
    "en-no-whole-written": ("ledger_sync found all 38 stale partitions", "all 38"),
    "zh-a-part-as-the-whole": ("r771 已推送到全部 16 台边缘主机", "全部 16"),
    "zh-a-part-of-retries": ("ledger_sync 回填用完了全部 5 次重试", "全部 5"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_all_of_a_whole_count_is_traced = CASES.honest_traced()
test_all_of_a_whole_count_is_confirmed = CASES.honest_confirmed()
test_all_of_a_part_is_not_traced = CASES.lies_untraced()
test_all_of_a_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()


def test_all_before_a_count_is_read_with_it() -> None:
    assert whole.without("loaded all 24 partitions") == ("loaded 24 partitions", (("24", 24),))
    assert whole.counts("ledger_sync 回填已加载全部 24 个分区")  # after a Chinese character too
    assert whole.writes_whole(24, "分区 24/24 已加载") and not whole.writes_whole(16, "14 of the 16 hosts")
