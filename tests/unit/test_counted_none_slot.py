"""A slot's value right after a count of none is not given (app/domain/slots.py ``_PATTERNS``):
"0 added, 2 changed, 0 destroyed" adds nothing, so a line saying the apply removed a permission
its item says it removed is traced, and one saying it added it is not (the item's setting is
"removed" alone). With the rule off, "0 added" made the item give both values, and the honest
line was refused for putting the apply's commit with another value than its part's."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T13:04:30Z atlantis: terraform apply for project iam-prod at commit 9c41e7d by atlantis-bot: "
    "0 added, 2 changed, 0 destroyed; aws_kms_key_policy.exports (kms:Decrypt removed for role loader)",
    "2026-12-05T13:20:00Z ci: pipeline deploy-web run 812 finished: 0 failed, 14 passed"])
ZH = "\n".join([
    "2026-12-05T13:04:30Z atlantis: 项目 iam-prod 在提交 9c41e7d 上执行 terraform apply：0 added, 2 changed；"
    "角色 loader 的 kms:Decrypt 权限被移除"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-added-for-removed": ("The apply at 9c41e7d added kms:Decrypt for role loader", "added"),
    "en-failed-for-passed": ("Pipeline deploy-web run 812 failed", "failed"),
}, {
    "en-removed": "The apply at 9c41e7d removed kms:Decrypt for role loader",
    "zh-removed": "9c41e7d 的 terraform apply 移除了角色 loader 的 kms:Decrypt 权限",
})
test_a_value_after_a_count_of_none_is_not_given = CASES.lies_untraced()
test_a_value_after_a_count_of_none_does_not_refuse_the_other = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
