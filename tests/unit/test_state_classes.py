"""The state classes (app/domain/states.py, read as classes of app/domain/slots.py): what state a thing
is in or what became of it is one of a few answers that exclude each other (running, paused,
stopped; there or gone; going on or ceased; enabled or disabled; healthy, degraded, unhealthy; a link
up or down; a request allowed or denied; locked; mounted; attached; primary or replica; in sync;
valid or expired; a breaker open, half-open or closed). A line that puts one answer for the one its
evidence line gives keeps every token of its item and is not traced, nor read as fact with the
offline engine or a trusting Verifier. Its honest twins: the same state in other words, and the
opposite state negated ("no longer present" of "removed", 不正常 of 异常). Each class is needed:
with its spellings matching nothing, a lie of its own is traced."""

from __future__ import annotations

import re

import pytest

from app.domain import provenance, slots, states
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T08:01:10Z argo: rollout of ledger-api paused by k.ito at step 3/5",
    "2026-12-05T08:03:00Z iptables fw-2: rule DROP-8443 removed by j.diaz",
    "2026-12-05T08:05:00Z bird rtr-4: kept advertising 10.40.0.0/16 to peer 10.9.0.1 after the withdraw request",
    "2026-12-05T08:07:00Z feature-flags: flag checkout_v2 disabled for tenant acme by s.park",
    "2026-12-05T08:09:00Z consul: service billing-api on node-7 marked unhealthy by check billing-http",
    "2026-12-05T08:11:00Z bgpd rtr-1: session with peer 10.9.0.7 established (AS 64512)",
    "2026-12-05T08:13:00Z s3 gateway: PUT to bucket audit-logs by role ci-upload denied (AccessDenied)",
    "2026-12-05T08:15:00Z ldap: account svc-backup locked after 5 bad binds",
    "2026-12-05T08:17:00Z kubelet node-3: volume pvc-data-7 mounted at /var/lib/data",
    "2026-12-05T08:19:00Z aws ec2: volume vol-0a12 detached from i-0bb34 by the autoscaler",
    "2026-12-05T08:21:00Z patroni: pg-2 is now a replica of pg-1 in cluster pay-db",
    "2026-12-05T08:23:00Z gitops: app cart-web out of sync with revision 8f3c2d1",
    "2026-12-05T08:25:00Z cert-manager: certificate api-tls in namespace edge expired at 08:00",
    "2026-12-05T08:27:00Z resilience4j: circuit breaker for pricing-svc half-open after 30s wait",
    "2026-12-05T08:29:00Z ops-log: m.kovac set connection cap 500 on gw-east",
    "2026-12-05T08:40:00Z iptables fw-3: rule ACCEPT-22 kept by j.diaz during the cleanup",
    "2026-12-05T08:42:00Z bgpd rtr-2: session with peer 10.9.0.8 down (hold timer expired)"])
ZH = "\n".join([
    "2026-12-05T08:01:10Z argo: ledger-api 的灰度已暂停（操作人 伊藤）",
    "2026-12-05T08:03:00Z 防火墙 fw-2: 规则 DROP-8443 已移除（操作人 李强）",
    "2026-12-05T08:05:00Z 路由 rtr-4: 收到撤销请求后仍在通告 10.40.0.0/16",
    "2026-12-05T08:07:00Z 功能开关: checkout_v2 已对租户 acme 禁用",
    "2026-12-05T08:09:00Z 监控: 节点 node-7 上的 billing-api 状态异常",
    "2026-12-05T08:11:00Z bgpd rtr-1: 与对端 10.9.0.7 的会话已建立",
    "2026-12-05T08:13:00Z 对象存储: 角色 ci-upload 向 audit-logs 写入被拒绝",
    "2026-12-05T08:15:00Z ldap: 账号 svc-backup 因 5 次认证出错被锁定",
    "2026-12-05T08:17:00Z kubelet: 卷 pvc-data-7 已挂载到 /var/lib/data",
    "2026-12-05T08:19:00Z 云主机: 卷 vol-0a12 已从 i-0bb34 分离",
    "2026-12-05T08:21:00Z 集群 pay-db: pg-2 现为 pg-1 的从库",
    "2026-12-05T08:23:00Z gitops: 应用 cart-web 与版本 8f3c2d1 不同步",
    "2026-12-05T08:25:00Z 证书管理: 证书 api-tls 已于 08:00 过期",
    "2026-12-05T08:27:00Z 熔断器: pricing-svc 的熔断等待 30 秒后进入半开状态"])
