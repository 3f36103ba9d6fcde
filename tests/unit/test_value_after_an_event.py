"""A value a line gives a word after an event is the one that event's item gives it
(app/domain/after_state.py, ``Items._after_another``): "林峰 把 max_conns 改回 300 后，配置版本为
r41" of the fix's line "（配置版本 r42）" and the faulty change's "配置版本 r40 → r41" puts the faulty
state after the fix; so does "After a.kowalski reverted the flag, the config version was r41".
With the rule off (``other_time`` returning None) the lies are traced; the event's own value, or
each value with its own event, keeps its verdict."""

from __future__ import annotations

from app.domain import after_state
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-27T07:00:00Z ops-log: a.kowalski enabled flag batch_writes on ingest-gw (config version r41); "
      "previous version r40\n"
      "2026-11-27T07:40:00Z ops-log: a.kowalski reverted flag batch_writes on ingest-gw (config version r42)")
ZH = ("2026-11-27 07:00:00 ops-log：林峰 把 ingest-gw 的 max_conns 由 300 改为 30（配置版本 r40 → r41）\n"
      "2026-11-27 07:40:00 ops-log：林峰 把 ingest-gw 的 max_conns 改回 300（配置版本 r42）")

LIES = {
    "en-after-revert": ("After a.kowalski reverted flag batch_writes on ingest-gw, the config version was r41",
                        "the config version was r41"),
    "en-once-reverted": ("Once a.kowalski reverted flag batch_writes, ingest-gw ran config version r40",
                         "config version r40"),
    "zh-after-revert": ("林峰 把 max_conns 改回 300 后，配置版本为 r41", "配置版本为 r41"),
    "zh-after-revert-old": ("林峰 把 ingest-gw 的 max_conns 改回 300 之后，配置版本是 r40", "配置版本是 r40"),
}
HONEST = {
    "en-after-revert": "After a.kowalski reverted flag batch_writes on ingest-gw, the config version was r42",
    "en-enabled": "a.kowalski enabled flag batch_writes on ingest-gw as config version r41",
    "zh-after-revert": "林峰 把 max_conns 改回 300 后，配置版本为 r42",
    "zh-faulty": "林峰 把 ingest-gw 的 max_conns 由 300 改为 30，配置版本为 r41",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_value_of_another_time_after_an_event_is_not_traced = CASES.lies_untraced()
test_a_value_of_another_time_after_an_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_events_own_value_after_it_is_traced = CASES.honest_traced()
test_the_events_own_value_after_it_is_confirmed = CASES.honest_confirmed()


def test_the_value_of_another_time_is_named() -> None:
    assert after_state.other_time(ZH.splitlines()[1], "配置版本为 r41") == "r41"
    assert after_state.other_time(ZH.splitlines()[1], "配置版本为 r42") is None
