"""A count written with the general measure word is the count its item gives as a bare number
(app/domain/specific.py, ``_bare_count``; the Gatekeeper's entities read it the same way):
"从 12 个副本缩到 4 个" restates "副本数 12 → 4", where 12 is the value of the count of 副本 and 4 its
change's end, as "from 12 replicas down to 4" restates "replicas 12 -> 4". The lies of the same
shape stay refused: a count of another noun ("12 个实例"), a number the item writes with a unit of
its own ("88 个" of "88%"), a change told the other way round, and the start of a change told as its
end without the start ("缩到 12 个", "down to 12 replicas": app/domain/places.py,
``moved_into_change``)."""

from __future__ import annotations

from app.domain import entities, specific
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-03T10:00:00Z hpa api-gw: replicas 6 -> 12, cpu 88% (target 70%)",
    "2026-11-03T10:30:00Z hpa api-gw: replicas 12 -> 4",
])
ZH = "\n".join([
    "2026-11-03 10:00:00 HPA api-gw：副本数 6 → 12，CPU 使用率 88%（目标 70%）",
    "2026-11-03 10:30:00 HPA api-gw：副本数 12 → 4",
])

HONEST = {
    "zh-scaled-in": "10:30 HPA 把 api-gw 从 12 个副本缩到 4 个",
    "zh-scaled-out": "10:00 HPA 把 api-gw 从 6 个副本扩到 12 个",
    "zh-end-alone": "10:30 api-gw 只剩 4 个副本",
    "en-scaled-in": "At 10:30 the HPA scaled api-gw from 12 replicas down to 4",
    "en-end-alone": "At 10:00 api-gw was scaled out to 12 replicas",
}
LIES = {
    "zh-another-noun": ("10:30 HPA 把 api-gw 从 12 个实例缩到 4 个", "12 个实例"),
    "zh-a-percentage-as-a-count": ("10:00 HPA 把 api-gw 扩到 88 个副本", "88 个副本"),
    "zh-turned": ("10:30 HPA 把 api-gw 从 4 个副本扩到 12 个", "从 4 个副本扩到 12 个"),
    "zh-start-as-end": ("10:30 HPA 把 api-gw 缩到 12 个副本", "缩到 12 个副本"),
    "zh-start-as-end-bare": ("10:30 HPA 把 api-gw 缩到 12 个", "缩到 12 个"),
    "en-start-as-end": ("At 10:30 the HPA scaled api-gw down to 12 replicas", "down to 12 replicas"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_with_its_measure_word_is_traced_to_its_field = CASES.honest_traced()
test_a_count_with_its_measure_word_is_confirmed = CASES.honest_confirmed()
test_another_count_or_a_change_turned_is_not_traced = CASES.lies_untraced()
test_another_count_or_a_change_turned_is_not_read_as_fact = CASES.lies_not_read_as_fact()


def test_a_bare_count_holds_the_general_measure_word_and_no_other() -> None:
    hay = specific.prepared(ZH)
    assert specific.occurs("4 个", hay) and specific.occurs("12 个副本", hay)
    assert not specific.occurs("88 个", hay) and not specific.occurs("4 条", hay)
    assert entities.occurs(entities.extract("缩到 4 个")[0], ZH.lower())
