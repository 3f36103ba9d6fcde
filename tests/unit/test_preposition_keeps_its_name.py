"""A name keeps the preposition its line gives it (app/domain/prepositions.py): "edge-7 withdrew
10.8.0.0/16 from core-2" of "core-2 bird: … withdrew 10.8.0.0/16 from edge-7" turns who withdrew the
route from whom. A line giving a preposition of place or party (from, to, 从, 向) a name its item holds
but never gives that preposition, where the item gives it another, is not traced; one keeping each
name's preposition is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-01T10:00:00Z core-2 bird: session to edge-7 Idle; withdrew 10.8.0.0/16 from edge-7",
    "2026-09-01T10:01:00Z ops-log: m.ito moved vip-3 from lb-1 to lb-2"])
ZH = "\n".join([
    "2026-09-01 10:00:00 core-2 bird：到 edge-7 的会话 Idle；从 edge-7 撤回 10.8.0.0/16",
    "2026-09-01 10:01:00 运维日志：伊藤 把 vip-3 从 lb-1 迁移到 lb-2"])

LIES = {  # claim, what must not be read as fact
    "en-source-and-agent-turned": ("edge-7 withdrew 10.8.0.0/16 from core-2", "from core-2"),
    "en-turned-in-other-words": ("edge-7 pulled 10.8.0.0/16 from core-2 at 10:00", "from core-2"),
    "en-target-given-the-source": ("m.ito moved vip-3 to lb-1", "to lb-1"),
    "zh-source-and-agent-turned": ("edge-7 从 core-2 撤回 10.8.0.0/16", "从 core-2"),
    "zh-turned-at-its-time": ("edge-7 在 10:00 从 core-2 撤回了 10.8.0.0/16", "从 core-2"),
}
HONEST = {
    "en-kept": "core-2 withdrew 10.8.0.0/16 from edge-7",
    "en-target-kept": "m.ito moved vip-3 to lb-2",
    "en-both-kept": "m.ito moved vip-3 from lb-1 to lb-2 at 10:01",
    "zh-kept": "core-2 从 edge-7 撤回 10.8.0.0/16",
    "zh-source-kept": "伊藤 把 vip-3 从 lb-1 迁走",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_name_given_another_preposition_is_not_traced = CASES.lies_untraced()
test_a_name_given_another_preposition_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_names_keeping_their_prepositions_are_traced = CASES.honest_traced()
test_names_keeping_their_prepositions_are_a_confirmed_finding = CASES.honest_confirmed()
