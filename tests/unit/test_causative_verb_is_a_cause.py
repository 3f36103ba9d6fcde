"""A causative verb joins two facts as cause and effect (app/domain/causality.py): "The pause of
writes on db-9 made the replication lag alarm fire" of a line where the alarm fired and then writes
were paused gives the cause the other way round, as "caused" or 导致 would; so does "暂停 db-9 写入让复制延迟
告警触发". "made" before a definite object (the, its, it) is the causative; "made a change", "made up"
are not; a line telling the two facts joined by "and", or in their order, is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-05-03T11:00:00Z db-9 agent: replication lag alarm fired; paused writes on db-9"
ZH = "2026-05-03 11:00:00 db-9 agent：复制延迟告警触发；暂停 db-9 写入"

LIES = {  # claim, what must not be read as fact
    "en-made-the-effect": ("The pause of writes on db-9 made the replication lag alarm fire", "made the replication"),
    "en-which-made": ("db-9 paused writes, which made the replication lag alarm fire", "made the replication"),
    "en-makes-it": ("Pausing writes on db-9 made the alarm for replication lag fire", "made the alarm"),
    "zh-rang": ("暂停 db-9 写入让复制延迟告警触发", "让复制延迟告警触发"),
    "zh-rang-le": ("db-9 暂停写入，让复制延迟告警触发了", "让复制延迟告警触发"),
}
HONEST = {
    "en-joined-by-and": "The replication lag alarm fired and db-9 paused writes",
    "en-in-order": "db-9 agent paused writes on db-9 after the replication lag alarm fired",
    "zh-joined": "复制延迟告警触发，db-9 暂停写入",
    "zh-in-order": "db-9 复制延迟告警触发后暂停写入",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_causative_verb_turned_is_not_traced = CASES.lies_untraced()
test_a_causative_verb_turned_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_two_facts_in_their_order_are_traced = CASES.honest_traced()
test_two_facts_in_their_order_are_a_confirmed_finding = CASES.honest_confirmed()
