"""A thing denied by its name is denied whatever noun follows (app/domain/alignment.py
``_denied_things``).

"no 5xx errors" denies what the name ``5xx`` counts; the common noun after it ("errors", 报错)
only says what kind of thing that is. Where the line it restates counts that name above none
("5xx 3.2%", "RETRY_EXHAUSTED 42 次"), the denial contradicts it, though the line never says
"errors". A denial of a name the line counts as none ("5xx 0") restates it.

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence doing it is refused; honest twins are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain import alignment
from tests.unit.rule_cases import RuleCases

EN = "\n".join([
    "2026-12-01T09:12:00Z haproxy edge-lb: backend billing-api 5xx 4.7% of 2300 req/min, 4xx 0",
    "2026-12-01T09:14:30Z billing-api worker: RETRY_EXHAUSTED 18 times in 5 min, DLQ_WRITE 0"])
ZH = "\n".join([
    "2026-12-01T01:12:00Z 网关 edge-lb: 后端 billing-api 5xx 占比 4.7%，4xx 为 0",
    "2026-12-01T01:14:30Z billing-api 工作进程: 5 分钟内 RETRY_EXHAUSTED 18 次，DLQ_WRITE 0 次"])

DENIED = {  # the claim, and what must not be read as fact
    "en-no-5xx-errors": ("The edge-lb saw no 5xx errors from billing-api", "no 5xx errors"),
    "en-no-retry-events": ("The billing-api worker logged no RETRY_EXHAUSTED events", "no RETRY_EXHAUSTED"),
    "zh-no-5xx": ("网关 edge-lb 没有 5xx 报错", "没有 5xx"),
    "zh-no-retry": ("billing-api 工作进程没有 RETRY_EXHAUSTED 记录", "没有 RETRY_EXHAUSTED"),
}
HONEST = {
    "en-no-4xx-errors": "The edge-lb saw no 4xx errors from billing-api",
    "en-no-dlq-writes": "The billing-api worker logged no DLQ_WRITE events",
    "zh-no-4xx": "网关 edge-lb 没有 4xx 报错",
    "zh-no-dlq": "billing-api 工作进程没有 DLQ_WRITE 记录",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


def _line(text: str) -> str:
    name = "4xx" if "4xx" in text or "5xx" in text else "DLQ_WRITE"
    return next(ln for ln in _log(text).splitlines() if name in ln)


@pytest.mark.parametrize(("text", "needle"), DENIED.values(), ids=DENIED.keys())
def test_denying_a_name_its_line_counts_flips_the_line(text: str, needle: str) -> None:
    assert alignment.flipped(text, _line(text)), needle


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_denying_a_name_its_line_counts_as_none_restates_it(text: str) -> None:
    assert not alignment.flipped(text, _line(text))


CASES = RuleCases(_log, DENIED, HONEST)

test_a_claim_denying_a_counted_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_denying_a_name_counted_as_none_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_denying_a_counted_name_is_refused = CASES.composer_sentences({
    "en-5xx": (HONEST["en-no-4xx-errors"], "The edge-lb saw no 5xx errors from billing-api.", False),
    "en-4xx-honest": (HONEST["en-no-4xx-errors"], "The edge-lb saw no 4xx errors from billing-api.", True),
    "zh-5xx": (HONEST["zh-no-4xx"], "网关 edge-lb 没有 5xx 报错。", False),
    "zh-4xx-honest": (HONEST["zh-no-4xx"], "网关 edge-lb 没有 4xx 报错。", True),
})
