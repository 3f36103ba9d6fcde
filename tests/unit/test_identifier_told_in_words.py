"""An identifier told in its words is no word put in its place (app/domain/alignment.py): "0 responses
with flag DC since 10:58:30" of "0 responses with response_flags DC since 10:58:30" restates the
identifier, every word of which it says; a word that is not one of its ("code"), or a line saying only
some of its words, still stands where the item has the name."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-01T11:00:00Z prometheus: success rate to ledger-api 99.2% over last 2 min; 0 responses with"
    " response_flags DC since 10:58:30",
    "2026-12-01T11:01:00Z envoy web-gw: retry_budget exhausted for cluster ledger-api"])
ZH = "\n".join([
    "2026-12-02 11:00:00 prometheus：ledger-api 近 2 分钟成功率 99.2%；10:58:30 起 response_flags 为 DC 的 responses 为 0",
    "2026-12-02 11:01:00 envoy web-gw：集群 ledger-api 的 retry_budget 已耗尽"])

LIES = {  # claim, what must not be read as fact
    "en-another-word-in-its-place": ("There were 0 responses with code DC to ledger-api from 10:58:30",
                                     "0 responses with code DC"),
    "en-a-part-alone": ("0 requests with flag DC since 10:58:30", "0 requests with flag DC"),
    "zh-another-word-in-its-place": ("10:58:30 起 response code 为 DC 的 responses 为 0", "response code 为 DC"),
}
HONEST = {
    "en-told-in-its-words": "There were 0 responses with flag DC to ledger-api from 10:58:30",
    "en-told-in-its-words-since": "0 responses with flag DC since 10:58:30",
    "zh-told-in-its-words": "10:58:30 起 response flags 为 DC 的 responses 为 0",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_word_in_the_place_of_an_identifier_is_not_traced = CASES.lies_untraced()
test_a_word_in_the_place_of_an_identifier_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_identifier_told_in_its_words_is_traced = CASES.honest_traced()
test_an_identifier_told_in_its_words_is_a_confirmed_finding = CASES.honest_confirmed()
