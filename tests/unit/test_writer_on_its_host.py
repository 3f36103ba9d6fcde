"""The program that wrote a line runs on the host its header names (app/domain/writer.py): "haproxy
on app-12 logged Layer4 timeout" of "gw-3 haproxy: … server app-12 is DOWN, reason: Layer4 timeout"
puts what gw-3's haproxy logged on the server it names. A line naming the writing program with
another name of its line ("haproxy on app-12", "app-12's haproxy", "app-12 上的 haproxy", "gpu-b09 的内核日志")
is not traced; one naming it with its own host, or alone, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-07-09T14:02:11Z gw-3 haproxy: backend api-pool server app-12 is DOWN, reason: Layer4 timeout",
    "2026-07-09T14:05:00Z mq-1 rabbitmq: queue orders-q on node mq-2 has 5200 messages ready"])
ZH = "\n".join([
    "2026-07-09 14:02:11 gw-3 haproxy：后端 api-pool 的 server app-12 DOWN，原因 Layer4 timeout",
    "2026-07-09 14:06:00 gpu-b08 内核日志：与 gpu-b09 的 NCCL 连接超时，Xid 79"])

LIES = {  # claim, what must not be read as fact
    "en-program-on-a-named-server": ("haproxy on app-12 logged Layer4 timeout at 14:02:11", "haproxy on app-12"),
    "en-program-on-a-named-node": ("rabbitmq on mq-2 reported 5200 messages ready in orders-q", "rabbitmq on mq-2"),
    "en-program-before-a-name": ("app-12 haproxy reported Layer4 timeout", "app-12 haproxy"),
    "zh-program-on-a-named-server": ("app-12 上的 haproxy 记录了 Layer4 timeout", "app-12 上的 haproxy"),
    "zh-log-of-a-named-peer": ("gpu-b09 的内核日志报 Xid 79", "gpu-b09 的内核日志"),
}
HONEST = {
    "en-program-on-its-host": "haproxy on gw-3 logged Layer4 timeout for app-12 at 14:02:11",
    "en-program-on-its-node": "rabbitmq on mq-1 reported 5200 messages ready in orders-q on mq-2",
    "en-program-on-its-host-marking": "haproxy on gw-3 marked app-12 DOWN",
    "zh-program-on-its-host": "gw-3 上的 haproxy 记录 app-12 Layer4 timeout",
    "zh-log-of-its-host": "gpu-b08 的内核日志报 Xid 79",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_program_put_on_another_host_is_not_traced = CASES.lies_untraced()
test_a_program_put_on_another_host_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_program_on_its_own_host_is_traced = CASES.honest_traced()
test_a_program_on_its_own_host_is_a_confirmed_finding = CASES.honest_confirmed()
