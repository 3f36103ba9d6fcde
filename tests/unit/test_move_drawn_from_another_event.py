"""A move up or down drawn from the event before it (app/domain/resultative.py ``drawn_move``):
"w.chen 发布 search-api v5.2.0，gateway 5xx 比例升到 6.3%" joins two items' facts with a comma alone,
and tells a rise that its own item, giving the share as a level ("比例为 6.3%"), does not: the rise
is the line's, drawn as a result of the release, as a participle draws it (", pushing the 5xx
share to 6.3%"). A line whose moving clause its item tells as a move, or follows a reading of its
own ("为 4100，11:20 升到 5200"), or telling the level as its item does, keeps its trace."""

from __future__ import annotations

import pytest

from app.domain import provenance, resultative
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-24T10:02:00Z deploy-log: w.chen released search-api v5.2.0 (config r77)\n"
      "2026-11-24T10:55:30Z loki: gateway 5xx ratio 10:50-10:55 was 6.3%\n"
      "2026-11-24T11:10:00Z prometheus: idx-queue depth rose from 120 to 4100\n"
      "2026-11-24T11:20:00Z prometheus: idx-queue depth 5200")
ZH = ("2026-11-24 10:02:00 发布记录：w.chen 发布 search-api v5.2.0（配置 r77）\n"
      "2026-11-24 10:55:30 loki：gateway 10:50 至 10:55 的 5xx 比例为 6.3%\n"
      "2026-11-24 11:10:00 prometheus：idx-queue 深度从 120 升至 4100\n"
      "2026-11-24 11:20:00 prometheus：idx-queue 深度 5200")

LIES = {  # claim, what must not be read as fact
    "en-rose": ("w.chen released search-api v5.2.0, gateway 5xx ratio rose to 6.3%", "gateway 5xx ratio rose to 6.3%"),
    "en-jumped": ("At 10:02 w.chen released search-api v5.2.0, the gateway 5xx ratio jumped to 6.3%",
                  "ratio jumped to 6.3%"),
    "zh-rose": ("w.chen 发布 search-api v5.2.0，gateway 5xx 比例升到 6.3%", "gateway 5xx 比例升到 6.3%"),
    "zh-soared": ("10:02 w.chen 发布 search-api v5.2.0，gateway 的 5xx 比例飙升到 6.3%", "飙升到 6.3%"),
}
HONEST = {
    "en-level": "Between 10:50 and 10:55 the gateway 5xx ratio was 6.3%",
    "en-release": "At 10:02 w.chen released search-api v5.2.0",
    "en-rise-told": "idx-queue depth rose from 120 to 4100 at 11:10",
    "zh-level": "10:50 至 10:55 gateway 的 5xx 比例为 6.3%",
    "zh-rise-told": "11:10 idx-queue 深度从 120 升至 4100",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_move_drawn_from_another_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_level_or_a_told_move_is_traced = CASES.honest_traced()
test_a_level_or_a_told_move_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_move_drawn_from_another_event_is_not_traced_where_no_item_is_a_cause(text: str, needle: str) -> None:
    log = by_language(EN, ZH)(text)
    assert provenance.Items(log.splitlines(), causes=()).untraced(text) is not None, needle


@pytest.mark.parametrize(("text", "before", "after"), [
    ("idx-queue depth was 4100 at 11:10, rising to 5200 at 11:20", "idx-queue depth 4100", "idx-queue depth 5200"),
    ("idx-queue 深度 11:10 为 4100，11:20 升到 5200", "idx-queue 深度 4100", "idx-queue 深度 5200"),
], ids=["en", "zh"])
def test_a_move_from_a_reading_of_the_line_is_not_drawn(text: str, before: str, after: str) -> None:
    first, second = text.replace("，", ",").split(",", 1)
    assert not resultative.drawn_move(text, [(first, before), (second, after)])
