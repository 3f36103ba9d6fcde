"""A character after a number is its measure word only where the Chinese cut gives it as a word of
its own, or a unit (app/domain/specific.py): in "以权重 50 重新加入读池" 重 begins 重新 ("again"), so the
value is 50, not "50 重", and a claim restating the line is traced; "68210 条消息" and "40 分钟" keep
their measure and unit. A claim giving another number in that place, or another measure word, is
still refused. With the rule off, the honest claims are refused ("names '50 重'")."""

from __future__ import annotations

import pytest

from app.domain import provenance, specific
from tests.unit.rule_cases import read_as_fact, session_on

ZH = "\n".join([
    "2026-07-09T08:12:00Z 负载均衡 lb-gz-2: 节点 app-gz-7 健康检查恢复，已重新加入后端池，权重 80",
    "2026-07-09T08:20:00Z 消息队列 mq-gz-1: 消费组 settle 积压 68210 条消息，延迟 40 分钟"])

HONEST = {
    "again": "app-gz-7 健康检查恢复后以权重 80 重新加入后端池",
    "again-after": "lb-gz-2 上 app-gz-7 恢复后以权重 80 重新加入了后端池",
}
LIES = {
    "other-weight": ("app-gz-7 健康检查恢复后以权重 60 重新加入后端池", "60"),
    "other-measure": ("消费组 settle 积压 68210 秒消息", "68210 秒"),
}


@pytest.mark.parametrize(("text", "tokens"), [
    ("以权重 80 重新加入后端池", ["80"]),
    ("积压 68210 条消息", ["68210 条"]),
    ("延迟 40 分钟", ["40 分钟"]),
], ids=["word-begun", "measure", "unit"])
def test_a_measure_word_is_a_word_of_its_own(text: str, tokens: list[str]) -> None:
    assert specific.specific_tokens(text) == tokens


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_number_before_a_word_is_a_finding(text: str, verifier: str) -> None:
    assert provenance.Items(ZH.splitlines()).untraced(text) is None
    a = session_on(ZH, text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_another_number_or_measure_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(ZH, text, verifier)
    assert not read_as_fact(needle, a.final_answer), a.final_answer


def test_a_composer_sentence_with_another_weight_is_refused() -> None:
    a = session_on(ZH, HONEST["again"], lie="app-gz-7 以权重 60 重新加入后端池。")
    assert a.verdict == "PASS" and a.composer_status != "valid", a.final_answer


COUNTS = ["2026-07-09T08:12:00Z 主机 db-gz-1: 当前有 16 个实例在运行",
          "2026-07-09T08:14:00Z 运维操作记录: chen.hao 将 app-x 实例从 4 个扩容到 8 个"]


@pytest.mark.parametrize(("text", "traced"), [
    ("db-gz-1 当前有 16 个核在运行", False),  # 16 个 counts 实例 there, not 核
    ("chen.hao 将 app-x 扩容到 8 个节点", False),
    ("db-gz-1 当前有 16 个实例在运行", True),
    ("chen.hao 将 app-x 扩容到 8 个实例", True),  # 8 个 counts nothing after it; the line names 实例
], ids=["other-noun", "noun-the-line-lacks", "same-noun", "noun-elsewhere-on-the-line"])
def test_a_general_measure_word_counts_only_its_own_noun(text: str, traced: bool) -> None:
    assert (provenance.Items(COUNTS).untraced(text) is None) is traced
