"""The operation slot (app/domain/slots.py, class "operation"): what was done to a thing is a closed
class of answers (restarted, reloaded, scaled out, scaled in, rolled back, upgraded, deployed,
failed over; 重启, 重载, 扩容, 缩容, 回滚, 升级, 发布, 主从切换), each a common word the common-word
vocabulary does not single out. A line that says one was done where its evidence line says another
("restarted" for "rolled back", 扩容 for 回滚) keeps every specific token and most subject terms of
its item, and is not traced to it, nor read as fact with the offline engine, a trusting Verifier or
a lying Composer. Its honest twins: the same operation in other words (reverted, bounced, 回退,
rolled out for deployed), an item giving two operations (either may be said), and a line naming
no operation at all."""

from __future__ import annotations

from app.domain import provenance, slots
from tests.unit.factories import run_session
from tests.unit.rule_cases import RuleCases, by_language
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with

EN = "\n".join([
    "2026-12-05T06:44:36Z deploy: stock-svc rolled back to v2.3.1 by w.lei",
    "2026-12-05T06:50:10Z k8s: deployment cart-api bounced by o.reyes after the config change",
    "2026-12-05T06:55:00Z haproxy lb-01: configuration reloaded by m.okafor (config r118)",
    "2026-12-05T07:02:00Z autoscaler: search-api scaled out from 4 to 9 replicas",
    "2026-12-05T07:10:00Z sentinel s2: failover of cache-main done, rds-02 promoted to master",
    "2026-12-05T07:20:00Z argo: quote-svc v5.0.2 rolled out to prod, then restarted by the operator"])
ZH = "\n".join([
    "2026-12-05T06:44:36Z 发布系统: stock-svc 回滚到 v2.3.1（操作人 王磊）",
    "2026-12-05T06:52:00Z 运维平台: order-svc 扩容到 12 个实例（操作人 李娜）",
    "2026-12-05T06:58:00Z 网关: nginx-gw-3 配置重载完成",
    "2026-12-05T07:05:00Z 哨兵: redis-main 主从切换完成，rds-02 成为主库",
    "2026-12-05T07:15:00Z 发布系统: pay-svc 发布 v3.4.0 后重启（操作人 赵敏）"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-restarted-for-rolled-back": ("At 06:44:36 stock-svc was restarted", "was restarted"),
    "en-scaled-out-for-rolled-back": ("w.lei scaled out stock-svc at 06:44:36", "scaled out"),
    "en-upgraded-for-rolled-back-prose": ("stock-svc was redeployed with v2.3.1 by w.lei", "redeployed"),
    "en-restarted-for-reloaded": ("m.okafor restarted haproxy on lb-01 (config r118)", "restarted"),
    "en-rolled-back-for-bounced": ("o.reyes rolled back cart-api after the config change", "rolled back"),
    "en-restarted-for-scaled": ("search-api was restarted with 9 replicas at 07:02", "restarted"),
    "en-scaled-in-for-out": ("The autoscaler scaled search-api down to 9 replicas", "scaled search-api down"),
    "zh-scaled-for-rolled-back": ("06:44:36 stock-svc 扩容", "扩容"),
    "zh-restarted-for-rolled-back": ("王磊 在 06:44:36 重启了 stock-svc", "重启"),
    "zh-shrunk-for-scaled": ("李娜 把 order-svc 缩容到 12 个实例", "缩容"),
    "zh-restarted-for-reloaded": ("nginx-gw-3 重启完成", "重启"),
    "zh-rolled-back-for-failover": ("redis-main 回滚完成，rds-02 成为主库", "回滚"),
}, {
    "en-said-again": "w.lei rolled back stock-svc to v2.3.1 at 06:44:36",
    "en-reverted": "At 06:44:36 w.lei reverted stock-svc to v2.3.1",
    "en-restarted-for-bounced": "o.reyes restarted cart-api after the config change",
    "en-reload": "m.okafor reloaded the haproxy configuration on lb-01 (config r118)",
    "en-scaled-up": "The autoscaler scaled search-api up from 4 to 9 replicas",
    "en-failed-over": "cache-main failed over at 07:10 and rds-02 is the master now",
    "en-either-of-two": "quote-svc was restarted by the operator after v5.0.2 rolled out",
    "en-deployed-of-rolled-out": "quote-svc v5.0.2 was deployed to prod",
    "en-no-operation": "stock-svc runs v2.3.1 since 06:44:36",
    "zh-said-again": "王磊 在 06:44:36 回滚了 stock-svc",
    "zh-scaled": "李娜 把 order-svc 扩容到 12 个实例",
    "zh-reloaded": "nginx-gw-3 的配置已重载",
    "zh-failover": "07:05 redis-main 完成主从切换，rds-02 成为主库",
    "zh-either-of-two": "pay-svc 发布 v3.4.0 之后重启了",
})
test_an_operation_the_line_does_not_give_is_not_traced = CASES.lies_untraced()
test_an_operation_the_line_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_operation_told_in_other_words_is_traced = CASES.honest_traced()
test_an_operation_told_in_other_words_is_a_confirmed_finding = CASES.honest_confirmed()


def test_the_operation_slot_reads_one_value_per_operation() -> None:
    ops = next(k for k, cls in enumerate(slots.CLASSES) if cls.name == "operation")
    assert slots.values("stock-svc rolled back to v2.3.1")[ops] == slots.values("回滚到 v2.3.1")[ops]
    assert slots.values("pods bounced")[ops] == slots.values("pods restarted")[ops] == slots.values("重启")[ops]
    assert slots.values("scaled out to 9")[ops] != slots.values("scaled in to 9")[ops]
    assert not slots.values("升级到二线")[ops]  # 升级 naming no version is an escalation, no operation


def test_the_audit_says_which_check_refused_a_line_its_item_holds_the_words_of() -> None:
    """A line every word of which an item holds, refused by a check on what it says of them: the
    reason names the check and the item (what the audit's overrides and the Composer's refusal
    carry), not only that no item says it."""
    lie = "At 06:44:36 stock-svc was restarted"
    why = provenance.Items(EN.splitlines()).untraced(lie)
    assert why is not None and "gives a slot another value" in why.reason and "rolled back" in why.reason
    roles = roles_with("all-direct", ScriptedExecutor({1: ([inv("i1", EN)], output(claim("c1", lie, ("i1",))))}))
    _, state, _ = run_session("What went wrong?", roles=roles)
    overrides = " ".join(state.verifier_evaluation.overrides)  # the audit's record of what the rules undid
    assert "direct_evidence -> no_evidence" in overrides and "gives a slot another value" in overrides, overrides
    unheld = provenance.Items(EN.splitlines()).untraced("At 06:44:36 stock-svc was restarted by k.tan")
    assert unheld is not None and unheld.named == "k.tan"
