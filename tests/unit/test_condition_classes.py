"""The condition classes (app/domain/conditions.py, read as classes of app/domain/slots.py), and a
quantity holding flat (a value of slots' quantity change): each question has a few answers that
exclude each other (full or room left; answered, no answer or refused; a cause confirmed, suspected
or ruled out; once, repeatedly or continuously; a change applied or not; a transaction committed
or rolled back; a message delivered, dropped, dead-lettered or queued; acknowledged or not; a
quantity rising, falling or flat). A line that puts one answer for the one its evidence line gives
keeps every token of its item and is not traced, nor read as fact with the offline engine or a
trusting Verifier. Its honest twins: the same answer in other words, the opposite one negated, and
a word of the class in another sense ("once the hold timer expired"). Each class is needed: with
its spellings matching nothing, a lie of its own is traced."""

from __future__ import annotations

import pytest

from app.domain import conditions
from tests.unit.rule_cases import RuleCases, by_language, traced_without

EN = "\n".join([
    "2026-12-05T10:01:00Z kubelet node-5: disk /var/lib/docker full (100% used), image pull for pod web-7 failed",
    "2026-12-05T10:03:00Z hikari pool order-db: connections exhausted (50/50 in use), 212 threads waiting",
    "2026-12-05T10:05:00Z blackbox mon-2: probe http://api-7:8080/healthz timed out after 10s",
    "2026-12-05T10:07:00Z ping jump-1: host db-9 unreachable (100% packet loss)",
    "2026-12-05T10:09:00Z incident INC-7721: root cause confirmed as expired certificate api-tls on lb-2",
    "2026-12-05T10:11:00Z incident INC-7722: suspected cause a bad route map on rtr-2; disk on db-3 ruled out",
    "2026-12-05T10:13:00Z bgpd rtr-3: session with peer 10.9.0.5 dropped once at 10:12 (hold timer expired)",
    "2026-12-05T10:15:00Z nginx web-2: upstream api-7 timed out intermittently between 10:00 and 10:14",
    "2026-12-05T10:17:00Z puppet: catalog r2290 applied on bt-worker-07 (9 resources)",
    "2026-12-05T10:19:00Z puppet: catalog r2291 not applied on bt-worker-09 (catalog compile error)",
    "2026-12-05T10:21:00Z postgres pay-db: transaction 88123 rolled back (deadlock with 88120)",
    "2026-12-05T10:25:00Z rabbitmq: 57 messages on queue billing.events unacknowledged by consumer c-4",
    "2026-12-05T10:27:00Z grafana: heap of search-3 flat at 7.1 GB since 10:00"])
ZH = "\n".join([
    "2026-12-05T10:01:00Z 监控: 节点 node-5 的 /data 磁盘已满（使用率 100%）",
    "2026-12-05T10:03:00Z 连接池 order-db: 连接已耗尽（50/50），212 个线程等待",
    "2026-12-05T10:05:00Z 探测: 从 mon-2 访问 api-7:8080 超时（10 秒）",
    "2026-12-05T10:09:00Z 故障 INC-7723: 根因疑似 rtr-2 路由策略错误，尚未确认",
    "2026-12-05T10:12:00Z 监控: redis-3 的连接超时间歇出现（10:00-10:10 共 4 次）",
    "2026-12-05T10:17:00Z 发布: r2290 没有在 bt-worker-07 上应用（catalog 编译错误）",
    "2026-12-05T10:21:00Z 数据库 pay-db: 事务 88123 已回滚（与 88120 死锁）",
    "2026-12-05T10:23:00Z 消息队列: 订单消息 57 条投递失败，已进入死信队列",
    "2026-12-05T10:25:00Z 消息队列: 消费者 c-4 有 57 条消息未确认",
    "2026-12-05T10:27:00Z 监控: kafka 消费延迟自 10:00 起持平，约 12000 条"])
