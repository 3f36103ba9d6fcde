"""A word that tells two things of one name apart in one line ("new"/"old", "primary"/"replica",
新/旧, 主/备) stays with its thing (app.domain.qualified)."""

from __future__ import annotations

import pytest

from app.domain.provenance import Items

EN = [
    "2026-12-04T16:21:40Z deploy-log: rollback to v4.17.3 completed on ledger-svc-1 and ledger-svc-0; new "
    "ledger-svc-2 pod Pending (0/12 nodes available: Insufficient memory), old ledger-svc-2 pod still running v4.18.0",
    "2026-12-04T03:10:00Z patroni: primary pg-main healthy, lag 0 B, replica pg-main lagging 412 MB behind, "
    "replication slot inactive",
]
ZH = [
    "2026-12-04T16:21:40Z 发布记录: 回滚到 v4.17.3 已在 ledger-1 完成；新 pod ledger-2 Pending（内存不足），"
    "旧 pod ledger-2 仍运行 v4.18.0",
    "2026-12-04T03:10:00Z patroni: 主库 pg-main 正常，备库 pg-main 延迟 412 MB，复制槽未激活",
]


@pytest.mark.parametrize(("items", "line"), [
    (EN, "The new ledger-svc-2 pod was Running v4.17.3 at 16:21"),
    (EN, "The new ledger-svc-2 pod ran v4.18.0"),
    (EN, "The old ledger-svc-2 pod was Pending for Insufficient memory"),
    (EN, "The replica pg-main was healthy"),
    (EN, "The primary pg-main was lagging 412 MB behind"),
    (ZH, "新 pod ledger-2 仍运行 v4.18.0"),
    (ZH, "旧 pod ledger-2 因内存不足 Pending"),
    (ZH, "备库 pg-main 正常"),
], ids=["new-running-en", "new-version-en", "old-pending-en", "replica-healthy-en", "primary-lag-en",
        "new-running-zh", "old-pending-zh", "replica-healthy-zh"])
def test_a_line_giving_one_qualified_thing_what_the_item_says_of_the_other_is_not_traced(
        items: list[str], line: str) -> None:
    assert Items(items).trace(line) is None


@pytest.mark.parametrize(("items", "line"), [
    (EN, "The new ledger-svc-2 pod was Pending: 0/12 nodes available"),
    (EN, "The old ledger-svc-2 pod was still running v4.18.0"),
    (EN, "The rollback to v4.17.3 completed on ledger-svc-1 and ledger-svc-0"),
    (EN, "ledger-svc-2 pod still running v4.18.0"),
    (EN, "The replica pg-main was lagging 412 MB behind"),
    (EN, "The primary pg-main was healthy"),
    (ZH, "新 pod ledger-2 Pending，内存不足"),
    (ZH, "旧 pod ledger-2 仍运行 v4.18.0"),
    (ZH, "备库 pg-main 延迟 412 MB"),
], ids=["new-pending-en", "old-running-en", "rollback-en", "unqualified-en", "replica-lag-en", "primary-en",
        "new-pending-zh", "old-running-zh", "replica-lag-zh"])
def test_a_line_keeping_each_qualified_thing_with_its_own_words_stays_traced(items: list[str], line: str) -> None:
    assert Items(items).trace(line) is not None