LIES = {
    "run state/en-cancelled-for-paused": ("The ledger-api rollout was cancelled by k.ito at step 3/5", "cancelled"),
    "run state/en-resumed-for-paused": ("k.ito resumed the rollout of ledger-api at step 3/5", "resumed"),
    "run state/zh-cancelled-for-paused": ("ledger-api 的灰度已取消（操作人 伊藤）", "取消"),
    "presence/en-kept-for-removed": ("rule DROP-8443 on fw-2 was kept by j.diaz", "was kept"),
    "presence/en-added-for-removed": ("j.diaz added rule DROP-8443 on fw-2", "added"),
    "presence/en-removed-for-set": ("m.kovac removed the connection cap on gw-east", "removed"),
    "presence/en-dropped-for-kept": ("j.diaz dropped rule ACCEPT-22 on fw-3 during the cleanup", "dropped"),
    "presence/zh-still-there-for-removed": ("规则 DROP-8443 仍在 fw-2 上（操作人 李强）", "仍在"),
    "continuation/en-stopped-for-kept": ("rtr-4 stopped advertising 10.40.0.0/16 to peer 10.9.0.1", "stopped"),
    "continuation/zh-no-longer-for-still": ("rtr-4 收到撤销请求后不再通告 10.40.0.0/16", "不再"),
    "enablement/en-enabled-for-disabled": ("s.park enabled flag checkout_v2 for tenant acme", "enabled"),
    "enablement/zh-enabled-for-disabled": ("checkout_v2 已对租户 acme 启用", "启用"),
    "health/en-healthy-for-unhealthy": ("billing-api on node-7 is healthy per check billing-http", "is healthy"),
    "health/en-degraded-for-unhealthy": ("consul marked billing-api on node-7 degraded", "degraded"),
    "health/zh-normal-for-abnormal": ("node-7 上的 billing-api 状态正常", "正常"),
    "link state/en-down-for-established": ("rtr-1's session with peer 10.9.0.7 went down", "went down"),
    "link state/en-established-for-down": ("rtr-2's session with peer 10.9.0.8 established", "established"),
    "link state/zh-broken-for-established": ("rtr-1 与对端 10.9.0.7 的会话断开", "断开"),
    "access/en-allowed-for-denied": ("The PUT to audit-logs by role ci-upload was allowed", "allowed"),
    "access/en-succeeding-for-denied": ("ci-upload's PUT to bucket audit-logs succeeding again", "succeeding"),
    "access/zh-let-through-for-denied": ("角色 ci-upload 向 audit-logs 写入已放行", "放行"),
    "lock/en-unlocked-for-locked": ("account svc-backup was unlocked after 5 bad binds", "unlocked"),
    "lock/zh-unlocked-for-locked": ("账号 svc-backup 因 5 次认证出错被解锁", "解锁"),
    "mount/en-unmounted-for-mounted": ("volume pvc-data-7 unmounted from /var/lib/data on node-3", "unmounted"),
    "mount/zh-unmounted-for-mounted": ("卷 pvc-data-7 已从 /var/lib/data 卸载", "卸载"),
    "attachment/en-attached-for-detached": ("volume vol-0a12 attached to i-0bb34 by the autoscaler", "attached"),
    "attachment/zh-attached-for-detached": ("卷 vol-0a12 已挂接 i-0bb34", "挂接"),
    "replica role/en-primary-for-replica": ("pg-2 is now the primary in cluster pay-db", "primary"),
    "replica role/zh-primary-for-replica": ("pg-2 现为集群 pay-db 的主库", "主库"),
    "sync/en-in-sync-for-out": ("app cart-web is in sync with revision 8f3c2d1", "in sync"),
    "sync/zh-synced-for-out": ("应用 cart-web 与版本 8f3c2d1 已同步", "已同步"),
    "validity/en-renewed-for-expired": ("certificate api-tls in namespace edge was renewed at 08:00", "renewed"),
    "validity/zh-renewed-for-expired": ("证书 api-tls 已于 08:00 续期成功", "续期成功"),
    "breaker/en-closed-for-half-open": ("the circuit breaker for pricing-svc closed after 30s wait", "closed"),
    "breaker/zh-closed-for-half-open": ("pricing-svc 的熔断等待 30 秒后关闭", "关闭"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "run-en-suspended": "k.ito suspended the rollout of ledger-api at step 3/5",
    "run-en-on-hold": "the rollout of ledger-api was put on hold by k.ito at step 3/5",
    "run-zh-hung": "ledger-api 的灰度被挂起（操作人 伊藤）",
    "presence-en-deleted": "j.diaz deleted rule DROP-8443 on fw-2",
    "presence-en-no-longer-present": "rule DROP-8443 is no longer present on fw-2",
    "presence-en-applied-for-set": "m.kovac applied a connection cap of 500 on gw-east",
    "presence-zh-deleted": "李强 删除了 fw-2 的规则 DROP-8443",
    "continuation-en-continued": "rtr-4 continued advertising 10.40.0.0/16 to peer 10.9.0.1",
    "continuation-zh-went-on": "rtr-4 收到撤销请求后继续通告 10.40.0.0/16",
    "enablement-en-turned-off": "flag checkout_v2 turned off for tenant acme by s.park",
    "health-en-not-healthy": "billing-api on node-7 is not healthy per check billing-http",
    "health-zh-not-normal": "node-7 上的 billing-api 状态不正常",
    "link-en-up": "rtr-1's session with peer 10.9.0.7 is up (AS 64512)",
    "link-en-went-down": "rtr-2's session with peer 10.9.0.8 went down (hold timer expired)",
    "link-zh-connected": "rtr-1 与对端 10.9.0.7 的会话已连接",
    "access-en-refused": "PUT to bucket audit-logs by role ci-upload refused (AccessDenied)",
    "access-en-not-permitted": "the PUT to audit-logs by role ci-upload was not permitted",
    "access-zh-refused": "角色 ci-upload 写入 audit-logs 被拒",
    "lock-en-locked-out": "account svc-backup is locked out after 5 bad binds",
    "lock-zh-locked": "账号 svc-backup 已加锁，因 5 次认证出错",
    "mount-en-said-again": "pvc-data-7 is mounted at /var/lib/data on node-3",
    "mount-zh-said-again": "pvc-data-7 挂载在 /var/lib/data",
    "attachment-zh-unbound": "vol-0a12 与 i-0bb34 已分离",
    "replica-en-standby": "pg-2 is now a standby of pg-1 in cluster pay-db",
    "replica-zh-standby": "pg-2 现为集群 pay-db 中 pg-1 的备库",
    "sync-en-lagging": "app cart-web lagging behind revision 8f3c2d1",
    "validity-en-no-longer-valid": "certificate api-tls in namespace edge is no longer valid since 08:00",
    "validity-zh-invalid": "证书 api-tls 已于 08:00 失效",
    "breaker-en-half-open": "circuit breaker for pricing-svc half open after 30s wait",
    "breaker-zh-half-open": "pricing-svc 熔断 30 秒后半开",
})
NEGATED = RuleCases(by_language(EN, ZH), {}, {
    "enablement-en-not-enabled": "flag checkout_v2 is not enabled for tenant acme",
    "enablement-zh-not-enabled": "checkout_v2 对租户 acme 未启用",
    "attachment-en-no-longer": "vol-0a12 is no longer attached to i-0bb34",
    "sync-zh-not-synced": "cart-web 未同步到版本 8f3c2d1",
})
"""The opposite state negated: traced (the Verifier judges a denial on its own)."""
test_a_state_the_line_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_state_the_line_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_state_told_in_other_words_is_traced = CASES.honest_traced()
test_a_state_told_in_other_words_is_a_confirmed_finding = CASES.honest_confirmed()
test_the_opposite_state_negated_is_traced = NEGATED.honest_traced()

