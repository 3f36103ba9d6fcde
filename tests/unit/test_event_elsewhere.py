"""A claim is traced to the line holding all it says of its event, not the one sharing most of its
words: a name put on another line's event is moved (app.domain.binding.event_elsewhere), and the
line of a claim's event is among the excerpts the claim is judged against (app.domain.trace)."""

from __future__ import annotations

import pytest

from app.domain.provenance import Items
from app.domain.trace import summarise_trace
from events.models import ToolInvocation

EN = [
    "2026-12-04T16:01:15Z alertmanager: alert JvmHeapHigh firing for ledger-svc-1 (heap above 85% for 10m), "
    "severity warning, notified on-call a.lindqvist",
    "2026-12-04T16:09:30Z a.lindqvist: heap dump taken on ledger-svc-2 with jmap, file 3.4 GiB",
    "2026-12-04T16:15:02Z deploy-log: rollback of ledger-svc to v4.17.3 started by a.lindqvist, ledger-svc-1 first",
    "2026-12-04T16:30:00Z ops: m.okafor restarted the worker process on node-w-14",
    "2026-12-04T16:31:00Z kubelet: node-w-12 cordoned by m.okafor for the worker upgrade",
]
ZH = [
    "2026-12-04T16:01:15Z 告警平台: 告警 JvmHeapHigh 在 ledger-1 触发，堆使用超过 85%，通知值班 a.lin",
    "2026-12-04T16:09:30Z 运维操作记录: a.lin 在 ledger-2 上执行 jmap 生成堆转储文件，大小 3.4 GiB",
    "2026-12-04T16:15:02Z 发布记录: a.lin 开始回滚 ledger-1 到 v4.17.3",
    "2026-12-04T16:30:00Z 运维操作记录: wang.li 重启了节点 node-3 上的工作进程",
    "2026-12-04T16:31:00Z 运维操作记录: wang.li 将节点 node-5 设为不可调度，准备升级工作进程",
]


@pytest.mark.parametrize(("items", "line"), [
    (EN, "a.lindqvist took the heap dump on ledger-svc-1"),
    (EN, "the heap dump on ledger-svc-1 was taken by a.lindqvist"),
    (EN, "m.okafor restarted the worker process on node-w-12"),
    (ZH, "wang.li 重启了节点 node-5 上的工作进程"),
    (ZH, "节点 node-5 上的工作进程被 wang.li 重启了"),
], ids=["dump-en", "passive-en", "worker-en", "worker-zh", "passive-zh"])
def test_a_line_putting_its_name_on_another_lines_event_is_not_traced(items: list[str], line: str) -> None:
    assert Items(items).trace(line) is None


@pytest.mark.parametrize(("items", "line"), [
    (EN, "a.lindqvist took the heap dump on ledger-svc-2"),
    (EN, "JvmHeapHigh fired for ledger-svc-1 and notified a.lindqvist"),
    (EN, "a.lindqvist started the rollback of ledger-svc, ledger-svc-1 first"),
    (EN, "m.okafor restarted the worker process on node-w-14"),
    (EN, "m.okafor cordoned node-w-12 for the worker upgrade"),
    (ZH, "a.lin 在 ledger-2 上生成了堆转储"),
    (ZH, "JvmHeapHigh 告警在 ledger-1 触发，通知了 a.lin"),
    (ZH, "a.lin 开始回滚 ledger-1"),
    (ZH, "wang.li 重启了节点 node-3 上的工作进程"),
    (ZH, "wang.li 将节点 node-5 设为不可调度"),
], ids=["dump-en", "alert-en", "rollback-en", "worker-en", "cordon-en", "dump-zh", "alert-zh", "rollback-zh",
        "worker-zh", "cordon-zh"])
def test_a_line_keeping_its_names_on_their_events_stays_traced(items: list[str], line: str) -> None:
    assert Items(items).trace(line) is not None


def test_the_line_of_a_claims_event_is_kept_among_the_excerpts_whatever_it_names() -> None:
    noise = [f"2026-12-04T15:{m:02d}:00Z prometheus: heap used ledger-svc-1 {m}% (a.lindqvist dashboard)"
             for m in range(10, 40)]
    lines = [*noise[:15], EN[1], *noise[15:]]
    inv = ToolInvocation(invocation_id="i1", tool_name="log_search", arguments={"query": "ledger-svc-1"},
                         output="\n".join(lines))
    [item] = summarise_trace([inv], "a.lindqvist took the heap dump on ledger-svc-1")
    assert EN[1] in item.excerpts
