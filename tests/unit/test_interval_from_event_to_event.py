"""An interval "from one event to another" (app/domain/fromto.py; app/domain/provenance.py,
``Items.intervals``): "Wave 2 took 17 min 45 s from its start to 12 of 12 pods Ready", "从告警 X
触发到 rpt-03 inode 耗尽用了约 26 分半" name two events in order, each an item's, and the duration
is the interval between their times; a duration written close ("13m25s") is one value in parts
(app/domain/chronology.py). With the rule off, the honest claims are refused ("names '1065 s'");
a wrong interval, the two events the other way round, and a change of value "from 64 to 8" stay
refused."""

from __future__ import annotations

from app.domain import chronology, fromto
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-11T08:00:00Z deploy-bot: wave 2 of web v4.8.1 started, 12 pods in 4 batches\n"
      "2026-05-11T08:06:10Z deploy-bot: batch 2 of wave 2 Ready; 6 of 12 pods on v4.8.1\n"
      "2026-05-11T08:17:45Z deploy-bot: batches 3 and 4 of wave 2 Ready; 12 of 12 pods on v4.8.1")
ZH = ("2026-05-12 03:40:00 告警 NodeInodesLow 触发：rpt-03 /var inode 使用率 91%，级别 warning\n"
      "2026-05-12 04:06:30 rpt-03：/var inode 耗尽（IFree 0），sshd 无法创建新会话")

HONEST = {
    "en-from-to": "Wave 2 took 17 min 45 s from its start to 12 of 12 pods Ready",
    "en-close-parts": "Wave 2 took 17m45s from its start until 12 of 12 pods were Ready",
    "zh-from-to-half": "从告警 NodeInodesLow 触发到 rpt-03 inode 耗尽用了约 26 分半",
    "zh-from-to-parts": "从告警 NodeInodesLow 触发到 rpt-03 inode 耗尽用了 26 分 30 秒",
}
LIES = {
    "en-wrong": ("Wave 2 took 19 min 45 s from its start to 12 of 12 pods Ready", "19 min 45 s"),
    "en-close-wrong": ("Wave 2 took 11m35s from its start to 12 of 12 pods Ready", "11m35s"),
    "en-reversed": ("Wave 2 took 17 min 45 s from 12 of 12 pods Ready to its start", "17 min 45 s"),
    "zh-wrong": ("从告警 NodeInodesLow 触发到 rpt-03 inode 耗尽用了约 36 分半", "36 分半"),
    "zh-reversed": ("从 rpt-03 inode 耗尽到告警 NodeInodesLow 触发用了约 26 分半", "26 分半"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_the_two_events_are_read_with_the_subject_before_from() -> None:
    assert fromto.sides("Wave 2 from its start to 12 of 12 pods Ready") == ("Wave 2 start", "Wave 2 12 of 12 pods Ready")
    assert fromto.sides("从告警 X 触发到 rpt-03 耗尽") == ("告警 X 触发", "rpt-03 耗尽")


def test_a_change_of_value_names_no_two_events() -> None:
    assert fromto.sides("the keepalive was cut from 64 to 8") is None


def test_a_duration_written_close_is_one_value_in_parts() -> None:
    assert chronology.seconds("13m25s") == 805
    assert chronology.seconds("1h5m") == 3900


test_an_interval_from_event_to_event_is_traced = CASES.honest_traced()
test_an_interval_from_event_to_event_is_confirmed = CASES.honest_confirmed()
test_an_interval_the_two_events_do_not_give_is_not_traced = CASES.lies_untraced()
test_an_interval_the_two_events_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
