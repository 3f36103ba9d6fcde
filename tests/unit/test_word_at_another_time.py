"""A word of one event of a line stays at that event's time (app/domain/dated_words.py): "web-04
was marked UP at 09:12:10" against "09:12:10 … web-04 marked DOWN after 2 failed probes; web-04
marked UP at 09:12:50", "vol-7 快照在 11:00:10 完成" against "11:00:10 备份：vol-7 快照开始；快照于
11:00:50 完成，…". Two events of one minute are two times. With the rule off
(``dated_words.word_elsewhere`` returning None) every lie here is traced; a line telling both
events, or each at its own time, keeps its verdict."""

from __future__ import annotations

import pytest

from app.domain import dated_words
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-04T09:12:10Z lb-checker: pool member web-04 marked DOWN after 2 failed probes; "
    "web-04 marked UP at 09:12:50",
    "2026-11-04T09:30:05Z backup-agent: snapshot of vol-data-3 started; snapshot completed at 09:30:45, "
    "verify passed at 09:31:20",
])
ZH = "\n".join([
    "2026-11-04 10:20:05 负载均衡：后端 app-12 连续 3 次探测失败被摘除；app-12 于 10:20:45 恢复上线",
    "2026-11-04 11:00:10 备份：vol-7 快照开始；快照于 11:00:50 完成，校验于 11:01:30 通过",
])

LIES = {
    "en-later-state-at-the-first-time": ("web-04 was marked UP at 09:12:10", "UP at 09:12:10"),
    "en-end-at-the-start": ("At 09:30:05 the snapshot of vol-data-3 completed", "09:30:05 the snapshot of vol-data-3 completed"),
    "en-third-event-at-the-second-time": ("The vol-data-3 snapshot verify passed at 09:30:45", "passed at 09:30:45"),
    "zh-later-state-at-the-first-time": ("app-12 在 10:20:05 恢复上线", "10:20:05 恢复上线"),
    "zh-end-at-the-start": ("vol-7 快照在 11:00:10 完成", "11:00:10 完成"),
    "zh-third-event-at-the-second-time": ("vol-7 的校验在 11:00:50 通过", "11:00:50 通过"),
}
HONEST = {
    "en-both-events": "web-04 was marked DOWN at 09:12:10 and UP again",
    "en-at-its-own-time": "web-04 was marked UP at 09:12:50",
    "en-each-at-its-time": "The vol-data-3 snapshot started at 09:30:05 and completed at 09:30:45",
    "zh-both-events": "app-12 在 10:20:05 被摘除，之后恢复上线",
    "zh-at-its-own-time": "app-12 于 10:20:45 恢复上线",
    "zh-each-at-its-time": "vol-7 快照 11:00:10 开始，11:00:50 完成",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_word_at_another_events_time_is_not_traced = CASES.lies_untraced()
test_a_word_at_another_events_time_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_event_at_its_own_time_is_traced = CASES.honest_traced()
test_each_event_at_its_own_time_is_confirmed = CASES.honest_confirmed()


@pytest.mark.parametrize(("line", "word"), [
    ("web-04 was marked UP at 09:12:10", "up"),
    ("web-04 was marked UP at 09:12:50", None),
    ("web-04 was marked DOWN at 09:12:10 and UP again", None),
])
def test_the_word_moved_is_named(line: str, word: str | None) -> None:
    assert dated_words.word_elsewhere(line, EN.splitlines()[0]) == word
