"""Two closed classes of ``app/domain/slots.py``: the state of a link (a session, a neighbour, a
tunnel, a connection is up: established, connected, online, reachable; 已建立, 连通, 在线, 可达 — or
down: disconnected, offline, unreachable; 断开, 中断, 离线, 不可达) and what was done to a setting (set,
added, applied, enabled; 设置, 添加, 启用 — or removed, deleted, disabled; 删除, 移除, 禁用). Each
answer is a common word, so a line that says one where its item says the other ("the BGP session …
was down" of "neighbor … Established", "removed the rate limit" of "set rate limit") keeps every
specific token and most words of its item; it is not traced, nor read as fact with the offline
engine or a trusting Verifier. Honest twins: the item's own state or change, in other words."""

from __future__ import annotations

from app.domain import slots
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-06T09:00:00Z bgp rtr-a1: neighbor 10.0.0.2 (rtr-b1) Established, 880 prefixes received",
    "2026-12-06T09:05:00Z ipsec gw-3: tunnel vpn-lon down, peer 203.0.113.9 unreachable",
    "2026-12-06T09:10:00Z ops-log: k.ito set rate limit 500/s on api-gw-2",
    "2026-12-06T09:20:00Z ops-log: k.ito removed the debug flag on api-gw-4"])
ZH = "\n".join([
    "2026-12-06 09:00:00 bgp rtr-a1：邻居 10.0.0.2（rtr-b1）会话已建立，收到 880 条路由",
    "2026-12-06 09:05:00 ipsec gw-3：隧道 vpn-lon 断开，对端 203.0.113.9 不可达",
    "2026-12-06 09:10:00 运维日志：k.ito 在 api-gw-2 上设置限流 500/s",
    "2026-12-06 09:20:00 运维日志：k.ito 删除了 api-gw-4 上的 debug 开关"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-down-for-established": ("At 09:00 the BGP session from rtr-a1 to rtr-b1 was down", "rtr-b1 was down"),
    "en-disconnected-for-established": ("rtr-a1's neighbor 10.0.0.2 was disconnected at 09:00", "disconnected"),
    "en-up-for-down": ("At 09:05 tunnel vpn-lon on gw-3 was up", "vpn-lon on gw-3 was up"),
    "en-removed-for-set": ("k.ito removed the rate limit 500/s on api-gw-2", "removed the rate limit"),
    "en-enabled-for-removed": ("k.ito enabled the debug flag on api-gw-4", "enabled the debug flag"),
    "zh-down-for-established": ("rtr-a1 到 rtr-b1 的 bgp 会话 09:00 断开", "会话 09:00 断开"),
    "zh-online-for-down": ("gw-3 上的隧道 vpn-lon 09:05 在线", "vpn-lon 09:05 在线"),
    "zh-removed-for-set": ("k.ito 删除了 api-gw-2 上的限流 500/s", "删除了 api-gw-2 上的限流"),
    "zh-enabled-for-removed": ("k.ito 在 api-gw-4 上启用 debug 开关", "启用 debug 开关"),
}, {
    "en-established": "At 09:00 the BGP session from rtr-a1 to neighbor 10.0.0.2 (rtr-b1) was Established",
    "en-down": "tunnel vpn-lon on gw-3 was down at 09:05, peer 203.0.113.9 unreachable",
    "en-set": "k.ito set a rate limit of 500/s on api-gw-2",
    "en-removed": "k.ito removed the debug flag on api-gw-4 at 09:20",
    "zh-established": "rtr-a1 的 bgp 邻居 10.0.0.2 会话已建立",
    "zh-down": "隧道 vpn-lon 09:05 断开",
    "zh-set": "k.ito 在 api-gw-2 上设置了限流 500/s",
    "zh-removed": "k.ito 删除了 api-gw-4 的 debug 开关",
})
test_a_link_state_or_setting_change_the_line_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_link_state_or_setting_change_the_line_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_lines_own_link_state_or_setting_change_is_traced = CASES.honest_traced()
test_the_lines_own_link_state_or_setting_change_is_a_confirmed_finding = CASES.honest_confirmed()


def test_a_move_up_or_down_is_no_link_state() -> None:
    k = [c.name for c in slots.CLASSES].index("link state")
    assert not slots.values("search-api scaled down to 9 replicas")[k]
    assert not slots.values("the rate went up by 20%")[k]
    assert slots.values("the session went down")[k] == slots.values("会话断开")[k]
    assert slots.values("not established")[k] == slots.values("未建立")[k]
