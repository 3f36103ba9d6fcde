"""A time stays with the part of its line that it dates (app/domain/dated_parts.py): a line telling
two events, each in a part with its own time ("DiskPressure resolved …; 03:14:00 QueueDepthHigh
resolved …", "…；03:36:00 j.park 重启 cache-node-4"), is not restated by a line giving the name of
one part the time of the other: every token and most words are the item's, yet the event is dated
at another event's time. Such a line is not traced, nor read as fact with the offline engine or a
trusting Verifier. Its honest twins give each name the time of its own part, both together, or a
time to the precision written."""

from __future__ import annotations

from app.domain import dated_parts
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T03:10:00Z alertmanager: DiskPressure resolved for stor-4; 03:14:00 QueueDepthHigh resolved for mq-2",
    "2026-12-06T03:20:00Z cron: nightly-export on etl-3 finished at 03:18:40, cleanup-task on etl-5 started at 03:19:05",
    "2026-12-06T03:30:00Z ops-log: k.ito restarted cache-node-2; 03:36:00 j.park restarted cache-node-4"])
ZH = "\n".join([
    "2026-12-06 03:10:00 告警 DiskPressure 恢复（stor-4）；03:14:00 告警 QueueDepthHigh 恢复（mq-2）",
    "2026-12-06 03:20:00 定时任务：etl-3 上 nightly-export 03:18:40 完成，etl-5 上 cleanup-task 03:19:05 开始",
    "2026-12-06 03:30:00 运维日志：k.ito 重启 cache-node-2；03:36:00 j.park 重启 cache-node-4"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-second-alert-at-first-time": ("QueueDepthHigh resolved for mq-2 at 03:10", "QueueDepthHigh resolved for mq-2 at 03:10"),
    "en-first-alert-at-second-time": ("DiskPressure resolved for stor-4 at 03:14:00", "stor-4 at 03:14:00"),
    "en-job-at-other-job-time": ("cleanup-task on etl-5 started at 03:18:40", "started at 03:18:40"),
    "en-other-way": ("nightly-export on etl-3 finished at 03:19:05", "finished at 03:19:05"),
    "en-actor-at-line-time": ("j.park restarted cache-node-4 at 03:30", "cache-node-4 at 03:30"),
    "zh-second-alert-at-first-time": ("告警 QueueDepthHigh 03:10:00 恢复", "QueueDepthHigh 03:10:00 恢复"),
    "zh-first-alert-at-second-time": ("告警 DiskPressure 03:14 恢复", "DiskPressure 03:14 恢复"),
    "zh-job-at-other-job-time": ("cleanup-task 03:18:40 开始", "cleanup-task 03:18:40 开始"),
    "zh-actor-at-line-time": ("j.park 03:30 重启了 cache-node-4", "j.park 03:30 重启了 cache-node-4"),
}, {
    "en-second-alert": "QueueDepthHigh resolved for mq-2 at 03:14",
    "en-first-alert": "DiskPressure resolved for stor-4 at 03:10",
    "en-job": "cleanup-task on etl-5 started at 03:19:05",
    "en-other-job": "nightly-export on etl-3 finished at 03:18:40",
    "en-actor": "j.park restarted cache-node-4 at 03:36",
    "zh-second-alert": "告警 QueueDepthHigh 03:14:00 恢复",
    "zh-both": "告警 DiskPressure 03:10 恢复，QueueDepthHigh 03:14 恢复",
    "zh-job": "etl-5 上 cleanup-task 03:19:05 开始",
    "zh-actor": "j.park 03:36 重启了 cache-node-4",
})
test_a_name_at_the_time_of_another_part_is_not_traced = CASES.lies_untraced()
test_a_name_at_the_time_of_another_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_name_at_its_own_time_is_traced = CASES.honest_traced()
test_each_name_at_its_own_time_is_a_confirmed_finding = CASES.honest_confirmed()


def test_an_item_of_one_time_has_no_dated_parts() -> None:
    assert not dated_parts.dated_parts("2026-12-06T03:10:00Z lb-1: 5xx 2%; lb-2: 5xx 0.1%")
    assert dated_parts.time_elsewhere("lb-2 5xx 2% at 03:10", "2026-12-06T03:10:00Z lb-1: 5xx 2%; lb-2: 5xx 0.1%") is None


def test_a_part_naming_nothing_goes_on_about_the_names_before_it() -> None:
    item = "ledger-0 heap never reached 50% in either reading (48% at 15:40, 40% at 16:40)"
    assert dated_parts.time_elsewhere("ledger-0 heap was 40% at 16:40", item) is None
