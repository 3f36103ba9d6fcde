"""Time order (app/domain/chronology.py): a line joining two evidence lines by a word of time order
("after", "before", "then", 之后, 之前, 然后) gives the order their timestamps give; the other way
round it is not read as fact with the offline engine or a trusting Verifier. The same joins in the
right order are confirmed findings, English and Chinese."""

from __future__ import annotations

import pytest

from app.domain import chronology, provenance
from tests.unit.test_extent_rules import read_as_fact, session_on

EN = "\n".join([
    "2026-12-03T12:00:00Z deploy: checkout-web released 4.2.0",
    "2026-12-03T12:05:00Z nginx lb-3: 5xx rate 6.1%",
    "2026-12-03T12:09:00Z alertmanager: alert CheckoutErrors firing for checkout-web",
    "2026-12-03T12:15:00Z deploy: checkout-web rolled back to 4.1.9"])
ZH = "\n".join([
    "2026-12-03T13:00:00Z 发布系统: order-svc 升级到 3.2.0",
    "2026-12-03T13:06:00Z 监控: order-svc 成功率降至 91.2%",
    "2026-12-03T13:20:00Z 发布系统: order-svc 回滚到 3.1.9"])

REVERSED = {
    "en-after": "The 5xx rate on lb-3 reached 6.1% after checkout-web was rolled back to 4.1.9",
    "en-before": "checkout-web was rolled back to 4.1.9 before the 5xx rate on lb-3 reached 6.1%",
    "en-after-first": "After the CheckoutErrors alert fired for checkout-web, checkout-web released 4.2.0",
    "en-then": "checkout-web was rolled back to 4.1.9, then checkout-web released 4.2.0",
    "zh-zhihou": "order-svc 回滚到 3.1.9，之后成功率降至 91.2%",
    "zh-zhiqian": "order-svc 成功率降至 91.2% 之前，order-svc 回滚到 3.1.9",
    "zh-ranhou": "order-svc 回滚到 3.1.9，然后成功率降至 91.2%",
}
IN_ORDER = {
    "en-after": "The 5xx rate on lb-3 reached 6.1% after checkout-web released 4.2.0",
    "en-before": "checkout-web released 4.2.0 before the 5xx rate on lb-3 reached 6.1%",
    "en-after-first": "After the CheckoutErrors alert fired for checkout-web, checkout-web was rolled back to 4.1.9",
    "en-then": "checkout-web released 4.2.0, then the CheckoutErrors alert fired for checkout-web",
    "zh-zhihou": "order-svc 升级到 3.2.0，之后成功率降至 91.2%",
    "zh-zhiqian": "order-svc 回滚之前，order-svc 成功率降至 91.2%",
    "zh-ranhou": "order-svc 升级到 3.2.0，然后成功率降至 91.2%",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("line", "first", "second"), [
    ("A rose after B fell", "B fell", "A rose"),
    ("A rose before B fell", "A rose", "B fell"),
    ("After B fell, A rose", "B fell", "A rose"),
    ("Before B fell, A rose", "A rose", "B fell"),
    ("A rose, then B fell", "A rose", "B fell"),
    ("B 回滚之后 A 下降", "B 回滚", "A 下降"),
    ("B 回滚之前 A 下降", "A 下降", "B 回滚"),
    ("A 下降，然后 B 回滚", "A 下降", "B 回滚"),
])
def test_a_word_of_time_order_puts_one_side_first(line: str, first: str, second: str) -> None:
    got = chronology.ordered(line)
    assert got is not None and (got[0].strip(" ,，"), got[1].strip(" ,，")) == (first, second), got


def test_no_word_of_time_order_no_order() -> None:
    assert chronology.ordered("A rose and B fell") is None
    assert chronology.ordered("A rose after") is None
    assert chronology.time_of("2026-12-03T12:05Z nginx") == "2026-12-03 12:05:00"


@pytest.mark.parametrize("text", REVERSED.values(), ids=REVERSED.keys())
def test_two_lines_in_the_other_order_are_not_traced(text: str) -> None:
    why = provenance.Items(_log(text).splitlines()).untraced(text)
    assert why is not None and "order" in why.reason, why


@pytest.mark.parametrize("text", IN_ORDER.values(), ids=IN_ORDER.keys())
def test_two_lines_in_their_order_are_traced(text: str) -> None:
    assert provenance.Items(_log(text).splitlines()).untraced(text) is None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", REVERSED.values(), ids=REVERSED.keys())
def test_a_claim_in_the_other_order_is_not_read_as_fact(text: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert not read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", [t for k, t in IN_ORDER.items() if k != "zh-zhiqian"],
                         ids=[k for k in IN_ORDER if k != "zh-zhiqian"])
def test_a_claim_in_the_order_of_the_times_is_a_confirmed_finding(text: str) -> None:
    """(zh-zhiqian is traced, but the Gatekeeper reads its 之前 as a word in the place of the line's
    writer, ``gatekeeper.swapped``: not this rule's.)"""
    a = session_on(_log(text), text, "all-direct")
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer
