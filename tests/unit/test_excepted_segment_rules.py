"""A negator sets apart the names of its own segment of a part, not those of the segment beside it
(app/domain/excepted.py ``excepting``, ``_SEGMENT``).

"wal_fsync p99 9 ms, no slow fdatasync warnings in last 2 min": the "no" denies the warnings, and
"wal_fsync p99 was 9 ms" restates its own segment. "(api-1 updated, api-2 not changed)" sets
api-2 apart, not api-1: "api-1 was updated to v2.9.0" is the line's, and "v2.9.0 was rolled out
to api-2" stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-03T03:19:00Z etcd cp-b2 (follower, term 43): wal_fsync p99 9 ms, no slow fdatasync warnings in last 2 min",
    "2026-10-03T03:30:00Z deploy: v2.9.0 rolled out (api-1 updated, api-2 not changed)"])
ZH = "\n".join([
    "2026-10-03T03:19:00Z etcd cp-b2（follower，term 43）：wal_fsync p99 9 ms，过去 2 分钟没有 fdatasync 慢告警",
    "2026-10-03T03:30:00Z 发布: v2.9.0 已发布（api-1 已更新，api-2 未变）"])

LIES = {  # claim, what must not be read as fact
    "en-the-name-its-segment-sets-apart": ("At 03:30 v2.9.0 was rolled out to api-2", "api-2"),
    "zh-the-name-its-segment-sets-apart": ("03:30 api-2 已更新到 v2.9.0", "api-2"),
}
HONEST = {
    "en-a-name-beside-the-denial": "At 03:19 cp-b2 wal_fsync p99 was 9 ms",
    "en-a-name-beside-the-exception": "At 03:30 api-1 was updated to v2.9.0",
    "zh-a-name-beside-the-denial": "03:19 cp-b2 的 wal_fsync p99 为 9 ms",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_the_name_its_segment_sets_apart_is_not_traced = CASES.lies_untraced()
test_the_name_its_segment_sets_apart_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_name_beside_a_denial_is_traced = CASES.honest_traced()
test_a_name_beside_a_denial_is_a_confirmed_finding = CASES.honest_confirmed()
