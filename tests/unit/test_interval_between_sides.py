"""An interval between the two sides of a line's word of time order (app/domain/provenance.py,
``Items.intervals``; app/domain/chronology.py, ``without``): "acknowledged X 2 min 20 s after
being paged for it", "在 X 触发 4 分 20 秒后确认告警" give the time between two events, each side
an item's. The interval is worked out from the times of every item a side may be traced to (the
acknowledgement is its own line, though the alert's line also names who was paged), and a
duration cut out between two Chinese words leaves them joined ("触发后确认"), so its lone 后 reads
as "after" the event. With the rule off, the honest claims are refused ("names '20 s'"); a wrong
interval stays refused."""

from __future__ import annotations

from app.domain import chronology
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-11T08:14:00Z alertmanager: DiskFull firing for db-7, severity critical, paged on-call k.ito\n"
      "2026-05-11T08:16:20Z alertmanager: DiskFull acknowledged by k.ito")
ZH = ("2026-05-12 10:09:00 告警 LagHigh 触发：db-7 复制延迟 380 秒，级别 critical，通知值班 孙悦\n"
      "2026-05-12 10:13:20 孙悦 确认告警 LagHigh")

HONEST = {
    "en-after": "k.ito acknowledged DiskFull 2 min 20 s after being paged for it",
    "zh-after": "孙悦 在 LagHigh 触发 4 分 20 秒后确认告警",
    "zh-after-minutes": "孙悦 在告警 LagHigh 触发大约 4 分钟后确认",
}
LIES = {
    "en-wrong": ("k.ito acknowledged DiskFull 3 min 20 s after being paged for it", "3 min 20 s"),
    "zh-wrong": ("孙悦 在 LagHigh 触发 5 分 20 秒后确认告警", "5 分 20 秒"),
    "zh-unhedged": ("孙悦 在 LagHigh 触发 4 分钟后确认告警", "4 分钟后"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_a_duration_between_chinese_words_is_cut_out_with_its_spaces() -> None:
    assert chronology.without("孙悦 在 LagHigh 触发 4 分 20 秒后确认", "4 分 20 秒") == "孙悦 在 LagHigh 触发 之后 确认"
    assert chronology.without("告警 触发 4 分 20 秒 确认", "4 分 20 秒") == "告警 触发确认"
    assert chronology.without("acked 3 min 30 s later, at 03:11:30", "3 min 30 s") == "acked at 03:11:30"


test_an_interval_between_two_sides_is_traced = CASES.honest_traced()
test_an_interval_between_two_sides_is_confirmed = CASES.honest_confirmed()
test_an_interval_the_times_do_not_give_is_not_traced = CASES.lies_untraced()
test_an_interval_the_times_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
