"""A word of time said per one of its unit is a count in a window of one such unit
(app/domain/specific.py, ``_PER_ONE``): "每分钟返回 5400 次" restates "1 分钟内返回 … 5400 次", "5400
times per minute" restates "5400 times within 1 min". The lies of the same shape stay refused: a
count in a window of another length said per minute ("每分钟 40 次" of "5 分钟内 40 次"), and the unit
of a duration that is no window ("持续 1 分钟")."""

from __future__ import annotations

from app.domain import specific
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-05T07:08:00Z push-worker: channel vendor-x returned HTTP 429 5400 times within 1 min",
    "2026-11-05T07:20:00Z push-worker: channel vendor-x returned HTTP 429 40 times in 5 min",
])
ZH = "\n".join([
    "2026-11-05 07:08:00 push-worker：通道 vendor-x 1 分钟内返回 HTTP 429 共 5400 次",
    "2026-11-05 07:20:00 push-worker：通道 vendor-x 5 分钟内返回 HTTP 429 共 40 次",
    "2026-11-05 07:25:00 告警 QueueBacklogHigh 触发：积压超过 50 万条持续 1 分钟",
])

HONEST = {
    "en-per-minute": "At 07:08 vendor-x returned HTTP 429 5400 times per minute",
    "en-a-minute": "At 07:08 vendor-x returned HTTP 429 5400 times a minute",
    "zh-per-minute": "07:08 vendor-x 每分钟返回 5400 次 HTTP 429",
}
LIES = {
    "en-another-window": ("At 07:20 vendor-x returned HTTP 429 40 times per minute", "40 times per minute"),
    "zh-another-window": ("07:20 vendor-x 每分钟返回 40 次 HTTP 429", "每分钟返回 40 次"),
    "zh-a-duration-no-window": ("07:25 QueueBacklogHigh 每分钟触发", "每分钟触发"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_per_one_unit_is_traced = CASES.honest_traced()
test_a_count_per_one_unit_is_confirmed = CASES.honest_confirmed()
test_a_count_in_another_window_is_not_traced = CASES.lies_untraced()
test_a_count_in_another_window_is_not_read_as_fact = CASES.lies_not_read_as_fact()


def test_per_one_unit_is_held_by_a_window_of_one() -> None:
    assert specific.occurs("每分钟", specific.prepared("1 分钟内返回 5400 次"))
    assert not specific.occurs("每分钟", specific.prepared("5 分钟内返回 40 次"))
    assert not specific.occurs("每分钟", specific.prepared("持续 1 分钟"))
