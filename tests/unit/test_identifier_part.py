"""A rare word an identifier of its line is made of (app/domain/specific.py): "conntrack" is held by
"nf_conntrack_count" and "nf_conntrack_max", whose parts name the thing, so "natgw-02 的 conntrack
使用率 14%" restates "natgw-02：nf_conntrack_count 143880，nf_conntrack_max 1048576，使用率 14%". A word
that is no whole part of the identifier ("conntrackd", "ntrack") is not held by it."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T16:20:00Z natgw-02: nf_conntrack_count 143880, nf_conntrack_max 1048576, usage 14%\n"
      "2026-12-05T16:21:00Z natgw-01: nf_conntrack_count 97510, nf_conntrack_max 262144")
ZH = ("2026-12-05 16:20:00 natgw-02：nf_conntrack_count 143880，nf_conntrack_max 1048576，使用率 14%\n"
      "2026-12-05 16:21:00 natgw-01：nf_conntrack_count 97510，nf_conntrack_max 262144")

LIES = {  # claim, what must not be read as fact
    "en-longer-word": ("The conntrackd usage on natgw-02 was 14% at 16:20", "conntrackd"),
    "en-inner-piece": ("The ntrack usage on natgw-02 was 14% at 16:20", "ntrack"),
    "zh-longer-word": ("16:20 natgw-02 的 conntrackd 使用率 14%", "conntrackd"),
    "zh-other-value": ("16:20 natgw-01 的 conntrack 使用率 14%", "natgw-01 的 conntrack 使用率 14%"),
}
HONEST = {
    "en-part": "The conntrack usage on natgw-02 was 14% at 16:20",
    "zh-part": "16:20 natgw-02 的 conntrack 使用率 14%",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_word_no_identifier_is_made_of_is_not_traced = CASES.lies_untraced()
test_a_word_no_identifier_is_made_of_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_word_an_identifier_is_made_of_is_traced = CASES.honest_traced()
test_a_word_an_identifier_is_made_of_is_a_confirmed_finding = CASES.honest_confirmed()