LIES = {
    "capacity/en-free-for-full": ("kubelet node-5: disk /var/lib/docker free, image pull for pod web-7 failed", "free"),
    "capacity/en-had-free-for-exhausted": (
        "hikari pool order-db had free connections (50/50 in use), 212 threads waiting", "had free"),
    "capacity/en-available-for-exhausted": (
        "hikari pool order-db: connections available (50/50 in use), 212 threads waiting", "available"),
    "capacity/zh-idle-for-full": ("节点 node-5 的 /data 磁盘空闲（使用率 100%）", "空闲"),
    "capacity/zh-idle-for-exhausted": ("连接池 order-db: 仍有空闲连接（50/50），212 个线程等待", "空闲"),
    "reachability/en-refused-for-timed-out": (
        "blackbox mon-2: http://api-7:8080/healthz refused the connection", "refused"),
    "reachability/en-answered-for-unreachable": ("host db-9 answered jump-1's ping", "answered"),
    "reachability/zh-refused-for-timed-out": ("探测: 从 mon-2 访问 api-7:8080 连接被拒绝", "连接被拒绝"),
    "reachability/zh-reachable-for-timed-out": ("探测: 从 mon-2 访问 api-7:8080 可达", "可达"),
    "certainty/en-suspected-for-confirmed": (
        "INC-7721: root cause suspected to be expired certificate api-tls on lb-2", "suspected"),
    "certainty/en-possibly-for-confirmed": (
        "INC-7721: root cause possibly expired certificate api-tls on lb-2", "possibly"),
    "certainty/en-ruled-out-for-confirmed": (
        "INC-7721: expired certificate api-tls on lb-2 was ruled out as root cause", "ruled out"),
    "certainty/en-suspected-for-ruled-out": ("INC-7722: disk on db-3 is the suspected cause", "suspected"),
    "certainty/zh-found-for-suspected": ("故障 INC-7723: 根因已查明是 rtr-2 路由策略错误", "已查明"),
    "certainty/zh-confirmed-for-suspected": ("故障 INC-7723: 根因已确认是 rtr-2 路由策略错误", "已确认"),
    "frequency/en-intermittently-for-once": (
        "rtr-3's session with peer 10.9.0.5 dropped intermittently (hold timer expired)", "intermittently"),
    "frequency/en-once-for-intermittently": (
        "upstream api-7 timed out once between 10:00 and 10:14 on web-2", "once"),
    "frequency/zh-continuous-for-intermittent": ("redis-3 的连接超时持续出现（10:00-10:10 共 4 次）", "持续"),
    "application/en-not-applied-for-applied": ("puppet: catalog r2290 was not applied on bt-worker-07", "not applied"),
    "application/en-applied-for-not-applied": ("puppet: catalog r2291 applied on bt-worker-09", "applied"),
    "application/zh-applied-for-not-applied": ("发布: r2290 已在 bt-worker-07 上应用", "已在"),
    "application/en-failed-for-applied": ("puppet: catalog r2290 apply failed on bt-worker-07", "apply failed"),
    "application/zh-took-effect-for-not-applied": ("发布: r2290 在 bt-worker-07 上生效", "生效"),
    "transaction/en-committed-for-rolled-back": (
        "postgres pay-db: transaction 88123 committed (deadlock with 88120)", "committed"),
    "transaction/zh-committed-for-rolled-back": ("数据库 pay-db: 事务 88123 已提交（与 88120 死锁）", "已提交"),
    "delivery/zh-dropped-for-dead-lettered": ("消息队列: 订单消息 57 条已丢弃", "丢弃"),
    "acknowledgement/en-acked-for-unacked": (
        "57 messages on queue billing.events acknowledged by consumer c-4", "acknowledged"),
    "acknowledgement/zh-acked-for-unacked": ("消息队列: 消费者 c-4 的 57 条消息已确认", "已确认"),
    "quantity change/en-rising-for-flat": ("grafana: heap of search-3 rising at 7.1 GB since 10:00", "rising"),
    "quantity change/zh-rising-for-flat": ("监控: kafka 消费延迟自 10:00 起上升，约 12000 条", "上升"),
    "quantity change/zh-falling-back-for-flat": ("监控: kafka 消费延迟自 10:00 起回落，约 12000 条", "回落"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "capacity-en-out-of-space": "kubelet node-5: /var/lib/docker was out of space (100% used), image pull for web-7 failed",
    "capacity-en-ran-out": "hikari pool order-db ran out of connections, 50/50 in use, 212 threads waiting",
    "capacity-en-was-full": "hikari pool order-db was full, 50/50 in use, 212 threads waiting",
    "capacity-zh-written-full": "节点 node-5 的 /data 磁盘写满了，使用率 100%",
    "capacity-zh-used-up": "连接池 order-db 的连接用完了（50/50），212 个线程等待",
    "reachability-en-no-answer": "blackbox mon-2: probe of http://api-7:8080/healthz got no answer within 10s",
    "certainty-en-verified": "INC-7721: root cause verified: expired certificate api-tls on lb-2",
    "certainty-en-likely": "INC-7722: the cause is likely a bad route map on rtr-2",
    "certainty-en-ruled-out": "INC-7722: disk on db-3 was ruled out",
    "certainty-zh-suspected": "故障 INC-7723: 根因怀疑是 rtr-2 路由策略错误，未确认",
    "certainty-zh-possibly": "故障 INC-7723: 根因可能是 rtr-2 路由策略错误，尚未确认",
    "frequency-en-single-time": "rtr-3's session with peer 10.9.0.5 dropped a single time at 10:12",
    "frequency-en-once-the": "once the hold timer expired, rtr-3's session with peer 10.9.0.5 dropped at 10:12",
    "frequency-en-on-and-off": "upstream api-7 timed out on and off between 10:00 and 10:14 on web-2",
    "frequency-zh-on-and-off": "redis-3 的连接超时断续出现（10:00-10:10 共 4 次）",
    "application-zh-not-applied": "r2290 未在 bt-worker-07 上应用（catalog 编译错误）",
    "transaction-en-aborted": "postgres pay-db: transaction 88123 was aborted after a deadlock with 88120",
    "transaction-zh-rolled-back": "数据库 pay-db: 事务 88123 因与 88120 死锁被回滚",
    "delivery-zh-dead-letter": "订单消息 57 条投递失败，进了死信队列",
    "quantity-en-unchanged": "grafana: heap of search-3 unchanged at 7.1 GB since 10:00",
    "quantity-en-steady": "grafana: heap of search-3 steady at 7.1 GB since 10:00",
    "quantity-zh-about-the-same": "kafka 消费延迟自 10:00 起基本不变，约 12000 条",
})
DENIED = RuleCases(by_language(EN, ZH), {}, {
    "certainty-en-plain": "INC-7721: the root cause was the expired certificate api-tls on lb-2",
    "reachability-en-did-not-respond": "ping jump-1: host db-9 did not respond (100% packet loss)",
    "reachability-zh-no-response": "探测: 从 mon-2 访问 api-7:8080 无响应（10 秒）",
    "application-en-failed-to-apply": "puppet: catalog r2291 failed to apply on bt-worker-09 (catalog compile error)",
    "acknowledgement-en-not-acked": "57 messages on queue billing.events not acknowledged by consumer c-4",
    "acknowledgement-zh-not-acked": "消费者 c-4 有 57 条消息没有确认",
})
"""The answer said as the opposite one denied, and a cause restated bare: traced (the Verifier judges
a denial on its own, and the answer words a cause as likely)."""
test_a_condition_the_line_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_condition_the_line_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_condition_told_in_other_words_is_traced = CASES.honest_traced()
test_a_condition_told_in_other_words_is_a_confirmed_finding = CASES.honest_confirmed()
test_the_opposite_condition_denied_is_traced = DENIED.honest_traced()

@pytest.mark.parametrize("name", [name for name, _, _ in conditions.CLASSES] + ["quantity change"])
def test_each_condition_class_is_needed(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the class's spellings matching nothing (for the quantity change, its flat value), a lie
    of its own is traced to its item."""
    mine = [text for key, (text, _) in LIES.items() if key.startswith(f"{name}/")]
    assert mine
    assert traced_without(name, mine, CASES.log_of, monkeypatch, [2] if name == "quantity change" else None)
