"""A denial of an event its evidence tells is not traced, whatever the verb's form or the words
between the negator and the verb (app/domain/alignment.py ``_denied_action``, provenance
``_denied_elsewhere``): "core-sw1 did not withdraw 10.9.0.0/16 from edge-4" of a line saying it
"withdrew" it (a strong verb's tenses share their consonants: withdraw / withdrew, write / wrote,
begin / began), "没有从 edge-4 撤回" (the verb after a preposition and a name), and a denial another
item holding all its words contradicts (the route announced again later holds the line's words, the
withdrawal denies it). A denial its evidence gives, and the events told as they were, are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-04-01T08:00:00Z ops-log: r.khan took db-7 out of the pool and wrote a note to INC-552",
    "2026-04-01T08:03:00Z mail-gw: sent 3 alerts to oncall; began draining queue q-9",
    "2026-04-01T08:04:00Z mail-gw: queue q-7 not drained",
    "2026-04-01T08:05:00Z core-sw1 bird: withdrew 10.9.0.0/16 from edge-4",
    "2026-04-01T08:20:00Z core-sw1 bird: 10.9.0.0/16 announced to edge-4 again",
    "2026-04-01T08:21:00Z ops-log: j.li paged r.khan"])
ZH = "\n".join([
    "2026-04-01 08:00:00 运维日志：韩睿 把 db-7 移出了资源池，并写了 INC-552 的说明",
    "2026-04-01 08:01:00 运维日志：db-8 未移出资源池",
    "2026-04-01 08:05:00 core-sw1 bird：从 edge-4 撤回 10.9.0.0/16",
    "2026-04-01 08:20:00 core-sw1 bird：重新向 edge-4 通告 10.9.0.0/16"])

LIES = {  # claim, what must not be read as fact
    "en-strong-verb-withdrew": ("core-sw1 did not withdraw 10.9.0.0/16 from edge-4", "did not withdraw"),
    "en-strong-verb-wrote": ("r.khan didn't write a note to INC-552", "didn't write"),
    "en-strong-verb-began": ("mail-gw did not begin draining queue q-9", "did not begin"),
    "zh-verb-after-a-preposition": ("core-sw1 没有从 edge-4 撤回 10.9.0.0/16", "没有从 edge-4 撤回"),
    "zh-verb-after-its-object": ("韩睿 没有把 db-7 移出资源池", "没有把 db-7 移出"),
    "zh-denied-where-another-item-holds-it": ("core-sw1 没有向 edge-4 撤回 10.9.0.0/16", "没有向 edge-4 撤回"),
}
HONEST = {
    "en-strong-verb-told": "core-sw1 withdrew 10.9.0.0/16 from edge-4",
    "en-strong-verb-wrote-told": "r.khan wrote a note to INC-552",
    "en-a-denial-it-gives": "mail-gw did not drain queue q-7",
    "en-a-name-denied-not-the-event": "r.khan, not j.li, took db-7 out of the pool",
    "zh-told": "core-sw1 从 edge-4 撤回了 10.9.0.0/16",
    "zh-object-told": "韩睿 把 db-7 移出了资源池",
    "zh-a-denial-it-gives": "db-8 没有被移出资源池",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_denial_of_a_told_event_is_not_traced = CASES.lies_untraced()
test_a_denial_of_a_told_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_event_told_or_denied_as_its_line_does_is_traced = CASES.honest_traced()
test_an_event_told_or_denied_as_its_line_does_is_a_confirmed_finding = CASES.honest_confirmed()
