"""A number after a hedge is a rounded value (app/domain/units.py, app/domain/specific.py,
app/domain/entities.py): "about 97%" for 96.8%, "约 2400 条" for 2417 条, "about 1.9 GB" for 1873 MB
is what the evidence says, and is a confirmed finding with the offline engine, a trusting Verifier
and a Composer saying it. A hedged number its evidence does not round to ("about 95%", "约 3000 条",
"about 100%" for 96.8%), and a rounded number without a hedge ("97%"), is not read as fact."""

from __future__ import annotations

import pytest

from app.domain import entities, specific, units
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "\n".join([
    "2026-12-03T06:00:00Z rds: billing-db CPU 96.8% for 20 min",
    "2026-12-03T06:02:00Z pg_dump: dump of billing-db finished, 1873 MB in 41.6 s"])
ZH = "\n".join([
    "2026-12-03T07:00:00Z 监控: 主机 app-node-9 内存使用率 88.6%，持续 14 分钟",
    "2026-12-03T07:05:00Z mysql-pay-02: 慢查询 2417 条，最长 8.4 秒"])

ROUNDED = {
    "en-about": "billing-db CPU was about 97% for 20 min",
    "en-roughly": "rds: billing-db CPU ran at roughly 97% for 20 minutes",
    "en-other-unit": "pg_dump finished the dump of billing-db, about 1.9 GB, in about 42 s",
    "en-tilde": "pg_dump: dump of billing-db finished, ~1900 MB in 41.6 s",
    "zh-yue": "主机 app-node-9 内存使用率约 89%，持续 14 分钟",
    "zh-dayue": "mysql-pay-02: 慢查询大约 2400 条，最长约 8 秒",
}
NOT_ROUNDED = {
    "en-no-hedge": ("billing-db CPU was 97% for 20 min", "97%"),
    "en-other-value": ("billing-db CPU was about 95% for 20 min", "95%"),
    "en-past-the-leading-digit": ("billing-db CPU was about 100% for 20 min", "100%"),
    "en-other-size": ("pg_dump finished the dump of billing-db, about 2.5 GB", "2.5 GB"),
    "zh-other-value": ("主机 app-node-9 内存使用率约 86%，持续 14 分钟", "86%"),
    "zh-other-count": ("mysql-pay-02: 慢查询约 3000 条", "3000"),
    "zh-other-time": ("mysql-pay-02: 慢查询最长约 9 秒", "9 秒"),
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("token", "text", "held"), [
    ("about 97%", "cpu 96.8%", True),
    ("about 96.8%", "cpu 96.8%", True),
    ("about 98%", "cpu 97.4%", False),
    ("~97%", "cpu 97.4%", True),
    ("about 100%", "cpu 97.4%", False),  # past the value's leading digit
    ("约 1900 条", "慢查询 1873 条", True),
    ("约 1800 条", "慢查询 1873 条", False),
    ("约 1900 条", "慢查询 1873 秒", False),  # another measure word
    ("约 13 秒", "最长 12.6 秒", True),
    ("about 3 s", "p99 2.8 s", True),
    ("about 2 s", "p99 2.8 s (threshold 1.5 s)", False),  # 1.5 is halfway: it rounds either way
    ("about 0.4 tb", "412 gb in 38 min", True),
    ("roughly 400 gb", "412 gb", True),
    ("about 97%", "97.4 ms", False),
    ("about 2000", "served 1873 requests", True),
    ("about 2000", "at 2026-12-01 19:73", False),
    ("97%", "cpu 97.4%", None),  # no hedge: not a rounded value, judged as written
], ids=lambda v: str(v))
def test_a_hedged_number_is_held_where_it_rounds_a_value_of_its_kind(token: str, text: str, held: bool | None) -> None:
    assert units.held_approximately(specific.prepared(token), specific.prepared(text)) is held


def test_the_hedge_and_its_number_are_one_token() -> None:
    assert "about 97%" in specific.specific_tokens("billing-db CPU was about 97% for 20 min")
    assert "约 1900 条" in specific.specific_tokens("mysql-order-03 有约 1900 条慢查询")
    assert "97%" in specific.specific_tokens("billing-db CPU was 97% for 20 min")
    [rounded] = [e for e in entities.extract("CPU 约 97% 持续 20 分钟") if e.value == "97"]
    assert rounded.hedge == "约"


CASES = RuleCases(_log, NOT_ROUNDED, ROUNDED)

test_a_rounded_value_is_traced = CASES.honest_traced()
test_a_value_not_rounding_the_evidence_is_not_traced = CASES.lies_untraced()
test_a_rounded_value_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), NOT_ROUNDED.values(), ids=NOT_ROUNDED.keys())
def test_a_value_not_rounding_the_evidence_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize(("lie", "taken"), [
    ("billing-db CPU stayed at about 97% for 20 minutes.", True),
    ("billing-db CPU stayed at about 95% for 20 minutes.", False),
    ("billing-db CPU stayed at 97% for 20 minutes.", False)],
    ids=["rounded", "other-value", "no-hedge"])
def test_a_composer_sentence_rounding_with_a_hedge_is_taken(lie: str, taken: bool) -> None:
    a = session_on(EN, "rds: billing-db CPU 96.8% for 20 min", lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
