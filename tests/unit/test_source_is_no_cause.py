"""A source is a cause noun only as the source *of* something, a root one, or *the* one a copula
names (app/domain/vocabulary.py ``_CAUSE_WORD``): "chrony on the batch-tier hosts with one source
only, ntp-c.corp.internal" counts NTP servers and names no cause, so its "only" is the line's own
word ("uses only ntp-c.corp.internal"), not sole-cause wording to soften; and a word of
exclusivity the restated line writes itself does not overstate it (the offline Verifier,
app/roles/offline.py ``_overstates``). Sole or certain cause wording is still softened: "the only
source of the skew", "ntp-c is the only source", "唯一的根源是 ntp-c"."""

from __future__ import annotations

import pytest

from app.domain import vocabulary
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-18T01:40:00Z ops-log: r.castillo merged puppet change r2291: chrony on the batch-tier hosts uses "
    "only ntp-c.corp.internal (ntp-a and ntp-b removed), with makestep 1 -1",
    "2026-11-18T02:33:40Z chronyd bt-worker-07: system clock stepped forward by 412.581 seconds (source ntp-c)"])
ZH = "\n".join([
    "2026-11-18 01:40:00 运维日志：r.castillo 合入 puppet 变更 r2291：batch-tier 主机的 chrony 只使用 "
    "ntp-c.corp.internal 一个时间源（移除 ntp-a 和 ntp-b）",
    "2026-11-18 02:33:40 chronyd bt-worker-07：系统时钟向前跳变 412.581 秒（时间源 ntp-c）"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-only-source-of": ("ntp-c was the only source of the clock step on bt-worker-07", "only source of"),
    "en-the-only-source": ("ntp-c.corp.internal is the only source of the skew", "only source"),
    "zh-sole-root": ("bt-worker-07 时钟跳变的唯一根源是 ntp-c", "唯一根源"),
}, {
    "en-one-source-only": "r2291 left chrony on the batch-tier hosts with one source only, ntp-c.corp.internal",
    "en-only-one-source": "After r2291 chrony on the batch-tier hosts uses only ntp-c.corp.internal",
    "zh-only-one-source": "r2291 之后 batch-tier 主机的 chrony 只使用 ntp-c.corp.internal 一个时间源",
})
test_sole_cause_wording_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_line_s_own_only_is_traced = CASES.honest_traced()
test_a_line_s_own_only_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize(("text", "sole"), [
    ("chrony with one source only, ntp-c", False),
    ("the only NTP source left on the hosts", False),
    ("ntp-c is the only source of the skew", True),
    ("ntp-c is the only source", True),
    ("the root source is clearly ntp-c", True),
    ("ntp-c alone caused the skew", True),
], ids=["count-of-servers", "server-noun", "source-of", "copula", "root-source", "alone-caused"])
def test_a_source_names_a_cause_only_as_the_source_of_something(text: str, sole: bool) -> None:
    assert vocabulary.mentions_sole_root_cause(text) is sole
