"""A name set before the kind word the evidence gives it alone is what a line saying the kind word
is about (app/domain/kinds.py ``unnamed``, app/domain/provenance.py ``Items.kind_named``,
app/domain/gatekeeper.py ``_kind_of``).

One line calls mq-prod a 集群 (a cluster) and nothing else one; the master's line says "集群状态
green 变为 red" and names no cluster. "05:10 mq-prod 集群由 green 变为 red" says what that line says:
traced, and mq-prod is not a word put where the line's writer stands. Where a second name is
called a 集群, the word tells neither, and the name stays the claim's own; a name the evidence
never calls a 集群 is not read through the kind word, nor is a line the kind word's name makes
say what no line says."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

ZH = "\n".join([
    "2026-10-03T05:00:00Z 平台: mq-prod 集群有 5 个 broker，队列 orders.created 每天约 80 GB",
    "2026-10-03T05:10:00Z mq-master-2: 集群状态 green 变为 red，离线 broker 2 个",
    "2026-10-03T05:40:00Z mq-master-2: 集群状态 red 变为 green"])
EN = "\n".join([
    "2026-10-03T05:00:00Z platform: the mq-prod cluster has 5 brokers",
    "2026-10-03T05:10:00Z mq-master-2: cluster state went from green to red, 2 brokers offline",
    "2026-10-03T05:40:00Z mq-master-2: cluster state went from red to green"])
TWO = "2026-10-03T04:50:00Z 平台: mq-test 集群有 3 个 broker\n" + ZH
"""The same evidence with a second name called a 集群."""

LIES = {  # claim, what must not be read as fact
    "zh-a-name-never-called-the-kind": ("05:10 mq-stage 集群由 green 变为 red", "mq-stage"),
    "zh-the-name-put-on-a-line-of-another": ("05:00 mq-prod 集群有 7 个 broker", "7 个 broker"),
    "en-a-name-never-called-the-kind": ("At 05:10 the mq-stage cluster state went from green to red", "mq-stage"),
}
HONEST = {
    "zh-name-before-its-kind": "05:10 mq-prod 集群由 green 变为 red",
    "zh-name-before-its-kind-later": "05:40 mq-prod 集群恢复 green",
    "en-name-before-its-kind": "At 05:10 the mq-prod cluster state went from green to red",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
TWO_KINDS = RuleCases(lambda _: TWO, {"zh-kind-of-two-names": ("05:10 mq-prod 集群由 green 变为 red", "mq-prod")}, {})

test_a_name_the_kind_word_does_not_stand_for_is_not_traced = CASES.lies_untraced()
test_a_name_the_kind_word_does_not_stand_for_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_name_before_the_kind_word_it_alone_is_given_is_traced = CASES.honest_traced()
test_a_name_before_the_kind_word_it_alone_is_given_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_kind_word_given_two_names_stands_for_neither = TWO_KINDS.lies_untraced()
test_a_kind_word_given_two_names_is_not_read_as_fact = TWO_KINDS.lies_not_read_as_fact()
