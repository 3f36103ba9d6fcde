"""A Chinese comma between digits ends a clause; it never groups digits (app/domain/text.py). NFKC
turns ，into a plain comma, so "端口 80，443" read as the one number 80443 and "健康目标数 4/4，503 降为
0" as 4/4503: the honest restatement of such a line was refused (its values were not the line's),
while a claim of 80443 must stay unconfirmed."""

from __future__ import annotations

import pytest

from app.domain.text import canonical
from tests.unit.rule_cases import read_as_fact, session_on

LOG = "\n".join([
    "2026-12-01T08:30:00Z 防火墙: 规则 r-12 在 edge-1 上放通了端口 80，443",
    "2026-12-01T15:17:40Z alb: tg-pay-gw 健康目标数 4/4，503 降为 0"])


@pytest.mark.parametrize(("text", "form"), [
    ("端口 80，443", "端口 80, 443"),
    ("健康目标数 4/4，503 降为 0", "健康目标数 4/4, 503 降为 0"),
    ("共 12，其中 3 个失败", "共 12,其中 3 个失败"),  # no digit after it: NFKC's comma, as before
    ("1,234 条", "1,234 条"),  # an ASCII comma between digits still groups them
], ids=["ports", "values", "before-a-word", "ascii-grouping"])
def test_a_chinese_comma_between_digits_ends_a_clause(text: str, form: str) -> None:
    assert canonical(text) == form


@pytest.mark.parametrize("claim", ["规则 r-12 在 edge-1 上放通了端口 80，443",
                                   "15:17:40 tg-pay-gw 健康目标数 4/4，503 降为 0"], ids=["ports", "values"])
def test_a_line_with_a_chinese_comma_between_values_is_a_confirmed_finding(claim: str) -> None:
    a = session_on(LOG, claim, lie=claim)
    assert a.verdict == "PASS" and a.composer_status == "valid" and read_as_fact(claim, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
def test_the_two_values_glued_are_not_read_as_fact(verifier: str) -> None:
    a = session_on(LOG, "规则 r-12 在 edge-1 上放通了端口 80443", verifier=verifier)
    assert a.verdict != "PASS" and not read_as_fact("80443", a.final_answer), a.final_answer
