"""A claim's support shares its subject with the evidence as the trace does: words without their
endings, and a value's words where the evidence holds the value (app/domain/evidence.py
``support_level``, ``stem``).

"The first SlowDown error came 4 min 10 s after the v3.1.0 deploy" is traced to a line saying
"deployed" and one saying "212 errors": the answer would show it, so the verdict counts it as
direct support, not as inference from "errors" that is not "error". "12.5% of 6400 PUT/s is 800
failed PUTs a second" is, once its figure is out, nothing but values its line holds: their words
are the line's. Chinese is compared by its bigrams, as before; a claim naming an event or a value
no line gives is still not traced, whatever its support."""

from __future__ import annotations

import pytest

from app.domain.evidence import support_level
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-21T09:14:05Z cloudwatch: bucket img-store PUT requests 6400/s, 5xx 12.5%",
    "2026-11-21T08:50:00Z deploy-log: img-api v3.1.0 deployed by k.ito to img-api-1",
    "2026-11-21T08:54:10Z img-api-1 app.log: PutObject failed: 503 SlowDown, 212 errors in last 60 s"])
ZH = "\n".join([
    "2026-11-21T09:14:05Z 云监控: 存储桶 img-store PUT 请求 6400/s，5xx 比例 12.5%",
    "2026-11-21T08:50:00Z deploy-log: img-api v3.1.0 deployed by k.ito，灰度 img-api-1",
    "2026-11-21T08:54:10Z img-api-1 日志: PutObject 失败: 503 SlowDown，过去 60 秒报错 212 次"])

HONEST = {
    "en-word-endings": "The first SlowDown error came 4 min 10 s after the v3.1.0 deploy",
    "en-values-only": "12.5% of 6400 PUT/s is 800 failed PUTs a second",
    "zh-bigrams-control": "k.ito 把 img-api v3.1.0 deploy 到灰度 img-api-1",
}
LIES = {
    "en-another-event": ("The first SlowDown error came 4 min 10 s after the v3.1.0 rollback", "rollback"),
    "en-another-figure": ("12.5% of 6400 PUT/s is 900 failed PUTs a second", "900"),
    "zh-another-host": ("k.ito 把 img-api v3.1.0 deploy 到灰度 img-api-2", "img-api-2"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_claim_in_other_word_endings_is_traced = CASES.honest_traced()
test_a_claim_in_other_word_endings_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_claim_naming_what_no_line_gives_is_not_traced = CASES.lies_untraced()
test_a_claim_naming_what_no_line_gives_is_not_read_as_fact = CASES.lies_not_read_as_fact()


@pytest.mark.parametrize("text", [HONEST["en-word-endings"], HONEST["en-values-only"]], ids=["endings", "values"])
def test_words_without_their_endings_and_a_values_words_are_direct_support(text: str) -> None:
    assert support_level(text, EN) == "direct"


def test_a_word_of_another_stem_is_still_not_shared() -> None:
    """"deployment" is not "deployed": only an ending comes off."""
    assert support_level("The deployment pipeline of img-store stalled", EN) != "direct"
