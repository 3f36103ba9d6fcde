"""A membership the line's own part denies, told as held (app/domain/alignment.py, the words a
predicate negator denies): "At 07:10 zk-3 rejoined the ensemble as a follower" of "zk-3: restarted
…; quorum: not part of the ensemble, waiting for the leader to sync it as a follower" holds every
word and name of the line, but the item denies what the line tells. A noun of relation joined by
"of" to the denied word ("not part of the ensemble", "not a member of the ISR") denies its object
with it; Chinese writes the denial on the verb (不在 ensemble 中, 不是 ISR 成员). The denial
restated, and the item's other part, are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-06-05T07:10:00Z zookeeper zk-3: restarted on 3.9.2 and opened the client listener; quorum: not part of "
      "the ensemble, waiting for the leader to sync it as a follower\n"
      "2026-06-05T07:12:00Z kafka kb-5: broker started; not a member of the ISR for topic payments-7, catching up\n"
      "2026-06-05T07:20:00Z zookeeper zk-1: zk-3 synced as a follower; ensemble size 3")
ZH = ("2026-06-05 07:10:00 zookeeper zk-3：以 3.9.2 重启并打开客户端监听；quorum：不在 ensemble 中，等待 leader 将其同步为 follower\n"
      "2026-06-05 07:12:00 kafka kb-5：broker 已启动；不是 payments-7 的 ISR 成员，正在追赶\n"
      "2026-06-05 07:20:00 zookeeper zk-1：zk-3 已作为 follower 同步；ensemble 大小 3")

LIES = {  # claim, what must not be read as fact
    "en-rejoined": ("At 07:10 zk-3 rejoined the ensemble as a follower", "rejoined the ensemble"),
    "en-part-of": ("zk-3 was part of the ensemble at 07:10", "part of the ensemble"),
    "en-in-the": ("At 07:12 kb-5 was in the ISR for topic payments-7", "was in the ISR"),
    "en-rejoined-member": ("kb-5 rejoined the ISR for topic payments-7 at 07:12", "rejoined the ISR"),
    "zh-zai": ("07:10 zk-3 在 ensemble 中", "zk-3 在 ensemble 中"),
    "zh-jiaru": ("07:10 zk-3 已加入 ensemble", "已加入 ensemble"),
    "zh-member": ("07:12 kb-5 是 payments-7 的 ISR 成员", "kb-5 是 payments-7 的 ISR 成员"),
}
HONEST = {
    "en-denied": "zk-3 was not part of the ensemble at 07:10",
    "en-other-part": "zk-3 restarted on 3.9.2 and opened the client listener",
    "en-member-denied": "kb-5 was not a member of the ISR for topic payments-7 at 07:12",
    "en-later": "At 07:20 zk-3 synced as a follower",
    "zh-denied": "07:10 zk-3 不在 ensemble 中",
    "zh-member-denied": "kb-5 不是 payments-7 的 ISR 成员",
    "zh-other-part": "zk-3 以 3.9.2 重启并打开客户端监听",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_membership_its_part_denies_is_not_traced = CASES.lies_untraced()
test_a_membership_its_part_denies_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_denial_restated_is_traced = CASES.honest_traced()
test_the_denial_restated_is_a_confirmed_finding = CASES.honest_confirmed()
