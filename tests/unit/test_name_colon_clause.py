"""A colon inside a name is no clause boundary (app/domain/provenance.py ``_CLAUSE``): ``kms:Decrypt``
and ``s3:DeleteObject`` are one token, so a line naming one is traced whole, to the item telling
what happened to it. With the rule off the line was cut at the colon, "…at commit 4be12c0 restored
s3" traced to the line of the commit and "DeleteObject for role loader" to the revert's, each
clause to an item: the apply that removed the permission was said to restore it."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-02T08:10:00Z github: PR #812 'narrow bucket access' by m.ortiz merged to infra main at commit 4be12c0",
    "2026-11-02T08:12:30Z atlantis: terraform apply for project data-prod at commit 4be12c0: 0 added, 1 changed, "
    "0 destroyed; aws_iam_policy.loader (s3:DeleteObject removed for role loader)",
    "2026-11-02T08:40:00Z ops-log: m.ortiz reverted PR #812; atlantis apply at commit 77d0a1e restored "
    "s3:DeleteObject for role loader"])
ZH = "\n".join([
    "2026-11-02 08:12:30 atlantis：项目 data-prod 在提交 4be12c0 上执行 terraform apply，角色 loader 的 "
    "s3:DeleteObject 权限被移除",
    "2026-11-02 08:40:00 运维日志：m.ortiz 回滚 PR #812，提交 77d0a1e 上的 apply 为角色 loader 恢复了 s3:DeleteObject 权限"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-restored-by-the-removing-apply": (
        "The Atlantis apply at commit 4be12c0 restored s3:DeleteObject for role loader", "restored"),
    "zh-restored-by-the-removing-apply": ("提交 4be12c0 上的 apply 恢复了角色 loader 的 s3:DeleteObject 权限", "恢复"),
    "zh-restored-to-loader": ("提交 4be12c0 的 apply 给 loader 恢复了 s3:DeleteObject", "恢复"),
}, {
    "en-removed": "The Atlantis apply at commit 4be12c0 removed s3:DeleteObject for role loader",
    "en-restored-by-the-revert": "The apply at commit 77d0a1e restored s3:DeleteObject for role loader",
    "zh-removed": "提交 4be12c0 上的 terraform apply 移除了角色 loader 的 s3:DeleteObject 权限",
    "zh-restored-by-the-revert": "提交 77d0a1e 上的 apply 为角色 loader 恢复了 s3:DeleteObject 权限",
})
test_a_name_with_a_colon_is_read_whole = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()
