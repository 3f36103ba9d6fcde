"""A name an item keeps at another value of the change's label is set apart from the change
(app/domain/kept_apart.py): "…config rev 88 to lb-1 and lb-2; lb-3 left on rev 87", "api-1、api-3
切到构建 v15（api-2 保持构建 v14）". A line giving that name the change's value ("Config rev 88 was
pushed to lb-1, lb-2 and lb-3") holds every token of its item and widens the change over a name
the item sets apart: not traced, nor read as fact with the offline engine or a trusting Verifier.
Honest twins: the change told of the names it reached, and the name kept at its own value."""

from __future__ import annotations

from app.domain import kept_apart
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T11:00:00Z ops-log: j.park pushed config rev 88 to lb-1 and lb-2; lb-3 left on rev 87",
    "2026-12-06T11:05:00Z deploy: api-1, api-3 moved to build v15 (api-2 kept on build v14)"])
ZH = "\n".join([
    "2026-12-06 11:00:00 运维日志：j.park 向 lb-1、lb-2 下发配置 rev 88；lb-3 仍为 rev 87",
    "2026-12-06 11:05:00 发布：api-1、api-3 切到构建 v15（api-2 保持构建 v14）"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-widened-over-the-kept-name": ("Config rev 88 was pushed to lb-1, lb-2 and lb-3", "lb-2 and lb-3"),
    "en-the-kept-name-alone": ("j.park pushed config rev 88 to lb-3", "config rev 88 to lb-3"),
    "en-kept-in-brackets": ("api-2 was moved to build v15", "api-2 was moved to build v15"),
    "zh-widened-over-the-kept-name": ("j.park 向 lb-1、lb-2、lb-3 下发配置 rev 88", "lb-3 下发配置 rev 88"),
    "zh-the-kept-name-alone": ("lb-3 的配置为 rev 88", "lb-3 的配置为 rev 88"),
    "zh-kept-in-brackets": ("api-2 也切到构建 v15", "api-2 也切到构建 v15"),
}, {
    "en-changed-names": "j.park pushed config rev 88 to lb-1 and lb-2",
    "en-kept-name": "lb-3 was left on rev 87",
    "en-both": "api-1 and api-3 moved to build v15, while api-2 was kept on build v14",
    "zh-kept-name": "lb-3 仍为 rev 87",
    "zh-both": "api-1、api-3 切到构建 v15，api-2 保持构建 v14",
})
test_a_change_widened_over_a_name_kept_at_its_value_is_not_traced = CASES.lies_untraced()
test_a_change_widened_over_a_name_kept_at_its_value_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_change_told_of_the_names_it_reached_is_traced = CASES.honest_traced()
test_a_change_told_of_the_names_it_reached_is_a_confirmed_finding = CASES.honest_confirmed()


def test_a_name_kept_at_its_value_is_read_from_the_value() -> None:
    item = "ops-log: rule moved on fw-2 (policy rev 343); fw-3 left on rev 342"
    assert kept_apart.widened("rev 343 reached fw-2 and fw-3", item) == "fw-3"
    assert kept_apart.widened("rev 343 reached fw-2; fw-3 stayed on rev 342", item) is None
    assert kept_apart.widened("rev 343 never reached fw-3", item) is None
