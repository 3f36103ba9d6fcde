"""An event its item tells as intended, not done (a ticket or a request to do it, proposed,
planned; 计划, 提议, 申请), is not told as done (app/domain/awaited.py ``told_done``, ``_INTENDED``):
"a read replica had been added to billing-db under OPS-812" of "opened ticket OPS-812 to add a
read replica to billing-db", "billing-db 已扩容到 64 GB" of "申请把 billing-db 扩容到 64 GB". With
the words of intent out (``_INTENDED`` matching nothing) the lies are traced; the event told as
intended keeps its verdict."""

from __future__ import annotations

import re

from app.domain import awaited
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-26T13:05:00Z ops-log: s.okafor opened ticket OPS-812 to add a read replica to billing-db; "
      "writes stay on billing-db-primary\n"
      "2026-11-26T13:20:00Z ops-log: s.okafor proposed raising max_connections on billing-db-primary to 800")
ZH = "2026-11-26 13:05:00 ops-log：孙丽 提交工单 OPS-812，申请把 billing-db 内存扩容到 64 GB；当前内存 32 GB"

LIES = {
    "en-added": ("By 13:05 a read replica had been added to billing-db under OPS-812", "had been added"),
    "en-raised": ("At 13:20 s.okafor raised max_connections on billing-db-primary to 800", "raised max_connections"),
    "zh-expanded": ("OPS-812 之后 billing-db 内存已扩容到 64 GB", "已扩容到 64 GB"),
}
HONEST = {
    "en-ticket": "At 13:05 s.okafor opened OPS-812 to add a read replica to billing-db",
    "en-proposed": "At 13:20 s.okafor proposed raising max_connections on billing-db-primary to 800",
    "zh-requested": "孙丽 在 OPS-812 中申请把 billing-db 内存扩容到 64 GB",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_an_intended_event_told_done_is_not_traced = CASES.lies_untraced()
test_an_intended_event_told_done_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_intended_event_told_as_intended_is_traced = CASES.honest_traced()
test_an_intended_event_told_as_intended_is_confirmed = CASES.honest_confirmed()


def test_a_ticket_to_do_it_is_intent() -> None:
    assert awaited.told_done("a read replica was added to billing-db", EN.splitlines()[0])
    assert re.search(awaited._INTENDED, "opened ticket OPS-812 to add")
