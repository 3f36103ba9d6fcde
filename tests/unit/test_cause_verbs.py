"""A verb that makes one fact the cause of another is a causal marker (app/domain/causality.py):
"A causes B", "A 使 B 出现…", "A 使得/致使 B". A line joining two facts of one evidence line by it
must give the cause the line gives; one giving the effect as the cause ("集群变 red 使 es-data-3
出现 GC 停顿" of a line saying the node left the cluster because of its GC pause) keeps every token
and every subject term of the line and turns the cause round. 使 in 使用 ("use", 使用率) or 即使
("even if") is no such verb.

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence telling it is refused; honest twins (the cause the line gives) are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain import causality
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-04T05:10:00Z mq-west-2: broker restarted (OOMKilled, heap 7.9 GB of 8 GB)",
    "2026-12-04T05:12:00Z orders-api: 310 publish timeouts, circuit breaker opened (broker mq-west-2 unreachable)"])
ZH = "\n".join([
    "2026-12-04T07:58:40Z es-master-1: 集群状态 yellow 变为 red（未分配分片 14 个），节点 es-data-3 因 GC 停顿 31 s 离开集群",
    "2026-12-04T08:10:00Z redis-7: 内存使用率 98%，开始逐出键，命中率降到 61%"])

LIES = {  # the claim, and what must not be read as fact
    "en-causes": ("The circuit breaker opening causes the broker mq-west-2 to be unreachable", "causes the broker"),
    "zh-shi": ("集群变 red 使 es-data-3 出现 31 s 的 GC 停顿", "使 es-data-3 出现 31 s 的 GC 停顿"),
    "zh-shide": ("集群变为 red 使得节点 es-data-3 GC 停顿 31 s", "使得节点 es-data-3 GC 停顿 31 s"),
    "zh-zhishi": ("命中率降到 61% 致使 redis-7 内存使用率 98%", "致使 redis-7 内存使用率 98%"),
}
HONEST = {
    "en-causes": "The broker mq-west-2 being unreachable causes the circuit breaker to open on orders-api",
    "zh-shi": "es-data-3 的 31 s GC 停顿使集群变 red",
    "zh-shide": "节点 es-data-3 GC 停顿 31 s，使得集群状态变为 red",
    "zh-use": "redis-7 内存使用率 98%，开始逐出键",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_cause_verb_giving_the_effect_as_cause_is_not_traced = CASES.lies_untraced()
test_a_cause_verb_giving_the_lines_cause_is_traced = CASES.honest_traced()
test_a_cause_verb_turned_round_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_cause_verb_the_right_way_round_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_turning_a_cause_round_by_a_verb_is_refused = CASES.composer_sentences({
    "zh-shi": (HONEST["zh-shi"], "集群变 red 使 es-data-3 出现 31 s 的 GC 停顿。", False),
    "zh-shi-honest": (HONEST["zh-shi"], "es-data-3 的 31 s GC 停顿使集群变 red。", True),
    "en-causes": (HONEST["en-causes"], "The circuit breaker opening causes the broker mq-west-2 to be unreachable.",
                  False),
})


@pytest.mark.parametrize(("line", "cause"), [
    ("A 使 B 出现停顿", "A "), ("A 使得 B 变慢", "A "), ("A 致使 B 离开", "A "), ("A causes B", "A ")])
def test_a_cause_verb_puts_the_cause_before_it(line: str, cause: str) -> None:
    assert (causality.parts(line) or ("", ""))[0] == cause


@pytest.mark.parametrize("line", ["磁盘使用率 95%", "即使重启也没有恢复", "使用 8 GB 内存"])
def test_use_and_even_if_are_no_cause_verbs(line: str) -> None:
    assert causality.parts(line) is None
