"""A word that tells two things of one name apart in one line ("new"/"old", "primary"/"replica",
新/旧, 主/备) stays with its thing (app.domain.qualified)."""

from __future__ import annotations

import pytest

from app.domain.provenance import Items
from tests.unit.rule_cases import RuleCases, by_language

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


LIES = {  # each gives one of two things of one name what its item says of the other
    "new-running-en": "The new ledger-svc-2 pod was Running v4.17.3 at 16:21",
    "new-version-en": "The new ledger-svc-2 pod ran v4.18.0",
    "old-pending-en": "The old ledger-svc-2 pod was Pending for Insufficient memory",
    "replica-healthy-en": "The replica pg-main was healthy",
    "primary-lag-en": "The primary pg-main was lagging 412 MB behind",
    "new-running-zh": "新 pod ledger-2 仍运行 v4.18.0",
    "old-pending-zh": "旧 pod ledger-2 因内存不足 Pending",
    "replica-healthy-zh": "备库 pg-main 正常",
}
HONEST = {
    "new-pending-en": "The new ledger-svc-2 pod was Pending: 0/12 nodes available",
    "old-running-en": "The old ledger-svc-2 pod was still running v4.18.0",
    "rollback-en": "The rollback to v4.17.3 completed on ledger-svc-1 and ledger-svc-0",
    "unqualified-en": "ledger-svc-2 pod still running v4.18.0",
    "replica-lag-en": "The replica pg-main was lagging 412 MB behind",
    "primary-en": "The primary pg-main was healthy",
    "new-pending-zh": "新 pod ledger-2 Pending，内存不足",
    "old-running-zh": "旧 pod ledger-2 仍运行 v4.18.0",
    "replica-lag-zh": "备库 pg-main 延迟 412 MB",
    "the-other-after-its-word-en": "At 16:21 the new ledger-svc-2 pod was Pending for insufficient memory, so the old "
                                   "pod kept running v4.18.0",
}
CASES = RuleCases(by_language("\n".join(EN), "\n".join(ZH)), {k: (v, v) for k, v in LIES.items()}, HONEST)


@pytest.mark.parametrize("line", LIES.values(), ids=LIES.keys())
def test_a_line_giving_one_qualified_thing_what_the_item_says_of_the_other_is_not_traced(line: str) -> None:
    assert Items(EN + ZH).trace(line) is None


@pytest.mark.parametrize("line", HONEST.values(), ids=HONEST.keys())
def test_a_line_keeping_each_qualified_thing_with_its_own_words_stays_traced(line: str) -> None:
    assert Items(EN + ZH).trace(line) is not None


test_a_claim_giving_one_thing_the_others_words_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_keeping_each_thing_with_its_words_is_a_confirmed_finding = CASES.honest_confirmed()
