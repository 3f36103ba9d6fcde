"""The members of one coordination are one pair, in either order (app/domain/alignment.py
``_joined``, read by ``exchanged``).

"/data/pg and /data/wal share disk sdc" restates "/data/wal and /data/pg both on disk sdc": the
two paths are joined by "and" in both, and a list's order says nothing. Two names in places of
their own ("from az-b to az-c") exchanged stay refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-03T03:00:00Z cron node-c4: job vacuum started; /data/wal and /data/pg both on disk sdc",
    "2026-10-03T03:05:00Z rds pg-main: failover from az-b to az-c completed"])
ZH = "\n".join([
    "2026-10-03T03:00:00Z 定时任务 node-c4: 任务 vacuum 启动；/data/wal 和 /data/pg 都在磁盘 sdc 上",
    "2026-10-03T03:05:00Z rds pg-main: 从 az-b 切换到 az-c 完成"])

LIES = {  # claim, what must not be read as fact
    "en-two-places-exchanged": ("At 03:05 pg-main failed over from az-c to az-b", "from az-c to az-b"),
    "zh-two-places-exchanged": ("03:05 pg-main 从 az-c 切换到 az-b 完成", "从 az-c 切换到 az-b"),
}
HONEST = {
    "en-coordination-in-the-other-order": "On node-c4 /data/pg and /data/wal share disk sdc",
    "zh-coordination-in-the-other-order": "node-c4 上 /data/pg 和 /data/wal 都在磁盘 sdc 上",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_two_places_exchanged_are_not_traced = CASES.lies_untraced()
test_two_places_exchanged_are_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_coordination_in_the_other_order_is_traced = CASES.honest_traced()
test_a_coordination_in_the_other_order_is_a_confirmed_finding = CASES.honest_confirmed()
