"""The one a Chinese line says did what it tells is its item's (app/domain/set_apart.py): an ops log
written in Chinese opens a line with who did it, set apart by a space ("运维日志：王芳 在 es-node-2 上
执行 reindex"), a name in common characters and so no specific token. A line restating one item
with the person another item opens with ("李强 在 es-node-2 上执行 reindex …"), or giving a
runbook's step a person of the log ("王芳 先暂停 reindex"), is not traced, nor read as fact with
the offline engine or a trusting Verifier. In English the same lie names a token the item lacks
(``l.chen``) or a capitalised name, and is refused as such (kept here as its twin). Honest twins:
each line's own person, the one who did it told apart from the one who did not."""

from __future__ import annotations

from app.domain import set_apart
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T07:00:00Z ops-log: w.fang started reindex of logs-2026.12 on es-node-2",
    "2026-12-06T07:20:00Z ops-log: l.chen paused reindex on es-node-2, cluster yellow",
    "2026-12-06T07:30:00Z ops-log: w.fang finished scale-out of es-node-5",
    "[runbook.md § Indices] When the cluster is yellow, pause reindex first, then check shard allocation."])
ZH = "\n".join([
    "2026-12-06 07:00:00 运维日志：王芳 在 es-node-2 上执行 reindex 迁移索引 logs-2026.12",
    "2026-12-06 07:20:00 运维日志：李强 在 es-node-2 上暂停 reindex，集群 yellow",
    "2026-12-06 07:30:00 运维日志：王芳 完成 es-node-5 扩容",
    "[runbook.md § 索引] 集群 yellow 时先暂停 reindex，再检查分片分配。"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-actor-of-another-line": ("l.chen started reindex of logs-2026.12 on es-node-2", "l.chen started reindex"),
    "en-actor-on-a-runbook-step": ("w.fang paused reindex first, then checked shard allocation", "w.fang paused reindex"),
    "zh-actor-of-another-line": ("李强 在 es-node-2 上执行 reindex 迁移索引 logs-2026.12", "李强 在 es-node-2 上执行 reindex"),
    "zh-other-way": ("王芳 在 es-node-2 上暂停 reindex，集群 yellow", "王芳 在 es-node-2 上暂停 reindex"),
    "zh-actor-of-a-later-line": ("李强 完成 es-node-5 扩容", "李强 完成 es-node-5 扩容"),
    "zh-actor-on-a-runbook-step": ("王芳 先暂停 reindex，再检查分片分配", "王芳 先暂停 reindex"),
}, {
    "en-own-actor": "w.fang started reindex of logs-2026.12 on es-node-2",
    "zh-own-actor": "王芳 在 es-node-2 上执行 reindex 迁移索引 logs-2026.12",
    "zh-own-actor-reworded": "李强 在 es-node-2 上暂停了 reindex",
    "zh-told-apart": "暂停 reindex 的是 李强，不是 王芳",
    "zh-later-line": "王芳 完成了 es-node-5 扩容",
})
test_another_lines_actor_is_not_traced = CASES.lies_untraced()
test_another_lines_actor_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_lines_own_actor_is_traced = CASES.honest_traced()
test_a_lines_own_actor_is_a_confirmed_finding = CASES.honest_confirmed()


def test_the_subject_is_the_set_apart_run_a_line_opens_with() -> None:
    assert set_apart.subject("2026-12-06 07:00:00 运维日志：王芳 在 es-node-2 上执行 reindex") == "王芳"
    assert set_apart.subject("王芳 完成了 es-node-5 扩容") == "王芳"
    assert set_apart.subject("mongod mongo-rs0-3：开始构建索引") is None
    assert set_apart.subject("集群状态变为 yellow") is None
