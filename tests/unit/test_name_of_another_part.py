"""A name of one part of a line stays with the names of that part (app/domain/part_names.py):
"web-5f9c-k3 hit Init:Error on node-a7" against "kubelet node-a7: web-5f9c-x1 Init:Error (exit 2);
web-5f9c-k3 and web-5f9c-m8 the same on node-a2", "任务 job-r-12 分配到 gpu-n2" against "job-r-11 分配到
gpu-n2；job-r-12 分配到 gpu-n4": the line crosses two parts, naming one part's pod and the other's
node. With the rule off (``part_names.moved_name`` returning None) the lies marked so are traced;
each name with its own part's keeps its verdict."""

from __future__ import annotations

from app.domain import part_names
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-07T11:02:00Z kubelet node-a7: web-5f9c-x1 Init:Error (exit 2); web-5f9c-k3 and web-5f9c-m8 the same "
    "on node-a2",
    "2026-11-07T11:10:00Z rabbitmq: queue q-orders-1 paused on broker mq-b1 by policy p-max; q-orders-2 paused on "
    "broker mq-b3",
])
ZH = "\n".join([
    "2026-11-07 12:00:00 kubelet 节点 node-c3：pod api-7d-p1 镜像拉取失败；api-7d-p2、api-7d-p3 在节点 node-c5 上同样失败",
    "2026-11-07 12:10:00 调度器：任务 job-r-11 分配到 gpu-n2；job-r-12 分配到 gpu-n4",
])

LIES = {
    "en-one-pod-on-the-other-node": ("web-5f9c-k3 hit Init:Error on node-a7", "node-a7"),  # off: traced
    "en-two-pods-on-the-other-node": ("web-5f9c-k3 and web-5f9c-m8 were in Init:Error on node-a7", "node-a7"),  # off: traced
    "en-queue-on-the-other-broker": ("q-orders-2 was paused on broker mq-b1", "mq-b1"),
    "zh-pod-on-the-other-node": ("api-7d-p2 在节点 node-c3 上镜像拉取失败", "node-c3"),
    "zh-job-on-the-other-gpu": ("任务 job-r-12 分配到 gpu-n2", "gpu-n2"),  # off: traced
}
HONEST = {
    "en-first-part": "web-5f9c-x1 was in Init:Error on node-a7",
    "en-second-part": "web-5f9c-k3 and web-5f9c-m8 were in Init:Error on node-a2",
    "en-each-with-its-own": "q-orders-1 was paused on mq-b1 and q-orders-2 on mq-b3",
    "zh-second-part": "api-7d-p2、api-7d-p3 在节点 node-c5 上同样失败",
    "zh-each-with-its-own": "任务 job-r-12 分配到 gpu-n4",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_name_of_another_part_is_not_traced = CASES.lies_untraced()
test_a_name_of_another_part_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_name_with_its_own_part_is_traced = CASES.honest_traced()
test_each_name_with_its_own_part_is_confirmed = CASES.honest_confirmed()


def test_the_moved_name_is_named() -> None:
    assert part_names.moved_name("web-5f9c-k3 hit Init:Error on node-a7", EN.splitlines()[0]) in ("node-a7", "web-5f9c-k3")
    assert part_names.moved_name("web-5f9c-x1 was in Init:Error on node-a7", EN.splitlines()[0]) is None