_NEVER = re.compile(r"(?!)")


@pytest.mark.parametrize("name", [name for name, _, _ in states.CLASSES if name != "enablement"])
def test_each_state_class_is_needed(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the class's spellings matching nothing, a lie of its own is traced to its item (the
    enablement class's lies are also refused by the setting class of ``app.domain.slots``, the
    continuation and link-state lies by ``app.domain.persistence`` and the link-state class)."""
    k = next(k for k, cls in enumerate(slots.CLASSES) if cls.name == name)
    patterns = list(slots._PATTERNS)
    patterns[k] = tuple(_NEVER for _ in patterns[k])
    monkeypatch.setattr(slots, "_PATTERNS", tuple(patterns))
    _forget()
    try:
        mine = [text for key, (text, _) in LIES.items() if key.startswith(f"{name}/")]
        assert mine
        assert any(provenance.Items(CASES.log_of(t).splitlines()).untraced(t) is None for t in mine)
    finally:
        _forget()


def _forget() -> None:
    """Clear what the trace remembers of the classes' answers."""
    for memo in (slots.values, slots.answered, provenance._untraced, provenance._trace, provenance._traces):
        memo.cache_clear()


OPS_EN = "2026-12-05T06:55:00Z haproxy lb-01: configuration reloaded (config r118), no restart"
OPS_ZH = "2026-12-05T06:58:00Z 网关: nginx-gw-3 配置重载完成，未重启"
UNDONE = RuleCases(by_language(OPS_EN, OPS_ZH), {
    "en-restarted-for-no-restart": ("haproxy on lb-01 was restarted (config r118)", "was restarted"),
    "en-bounced-for-no-restart": ("lb-01 bounced haproxy after configuration r118", "bounced"),
    "zh-restarted-for-not-restarted": ("nginx-gw-3 配置重载后重启完成", "重启完成"),
}, {
    "en-without-a-restart": "lb-01 reloaded its haproxy configuration (config r118) without a restart",
    "en-not-restarted": "haproxy on lb-01 was not restarted; configuration reloaded (config r118)",
    "zh-not-restarted": "nginx-gw-3 配置重载完成，没有重启",
})
"""An action an item says was not done is no answer it gives (``states.undenied``, read for the
operation class): "reloaded, no restart" answers reloaded only."""
test_an_action_its_item_says_was_not_done_is_not_traced = UNDONE.lies_untraced()
test_an_action_its_item_says_was_not_done_is_not_read_as_fact = UNDONE.lies_not_read_as_fact()
test_an_action_said_not_done_in_other_words_is_traced = UNDONE.honest_traced()
