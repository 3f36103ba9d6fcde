"""A noun of relation a line denies is no verb (app/domain/alignment.py, the strong-verb frame): the
consonant frame that holds "withdrew" for "withdraw" read "not part of" as a tense of "port" and of
"parity", so "cs-03 not part of the raft configuration; cs-01 and cs-02 bound port 8300" read as a
line telling of cs-01 and cs-02 the membership it denies of cs-03, and "cs-01 was part of the raft
configuration" was traced (and "sda3 and sdb3 parity was in sync" refused as denied). A denied noun
of relation and its object are matched by their words, never by the frame. Chinese writes the
denial on the verb (不在 … 中) and has no frame: its forms are controls."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-07-01T10:08:30Z consul: cs-03 not part of the raft configuration; cs-01 and cs-02 bound port 8300\n"
      "2026-07-01T10:20:00Z mdadm: sdd3 not part of the array md0; sda3 and sdb3 parity in sync")
ZH = "2026-07-01 10:08:30 consul：cs-03 不在 raft 配置中；cs-01 和 cs-02 已绑定端口 8300"

LIES = {  # claim, what must not be read as fact
    "en-part-of": ("cs-01 was part of the raft configuration", "part of the raft configuration"),
    "en-part-of-both": ("At 10:08:30 cs-01 and cs-02 were part of the raft configuration", "part of the raft"),
    "en-part-of-array": ("sda3 and sdb3 were part of the array md0 at 10:20", "part of the array"),
    "zh-zai": ("cs-01 在 raft 配置中", "cs-01 在 raft 配置中"),
}
HONEST = {
    "en-port": "cs-01 and cs-02 bound port 8300",
    "en-denied": "cs-03 was not part of the raft configuration",
    "en-parity": "sda3 and sdb3 parity was in sync",
    "en-array-denied": "sdd3 was not part of the array md0",
    "zh-denied": "cs-03 不在 raft 配置中",
    "zh-port": "cs-01 和 cs-02 已绑定端口 8300",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_membership_denied_of_another_part_is_not_traced = CASES.lies_untraced()
test_a_membership_denied_of_another_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_word_sharing_the_frame_of_a_denied_noun_is_traced = CASES.honest_traced()
test_a_word_sharing_the_frame_of_a_denied_noun_is_a_confirmed_finding = CASES.honest_confirmed()
