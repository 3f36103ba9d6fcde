"""A line that is its item's own words, from a clause's opening to a clause's end, says what those
clauses say (app/domain/denied_apart.py, ``quoted``): a runbook step quoted as a next step ("如果健康检查
路径被部署改动，先用 modify-target-group 恢复原路径，再修部署模板") is not denied by a negation in another
sentence of the runbook (its title's 不健康, "not healthy"). A piece after a negator ("delete the target
group" of "Do not delete the target group", "删除目标组" of "不能删除目标组") opens no clause, and is still
what the item denies."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("ALB runbook for targets that are not healthy. 1. If a deploy changed the health check path, restore it"
      " with modify-target-group, then fix the deploy template. 2. Do not delete the target group tg-pay-gw.")
ZH = ("ALB 目标不健康处理手册。1. 如果健康检查路径被部署改动，先用 modify-target-group 恢复原路径，再修部署模板。"
      "2. 不能删除目标组 tg-pay-gw。")

LIES = {
    "en-piece-after-a-negator": ("delete the target group tg-pay-gw", "delete the target group"),
    "zh-piece-after-a-negator": ("删除目标组 tg-pay-gw", "删除目标组"),
}
HONEST = {
    "en-quoted-step": "If a deploy changed the health check path, restore it with modify-target-group, then fix the"
                      " deploy template",
    "en-quoted-clauses": "restore it with modify-target-group, then fix the deploy template",
    "zh-quoted-step": "如果健康检查路径被部署改动，先用 modify-target-group 恢复原路径，再修部署模板",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_piece_after_a_negator_is_not_traced = CASES.lies_untraced()
test_a_quoted_clause_is_not_denied_by_another_sentence = CASES.honest_traced()
test_a_piece_after_a_negator_is_not_read_as_fact = CASES.lies_not_read_as_fact()
