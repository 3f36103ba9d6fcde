"""The role a member of a replicated group holds is a closed class (app/domain/slots.py, "role"):
leader, follower, candidate (领导者/主节点, 跟随者/从节点, 候选者). A line saying a member was (still)
the leader at a time, traced to the line of that time saying it was a follower by then, keeps every
token of it and half its subject terms, and gives a role the line does not.

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence telling it is refused; honest twins (the role the line of that time gives) are confirmed
findings. With the class off, the lies pass as findings."""

from __future__ import annotations

import pytest

from app.domain import slots
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-04T03:02:14Z etcd cp-a (leader, term 41): slow fdatasync took 1.84 s",
    "2026-12-04T03:06:12Z etcd cp-a (follower, pre-vote disabled): election timeout elapsed, starting election",
    "2026-12-04T04:10:00Z raft node zk-3 became candidate at term 7 after heartbeat timeout"])
ZH = "\n".join([
    "2026-12-04T09:00:00Z raft 集群 kv-1: 节点 kv-node-2 为领导者，任期 12",
    "2026-12-04T09:05:30Z raft 集群 kv-1: 节点 kv-node-2 降为跟随者，任期 13，心跳超时"])

LIES = {  # the claim, and what must not be read as fact
    "en-still-leader": ("At 03:06 cp-a was still the etcd leader", "still the etcd leader"),
    "en-follower-early": ("At 03:02 etcd cp-a was a follower", "was a follower"),
    "en-leader-for-candidate": ("At 04:10 zk-3 was the raft leader at term 7", "the raft leader"),
    "zh-still-leader": ("09:05 kv-node-2 仍是 kv-1 的领导者", "仍是 kv-1 的领导者"),
    "zh-follower-early": ("09:00 kv-1 的节点 kv-node-2 是跟随者", "是跟随者"),
}
HONEST = {
    "en-leader": "At 03:02 etcd cp-a was the leader at term 41",
    "en-follower": "At 03:06 etcd cp-a was a follower and started an election",
    "en-candidate": "At 04:10 zk-3 became candidate at term 7",
    "zh-leader": "09:00 kv-1 的节点 kv-node-2 为领导者，任期 12",
    "zh-follower": "09:05 kv-node-2 降为跟随者，任期 13",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_role_the_line_of_that_time_does_not_give_is_not_traced = CASES.lies_untraced()
test_the_role_the_line_of_that_time_gives_is_traced = CASES.honest_traced()
test_a_role_the_line_of_that_time_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_role_the_line_of_that_time_gives_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_giving_another_role_is_refused = CASES.composer_sentences({
    "en": (HONEST["en-follower"], "At 03:06 cp-a was still the etcd leader.", False),
    "en-honest": (HONEST["en-follower"], "At 03:06 etcd cp-a was a follower.", True),
    "zh": (HONEST["zh-follower"], "09:05 kv-node-2 仍是 kv-1 的领导者。", False),
})


@pytest.mark.parametrize(("line", "value"), [
    ("cp-a (leader, term 41)", 0), ("stepped down to follower", 1), ("became pre-candidate", 2),
    ("kv-node-2 为领导者", 0), ("降为跟随者", 1), ("es-master-1 elected", None)])
def test_a_role_is_one_slot(line: str, value: int | None) -> None:
    k = [c.name for c in slots.CLASSES].index("role")
    assert slots.values(line)[k] == (frozenset() if value is None else frozenset({value}))
