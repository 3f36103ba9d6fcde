"""The name a line's header gives (the host or member whose log it is, before or after its program:
"mongod db-core-1:", "lb-b keepalived:") keeps its side of the line's move (app/domain/prepositions.py,
app/domain/writer.py ``header_names``): "db-core-0 ran an initial sync from db-core-1" of "mongod
db-core-1: initial sync started from db-core-0" (fresh28: the sync's source and target swapped)
gives "from" the name the header places as the one syncing. With the header's names out of the
names the line places, the lies are traced; the move told its own way round stays traced."""

from __future__ import annotations

import pytest

from app.domain import prepositions, provenance
from tests.unit.rule_cases import RuleCases, by_language, forget

EN = ("2026-12-03T22:53:15Z mongod db-core-1: initial sync started from db-core-0, 412 GB to clone\n"
      "2026-12-03T22:19:51Z lb-b keepalived: received advert from lb-a with higher priority 150; transition to BACKUP\n"
      "2026-12-05T09:00:00Z rsync backup-07: copied 120 GB to nas-02 in 41 min")
ZH = ("2026-12-03 22:53:15 mongod db-core-1：从 db-core-0 开始初始同步，需克隆 412 GB\n"
      "2026-12-05 09:00:00 rsync backup-07：向 nas-02 复制了 120 GB，用时 41 分钟")

LIES = {  # claim, what must not be read as fact
    "en-sync-turned": ("db-core-0 ran an initial sync from db-core-1", "from db-core-1"),
    "en-sync-turned-dated": ("At 22:53:15 db-core-0 started an initial sync from db-core-1 (412 GB)", "from db-core-1"),
    "en-advert-turned": ("lb-a received an advert from lb-b with priority 150", "from lb-b"),
    "en-copy-turned": ("nas-02 copied 120 GB to backup-07", "to backup-07"),
    "zh-sync-turned": ("db-core-0 从 db-core-1 开始初始同步", "从 db-core-1"),
    "zh-copy-turned": ("nas-02 向 backup-07 复制了 120 GB", "向 backup-07"),
    "zh-sync-turned-dated": ("db-core-0 于 22:53:15 从 db-core-1 开始了初始同步", "从 db-core-1"),
    "zh-copy-turned-dated": ("nas-02 在 09:00:00 向 backup-07 复制了 120 GB", "向 backup-07"),
}
NEEDED = ("en-sync-turned", "en-sync-turned-dated", "en-advert-turned", "zh-sync-turned-dated", "zh-copy-turned-dated")
"""The lies only the header's names refuse (the others the names' order does too: ``alignment.swaps``)."""
HONEST = {
    "en-sync": "db-core-1 started an initial sync from db-core-0, 412 GB to clone",
    "en-advert": "lb-b received an advert from lb-a with higher priority 150",
    "en-copy": "backup-07 copied 120 GB to nas-02 in 41 min",
    "zh-sync": "db-core-1 从 db-core-0 开始初始同步，需克隆 412 GB",
    "zh-copy": "backup-07 向 nas-02 复制了 120 GB",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_move_turned_on_its_header_is_not_traced = CASES.lies_untraced()
test_a_move_turned_on_its_header_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_move_its_own_way_round_is_traced = CASES.honest_traced()
test_a_move_its_own_way_round_is_confirmed = CASES.honest_confirmed()


def test_the_lies_need_the_header(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prepositions, "header_names", lambda item: frozenset())
    forget()
    try:
        assert all(provenance.Items(by_language(EN, ZH)(t).splitlines()).untraced(t) is None
                   for t in (LIES[k][0] for k in NEEDED))
    finally:
        forget()
