"""A denial over a window the line counts as none (app/domain/alignment.py ``_counted_denials``),
read against the line of the claim's time (app/domain/lines.py ``Lines.restated``).

"No slow fsync warnings in the 2 min before 03:19" restates "no slow fsync warnings in last 2
min": the 2 is the window, not a count of warnings. "08:24 过去 60 秒没有写入失败" restates the 08:24
line counting 0 failures, not the 07:53 line of the same words counting 5120: where two lines
share the claim's words alike, the one at the claim's time is the one it restates. A denial of
what its line counts above none stays refused, and so does one of a thing a bracket of the line
counts apart ("未分配分片 6 个（主分片 0 个）" counts 6 unassigned shards): the gatekeeper reads it
contradicted, and it is not read as fact."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-03T02:58:00Z etcd cp-b2: slow fsync warnings 14 in last 2 min, wal p99 1.4 s",
    "2026-10-03T03:19:00Z etcd cp-b2: wal p99 8 ms, no slow fsync warnings in last 2 min"])
ZH = "\n".join([
    "2026-10-03T07:53:05Z logstash lx-1: 写入 es-main 被拒绝 403，过去 60 秒失败 5120 条",
    "2026-10-03T08:21:00Z es-master-4: 集群状态 red 变为 yellow，未分配分片 6 个（主分片 0 个）",
    "2026-10-03T08:24:10Z logstash lx-1: 写入恢复，过去 60 秒失败 0 条"])

LIES = {  # claim, what must not be read as fact
    "en-denial-of-a-count-above-none": ("cp-b2 logged no slow fsync warnings in the 2 min before 02:58",
                                        "no slow fsync warnings in the 2 min before 02:58"),
    "zh-denial-at-the-time-of-a-count-above-none": ("07:53 lx-1 过去 60 秒没有写入失败", "没有写入失败"),
    "zh-denial-of-what-a-bracket-counts-apart": ("08:21 集群已经没有未分配分片", "没有未分配分片"),
}
HONEST = {
    "en-denial-over-the-window-counting-none": "cp-b2 logged no slow fsync warnings in the 2 min before 03:19",
    "zh-denial-at-the-time-of-a-count-of-none": "08:24 lx-1 过去 60 秒没有写入失败",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_denial_of_a_count_above_none_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_denial_over_a_window_counting_none_is_traced = CASES.honest_traced()
test_a_denial_over_a_window_counting_none_is_a_confirmed_finding = CASES.honest_confirmed()
