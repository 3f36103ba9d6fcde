"""A claim that a predicate holds of every member of a set reaches as far as its lines do
(app/domain/extent.py): 都 and 均 "all of them", after a set the line does not list ("三个数据节点
的磁盘使用率都超过了 flood_stage 水位"), are words of extent as 所有, all and every are, so a line may
carry one only where its item says it too. Where the line lists the members before it ("ls-1 与
ls-2 都被拒绝"), each member is named and each is judged by its own line.

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence telling it is refused; honest twins (the member its line names, the members listed) are
confirmed findings. With 都 and 均 out of the class, the Chinese lies pass."""

from __future__ import annotations

import pytest

from app.domain import specific
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-04T07:52:30Z es-data-2: disk usage 95.2%, above the flood_stage watermark 95%",
    "2026-12-04T07:32:00Z _cat/allocation: es-data-1 disk usage 78%, es-data-3 disk usage 81%"])
ZH = "\n".join([
    "2026-12-04T06:40:00Z 日志平台: es-logs 集群有 3 个数据节点 es-data-1、es-data-2、es-data-3",
    "2026-12-04T07:52:30Z es-data-2: 磁盘使用率 95.2%，超过 flood_stage 水位 95%",
    "2026-12-04T07:53:05Z logstash ls-1: 写入 es-logs 被拒绝 403 cluster_block_exception",
    "2026-12-04T07:53:20Z logstash ls-2: 写入 es-logs 被拒绝 403 cluster_block_exception",
    "磁盘水位手册。1. 先用 _cat/allocation 查看每个数据节点的磁盘使用率和分片数。2. 超过 flood_stage 时删除最旧的索引。"
    "3. 事故期间不要调高水位。"])

LIES = {  # the claim, and what must not be read as fact
    "zh-three-all": ("三个数据节点的磁盘使用率都超过了 flood_stage 水位", "都超过了 flood_stage 水位"),
    "zh-jun": ("es-logs 的数据节点磁盘使用率均超过 flood_stage 水位", "均超过 flood_stage 水位"),
    "zh-writers-all": ("两个 logstash 写入 es-logs 都被拒绝 403，es-data-1 也超过 flood_stage 水位", "es-data-1 也超过"),
    "en-all": ("All three data nodes had disk usage above the flood_stage watermark", "All three data nodes"),
}
HONEST = {
    "zh-member": "es-data-2 的磁盘使用率 95.2%，超过 flood_stage 水位",
    "zh-listed": "ls-1 与 ls-2 写入 es-logs 都被拒绝 403",
    "en-member": "es-data-2 disk usage was 95.2%, above the flood_stage watermark",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_all_of_a_set_its_lines_do_not_reach_is_not_traced = CASES.lies_untraced()
test_a_member_or_a_list_of_members_is_traced = CASES.honest_traced()
test_all_of_a_set_its_lines_do_not_reach_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_member_or_a_list_of_members_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_widening_to_all_is_refused = CASES.composer_sentences({
    "zh": (HONEST["zh-member"], "三个数据节点的磁盘使用率都超过了 flood_stage 水位。", False),
    "zh-honest": (HONEST["zh-member"], "es-data-2 的磁盘使用率超过 flood_stage 水位。", True),
    "zh-jun": (HONEST["zh-member"], "数据节点磁盘使用率均超过 flood_stage 水位。", False),
})


@pytest.mark.parametrize(("text", "extent"), [
    ("三个数据节点都超时", True), ("两个节点均超时", True), ("ls-1 与 ls-2 都被拒绝", False),
    ("发布和回滚的都是 zhou.min", False), ("ls-1、ls-2 均失败", False)])
def test_all_of_them_is_extent_unless_the_members_are_listed(text: str, extent: bool) -> None:
    assert any(t in ("都", "均") for t in specific.specific_tokens(text)) is extent
