"""A CamelCase identifier is a name (app/domain/specific.py, ``occurs``): "PostgresDown fired on
db-01" of "patroni: postgres down on db-01" held the alert name by its words (a verb and its
particle, "postgres down"), so an alert no line names read as fact. It is held only as written
(any case); the words it is made of stay traced as words."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T09:27:00Z patroni: postgres down on db-01, failover to db-02",
    "2026-03-02T09:25:00Z alertmanager: NodeInodesLow firing on node-03",
    "2026-03-02T09:29:00Z kubelet: node-05 disk pressure, pods evicted"])
ZH = "\n".join([
    "2026-03-02 09:27:00 patroni：db-01 上 postgres down，切换到 db-02",
    "2026-03-02 09:25:00 alertmanager：node-03 上 NodeInodesLow 触发",
    "2026-03-02 09:29:00 kubelet：node-05 disk pressure，驱逐 pod"])

LIES = {
    "en-alert-of-words": ("At 09:27 the PostgresDown alert fired for db-01", "PostgresDown"),
    "en-name-of-words": ("At 09:27 patroni reported PostgresDown on db-01", "PostgresDown"),
    "en-condition-of-words": ("At 09:29 node-05 reported DiskPressure and evicted pods", "DiskPressure"),
    "zh-alert-of-words": ("09:27 db-01 上 PostgresDown 告警触发，切换到 db-02", "PostgresDown"),
    "zh-condition-of-words": ("09:29 node-05 出现 DiskPressure，驱逐 pod", "DiskPressure"),
}
HONEST = {
    "en-words": "At 09:27 postgres was down on db-01, with a failover to db-02",
    "en-name": "At 09:25 NodeInodesLow fired on node-03",
    "en-pressure": "At 09:29 node-05 had disk pressure and pods were evicted",
    "zh-name": "09:25 node-03 上 NodeInodesLow 触发",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_camelcase_name_held_only_by_its_words_is_not_traced = CASES.lies_untraced()
test_a_camelcase_name_held_only_by_its_words_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_camelcase_name_written_or_its_words_are_traced = CASES.honest_traced()
test_a_camelcase_name_written_or_its_words_are_confirmed = CASES.honest_confirmed()
