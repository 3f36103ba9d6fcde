"""A side of a time-ordered line that says the first (or last) of its events (app/domain/chronology.py,
``meant``: "its first slow fdatasync", "the last retry", 首次, 最后一次) is about the earliest (or
latest) of the dated lines it may be traced to, not any of them. "X was elected before Y logged its
first slow fdatasync" is misordered when the first slow fdatasync is before the election, though a
later line ("no slow fdatasync warnings in last 2 min") also holds its words.

Each lie is not read as fact with the offline engine or a trusting Verifier; honest twins (the order the first and last events' times give)
are confirmed findings. With every traced line counted, the lies pass as findings."""

from __future__ import annotations

import pytest

from app.domain import chronology
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-04T03:02:14Z etcd cp-b (leader, term 41): slow fdatasync took 1.84 s (expected < 1 s)",
    "2026-12-04T03:02:31Z etcd cp-a: lost leader cp-b at term 41; elected leader cp-a at term 42",
    "2026-12-04T03:19:00Z etcd cp-b (follower, term 43): no slow fdatasync warnings in last 2 min",
    "2026-12-04T04:00:00Z cron: job vacuum-db retry 1 failed on pg-7",
    "2026-12-04T04:20:00Z pagerduty: incident PD-7 opened for pg-7",
    "2026-12-04T04:40:00Z cron: job vacuum-db retry 3 failed on pg-7"])
ZH = "\n".join([
    "2026-12-04T07:05:12Z es-data-2: 磁盘使用率 86%，超过 low 水位",
    "2026-12-04T07:30:00Z 告警平台: 告警 ESDiskHigh 触发",
    "2026-12-04T07:52:30Z es-data-2: 磁盘使用率 95.2%，超过 flood_stage 水位",
    "2026-12-04T08:13:10Z es-data-2: 磁盘使用率降到 71.8%，未超过 low 水位"])

LIES = {  # the claim, and what must not be read as fact
    "en-first": ("cp-a was elected leader before cp-b logged its first slow fdatasync",
                 "before cp-b logged its first slow fdatasync"),
    "en-earliest": ("cp-a was elected leader at term 42 before the earliest slow fdatasync on cp-b",
                    "before the earliest slow fdatasync"),
    "en-final": ("The final vacuum-db retry failed on pg-7 before incident PD-7 was opened",
                 "before incident PD-7 was opened"),
    "zh-earliest": ("告警 ESDiskHigh 触发之后，es-data-2 最早超过 low 水位", "最早超过 low 水位"),
}
HONEST = {
    "en-first": "cp-b logged its first slow fdatasync before cp-a was elected leader",
    "en-final": "Incident PD-7 was opened for pg-7 before the final vacuum-db retry failed",
    "en-first-retry": "The first vacuum-db retry failed on pg-7 before incident PD-7 was opened",
    "zh-earliest": "告警 ESDiskHigh 触发之前，es-data-2 最早超过 low 水位",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_order_against_the_first_or_last_event_is_not_traced = CASES.lies_untraced()
test_the_order_of_the_first_or_last_event_is_traced = CASES.honest_traced()
test_an_order_against_the_first_or_last_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_order_of_the_first_or_last_event_is_a_confirmed_finding = CASES.honest_confirmed()


T = ["2026-12-04T03:00:00Z a", "2026-12-04T04:00:00Z a", "no time a"]


@pytest.mark.parametrize(("side", "meant"), [
    ("its first a", [0]), ("the last a", [1]), ("a", [0, 1]), ("errors in the last 5 min", [0, 1]),
    ("首次 a", [0]), ("最后一次 a", [1])])
def test_first_and_last_mean_the_earliest_and_latest_dated_line(side: str, meant: list[int]) -> None:
    assert chronology.meant(side, T) == meant
