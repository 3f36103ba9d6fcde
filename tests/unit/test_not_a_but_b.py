"""Not A but B (app/domain/contrast.py): a clause denying a value of a closed slot class and a
clause of contrast (而是, but rather, instead) giving another value of that class say what the
contrast says: "zk-02 恢复后没有再当 leader，而是以 follower 身份重新加入" restates "…；zk-02 恢复后以
follower 身份重新加入", and is no flip (the Gatekeeper called it contradicted). The reading must be
traced whole to one item, so its value stays its item's: the contrast turned round ("没有再当
follower，而是以 leader 身份") or put on another name, and a denial the line gives no contrast of,
are refused as before."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-23T20:11:07Z zk-03 elected leader, epoch 0x1b; zk-02 rejoined as follower after its recovery",
    "2026-12-05T06:44:36Z deploy: stock-svc rolled back to v2.3.1 by w.lei"])
ZH = "\n".join([
    "2026-11-23 20:11:07 zk-03 当选 leader，epoch 由 0x1a 升为 0x1b；zk-02 恢复后以 follower 身份重新加入",
    "2026-12-05 06:44:36 发布系统: stock-svc 回滚到 v2.3.1（操作人 王磊）"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-turned": ("zk-02 was not the follower but rejoined as leader after its recovery", "rejoined as leader"),
    "en-no-contrast": ("zk-02 was not a follower after its recovery", "not a follower"),
    "en-other-operation": ("stock-svc was not rolled back but restarted by w.lei", "restarted"),
    "zh-turned": ("zk-02 恢复后没有再当 follower，而是以 leader 身份重新加入", "以 leader 身份"),
    "zh-no-contrast": ("zk-02 恢复后没有以 follower 身份重新加入", "没有以 follower"),
    "zh-other-operation": ("王磊 没有回滚 stock-svc，而是重启了它", "重启"),
}, {
    "en-not-leader-but-follower": "zk-02 was not the leader but rejoined as follower after its recovery",
    "en-instead": "stock-svc was not restarted; instead w.lei rolled it back to v2.3.1",
    "zh-not-leader-but-follower": "zk-02 恢复后没有再当 leader，而是以 follower 身份重新加入",
    "zh-not-restarted-but-rolled-back": "stock-svc 没有重启，而是回滚到 v2.3.1",
})
test_a_contrast_its_line_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_contrast_its_line_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_not_a_but_b_is_traced = CASES.honest_traced()
test_not_a_but_b_is_a_confirmed_finding = CASES.honest_confirmed()
