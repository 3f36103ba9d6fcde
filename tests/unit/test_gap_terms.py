"""A gap line repeats no term the allowed material lacks, whatever its form (a word outside the
common vocabulary, a Chinese term, a phrase of common words, a number word whose digits the
material holds only inside a name), and keeps the material's terms that say which claim it is
(app.domain.gap_terms, units.held_value)."""

from __future__ import annotations

import pytest

from app.domain import specific
from app.domain.gap_terms import mask_unheld
from tests.unit.rule_cases import GAP, RuleCases, by_language, session_on

LOG_EN = ("2026-12-06T03:10:02Z nas-2 smartd: /dev/sdc reallocated sector count 412, pool tank degraded\n"
          "2026-12-06T03:12:40Z nas-2 zfs: resilver of pool tank started on spare sdf\n"
          "2026-12-06T03:20:11Z web-7 (rack r19) nginx: upstream nas-2 timed out after 30s, "
          "188 of 240 requests failed")
LOG_ZH = ("2026-12-06T03:10:02Z nas-2 smartd：磁盘 sdc 重映射扇区 412 个，存储池 tank 降级\n"
          "2026-12-06T03:12:40Z nas-2 zfs：存储池 tank 开始用热备盘 sdf 重建\n"
          "2026-12-06T03:20:11Z web-7（机架 r19）nginx：上游 nas-2 超时 30 秒，240 个请求中 188 个失败")
LIES = {
    "name-of-common-word-en": ("web-7 also sent requests to backend heron, which timed out", "heron"),
    "phrase-of-common-words-en": ("Pool tank was degraded after a cooling fan fault on nas-2", "cooling fan fault"),
    "number-word-held-only-in-a-name-en": ("Nineteen of 240 requests failed on web-7", "Nineteen"),
    "term-zh": ("nas-2 的存储池 tank 在机房断电后降级", "机房断电"),
    "outcome-zh": ("web-7 上游 nas-2 超时 30 秒，整个站点宕机", "宕机"),
    "hedged-term-zh": ("磁盘 sdc 的重映射扇区可能是背板松动造成的", "背板松动"),
}
HONEST = {
    "en": "On web-7, 188 of the 240 requests failed after upstream nas-2 timed out after 30s",
    "resilver-en": "nas-2 started a resilver of pool tank on spare sdf",
    "zh": "web-7 上游 nas-2 超时 30 秒，240 个请求中 188 个失败",
    "rebuild-zh": "nas-2 的存储池 tank 开始用热备盘 sdf 重建",
}
CASES = RuleCases(by_language(LOG_EN, LOG_ZH), LIES, HONEST)

test_a_claim_naming_a_term_the_evidence_lacks_is_not_traced = CASES.lies_untraced()
test_a_claim_naming_a_term_the_evidence_lacks_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_its_honest_twin_is_traced = CASES.honest_traced()
test_its_honest_twin_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_gap_line_repeats_no_term_the_material_lacks(text: str, needle: str, verifier: str) -> None:
    answer = session_on(by_language(LOG_EN, LOG_ZH)(text), text, verifier).final_answer
    assert specific.prepared(needle) not in specific.prepared(answer), answer


@pytest.mark.parametrize(("text", "kept"), [
    ("web-7 also sent requests to backend heron, which timed out", ["web-7", "requests", "timed out"]),
    ("Pool tank was degraded after a cooling fan fault on nas-2", ["Pool tank was degraded after a", "on nas-2"]),
    ("nas-2 的存储池 tank 在机房断电后降级", ["nas-2 的存储池 tank 在", "后降级"]),
    ("磁盘 sdc 的重映射扇区可能是背板松动造成的", ["磁盘 sdc 的重映射扇区可能是", "造成的"]),
], ids=["name-en", "phrase-en", "term-zh", "hedged-zh"])
def test_a_gap_line_keeps_the_terms_and_grammar_that_say_which_claim_it_is(text: str, kept: list[str]) -> None:
    masked = mask_unheld(text, by_language(LOG_EN, LOG_ZH)(text))
    assert "[unverified]" in masked and all(k in masked for k in kept), masked


@pytest.mark.parametrize("text", [*HONEST.values(), "The resilvers of pool tank started", "tank 降级了"],
                         ids=[*HONEST.keys(), "inflected-en", "grammar-zh"])
def test_a_claim_in_the_material_s_terms_keeps_every_word(text: str) -> None:
    assert mask_unheld(text, by_language(LOG_EN, LOG_ZH)(text)) == text


def test_the_question_s_terms_may_be_repeated() -> None:
    answer = session_on(LOG_EN, "web-7 also sent requests to backend heron, which timed out", "offline",
                        question="Did backend heron time out?").final_answer
    assert any("heron" in ln for ln in answer.splitlines() if ln.startswith(GAP)), answer


@pytest.mark.parametrize(("text", "kept"), [
    ("Pool tank was never scrubbed before the resilver started", "was never"),
    ("nas-2 did not quarantine spare sdf", "did not"),
    ("存储池 tank 没有触发巡检，nas-2 开始重建", "没有"),
    ("nas-2 未隔离热备盘 sdf", "未"),
], ids=["never-en", "not-en", "meiyou-zh", "wei-zh"])
def test_a_gap_line_keeps_its_negators(text: str, kept: str) -> None:
    masked = mask_unheld(text, by_language(LOG_EN, LOG_ZH)(text))
    assert "[unverified]" in masked and kept in masked, masked


@pytest.mark.parametrize(("text", "kept"), [
    ("The sole cause of the degraded pool tank was a cooling fan fault", "The sole cause of the degraded pool tank"),
    ("Pool tank was certainly degraded by a cooling fan fault", "Pool tank was certainly degraded by"),
    ("存储池 tank 降级的唯一原因是背板松动", "存储池 tank 降级的唯一原因是"),
], ids=["sole-en", "certainly-en", "sole-zh"])
def test_a_gap_line_keeps_the_wording_of_causes_and_certainty(text: str, kept: str) -> None:
    masked = mask_unheld(text, by_language(LOG_EN, LOG_ZH)(text))
    assert "[unverified]" in masked and kept in masked, masked
