"""Words joined by a hyphen are those words (app/domain/specific.py): "the default-consistency KV
read" is held by "KV read … with default consistency failed", "read-only" by "read only". A compound
of other words, or of the words in another order, is not held."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:10:30Z consul client pay-fra1-03: KV read with default consistency failed; "
      "retry with stale consistency served by cs-01\n"
      "2026-12-05T10:20:00Z es-data-2: index app-logs set to read only after the flood stage")
ZH = ("2026-12-05 10:10:30 consul 客户端 pay-fra1-03：default consistency 的 KV 读取失败；"
      "stale consistency 的重试由 cs-01 返回")

LIES = {  # claim, what must not be read as fact
    "en-other-words": ("The strong-consistency KV read on pay-fra1-03 failed", "strong-consistency"),
    "en-other-order": ("The consistency-default KV read on pay-fra1-03 failed", "consistency-default"),
    "en-other-index-state": ("Index app-logs on es-data-2 was set to write-only", "write-only"),
    "zh-other-words": ("pay-fra1-03 的 strong-consistency KV 读取失败", "strong-consistency"),
}
HONEST = {
    "en-compound": "The default-consistency KV read on pay-fra1-03 failed",
    "en-read-only": "Index app-logs on es-data-2 was set to read-only after the flood stage",
    "zh-compound": "pay-fra1-03 的 default-consistency KV 读取失败",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_compound_of_other_words_is_not_traced = CASES.lies_untraced()
test_a_compound_of_other_words_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_compound_of_its_lines_words_is_traced = CASES.honest_traced()
test_a_compound_of_its_lines_words_is_a_confirmed_finding = CASES.honest_confirmed()
