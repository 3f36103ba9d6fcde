"""A count per item is a ratio of two counts (app/domain/derived.py, ``_per_item``): "about 700000
files per directory", "平均每个约 70 万个文件" give a count of the line the rest of the claim restates
over the count the claim names itself (its multiplier read: 70 万 is 700000). A count the numbers
do not give, or the right digits without their multiplier, stays refused; a count per time is a
rate, not read here. With the rule off, the honest claims are refused ("names '约 70 万个文件'")."""

from __future__ import annotations

from app.domain import derived
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-11T04:31:00Z ops-log: j.kim removed 8 stale directories under /var/tmp/rptx on rpt-03 "
      "(5600000 files in all) and 6 on rpt-04 (5100000 files)")
ZH = "2026-05-12 04:31:00 运维日志：孙浩 删除 rpt-03 上 /var/tmp/rptx/ 下 8 个遗留目录（共 560 万个文件），rpt-04 上 6 个（共 510 万个文件）"

HONEST = {
    "en-per": "j.kim removed 8 stale directories on rpt-03, about 700000 files per directory",
    "zh-each": "rpt-03 上 8 个遗留目录平均每个约 70 万个文件",
}
LIES = {
    "en-wrong": ("j.kim removed 8 stale directories on rpt-03, about 900000 files per directory", "900000"),
    "zh-wrong": ("rpt-03 上 8 个遗留目录平均每个约 80 万个文件", "80 万"),
    "zh-no-multiplier": ("rpt-03 上 8 个遗留目录平均每个约 70 个文件", "70 个"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_a_count_per_item_is_read_with_its_multiplier() -> None:
    [fig] = derived.figures("平均每个约 70 万个文件")
    assert (fig.written, fig.per, fig.factor) == ("70", "count", 10000)
    assert [f.per for f in derived.figures("6.9 errors per second")] == ["rate"]
    assert [f.per for f in derived.figures("过去 60 秒超时 1275 次，平均每秒约 21 次")] == ["rate"]
    assert derived.figures("The SDK retries 3 times per request") == []  # repeats, not things per item


test_a_count_per_item_the_line_gives_is_traced = CASES.honest_traced()
test_a_count_per_item_the_line_gives_is_confirmed = CASES.honest_confirmed()
test_a_count_per_item_the_numbers_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_count_per_item_the_numbers_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
