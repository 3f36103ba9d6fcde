"""A denial that a record indicated a thing its line names as found contradicts the line
("the heap dump did not point at AuditCache" against "top retainer …AuditCache":
app.domain.binding.denies_indication); honest denials of other events stay traced."""

from __future__ import annotations

import pytest

from app.domain.provenance import Items

EN = [
    "2026-12-04T16:09:30Z a.lindqvist: heap dump taken on ledger-svc-2 with jmap, file 3.4 GiB; top retainer "
    "com.acme.ledger.audit.AuditCache 2.7 GiB, 1184220 entries",
    "2026-12-04T16:21:40Z deploy-log: rollback to v4.17.3 completed on ledger-svc-1 and ledger-svc-0; new "
    "ledger-svc-2 pod Pending (0/12 nodes available: Insufficient memory)",
    "2026-12-04T16:30:00Z profiler: CPU profile of ledger-svc-0 taken; no hot frames in SessionPool",
]
ZH = [
    "2026-12-04T16:09:30Z 运维操作记录: a.lin 在 ledger-2 上生成堆转储，最大占用对象 AuditCache 2.7 GiB",
    "2026-12-04T16:30:00Z 慢查询日志: 报表任务 report-daily 的 invoice_items 聚合查询耗时 511 s，锁等待 0 次",
]


@pytest.mark.parametrize(("items", "line"), [
    (EN, "The heap dump did not point at AuditCache"),
    (EN, "The heap dump on ledger-svc-2 never showed AuditCache"),
    (EN, "The heap dump on ledger-svc-2 did not reveal AuditCache"),
    (EN, "a.lindqvist's heap dump did not contain AuditCache"),
    (ZH, "a.lin 在 ledger-2 上生成的堆转储没有显示 AuditCache"),
    (ZH, "ledger-2 的堆转储最大占用对象没有指向 AuditCache"),
    (ZH, "a.lin 生成的堆转储未发现 AuditCache"),
    (ZH, "report-daily 的慢查询日志未包含 invoice_items"),
], ids=["point-en", "show-en", "reveal-en", "contain-en", "show-zh", "point-zh", "find-zh", "contain-zh"])
def test_a_denial_of_what_a_line_names_as_found_is_not_traced(items: list[str], line: str) -> None:
    assert Items(items).trace(line) is None


@pytest.mark.parametrize(("items", "line"), [
    (EN, "The heap dump pointed at AuditCache"),
    (EN, "The rollback did not reach ledger-svc-2: its new pod was Pending"),
    (EN, "The CPU profile of ledger-svc-0 showed no hot frames in SessionPool"),
    (EN, "The CPU profile of ledger-svc-0 did not find hot frames in SessionPool"),
    (ZH, "堆转储显示最大占用对象是 AuditCache"),
    (ZH, "report-daily 的聚合查询没有锁等待"),
], ids=["pointed-en", "reach-en", "no-hot-en", "denied-by-item-en", "shown-zh", "no-wait-zh"])
def test_honest_lines_and_denials_of_other_kinds_stay_traced(items: list[str], line: str) -> None:
    assert Items(items).trace(line) is not None
