"""A lone 后 after a Latin word naming an event (app/domain/postposition.py): "dropIndex 后 mongo-rs0-3
复制延迟 10:24:00 降到 95 秒，10:31:00 降到 4 秒" is "dropIndex 之后 …": the command is the event the rest
comes after. Each side is traced to dated lines (a side of two readings each to its own,
``Items._dated``), and each clause of a side is put in order against the other side. The nearest
lies: a reading from before the command put after it, an event that came first said to follow.
English has no such postposition; its twin is the same line with "after", judged as before."""

from __future__ import annotations

from app.domain import postposition
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T10:06:45Z mongod mongo-rs0-3: index build sku_1_ts_-1 started, replication lag up to 220 s",
    "2026-12-05T10:21:40Z ops-log: s.yue ran dropIndex on mongo-rs0-1 to abort the index build",
    "2026-12-05T10:24:00Z mongod mongo-rs0-3: index build aborted, replication lag down to 95 s",
    "2026-12-05T10:31:00Z mongod mongo-rs0-3: replication lag 4 s"])
ZH = "\n".join([
    "2026-12-05 10:06:45 mongod mongo-rs0-3：开始构建索引 sku_1_ts_-1，复制延迟升至 220 秒",
    "2026-12-05 10:21:40 运维日志：孙悦 在 mongo-rs0-1 上执行 dropIndex 中止索引构建",
    "2026-12-05 10:24:00 mongod mongo-rs0-3：索引构建已中止，复制延迟降至 95 秒",
    "2026-12-05 10:31:00 mongod mongo-rs0-3：复制延迟 4 秒"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-before-said-after": ("After dropIndex the replication lag of mongo-rs0-3 rose to 220 s", "rose to 220 s"),
    "zh-earlier-reading-after": ("dropIndex 后 mongo-rs0-3 复制延迟 10:06:45 升至 220 秒，10:24:00 降到 95 秒",
                                 "10:06:45 升至 220 秒"),
    "zh-before-said-after": ("dropIndex 后 mongo-rs0-3 开始构建索引 sku_1_ts_-1", "开始构建索引"),
}, {
    "en-after": "After s.yue ran dropIndex, replication lag on mongo-rs0-3 went down to 95 s",
    "zh-two-readings": "dropIndex 后 mongo-rs0-3 复制延迟 10:24:00 降到 95 秒，10:31:00 降到 4 秒",
    "zh-one-reading": "dropIndex 后 mongo-rs0-3 复制延迟降至 95 秒",
})
test_an_event_before_the_named_one_is_not_traced = CASES.lies_untraced()
test_an_event_before_the_named_one_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_what_came_after_a_named_event_is_traced = CASES.honest_traced()
test_what_came_after_a_named_event_is_a_confirmed_finding = CASES.honest_confirmed()


def test_a_lone_hou_after_a_latin_word_is_after_but_not_after_a_time() -> None:
    assert postposition.spelled_out("dropIndex 后 恢复") == "dropIndex 之后 恢复"
    assert postposition.spelled_out("10:24:00Z 后 恢复") == "10:24:00Z 后 恢复"
    assert postposition.spelled_out("02:24 后 恢复") == "02:24 后 恢复"
