"""A value an item gives one of parallel phrases, each with a word of its own, is not given to the
word of another (app/domain/anchored.py ``member_moved``): "the Expedited tier returns within 90
minutes" of "(Expedited tier 5 minutes, Standard tier 90 minutes)", "Expedited 层取回要 90 分钟" of
"（Expedited 层 5 分钟，Standard 层 90 分钟）" give one tier's figure to the other. With the rule
off (``member_moved`` returning None) the lies are traced; each phrase with its own value, or the
value without a word of another phrase, keeps its verdict."""

from __future__ import annotations

from app.domain import anchored
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-22T14:05:00Z ops-log: k.osei started glacier restore of vault-archive/2026-10/, tier Expedited; "
      "chosen for speed (Expedited tier returns within 5 minutes, Standard tier within 90 minutes, "
      "Bulk tier within 12 hours)")
ZH = ("2026-11-22 14:05:00 ops-log：王磊 对 vault-archive/2026-10/ 发起取回，Tier=Expedited；选 Expedited 为求速度"
      "（Expedited 层 5 分钟内返回，Standard 层 90 分钟内返回，Bulk 层 12 小时内返回）")

LIES = {
    "en-expedited-standard": ("The Expedited tier returns within 90 minutes", "Expedited tier returns within 90"),
    "en-standard-bulk": ("A Standard tier restore of vault-archive/2026-10/ returns within 12 hours",
                         "Standard tier restore of vault-archive/2026-10/ returns within 12 hours"),
    "zh-expedited-standard": ("Expedited 层取回要 90 分钟内返回", "Expedited 层取回要 90 分钟"),
    "zh-standard-bulk": ("vault-archive/2026-10/ 的 Standard 层取回 12 小时内返回", "Standard 层取回 12 小时"),
}
HONEST = {
    "en-expedited": "The Expedited tier returns within 5 minutes",
    "en-two-tiers": "The Expedited tier returns within 5 minutes and the Standard tier within 90 minutes",
    "zh-expedited": "Expedited 层取回要 5 分钟内返回",
    "zh-bulk": "vault-archive/2026-10/ 的 Bulk 层取回 12 小时内返回",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_value_put_on_a_parallel_word_is_not_traced = CASES.lies_untraced()
test_a_value_put_on_a_parallel_word_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_word_with_its_own_value_is_traced = CASES.honest_traced()
test_each_word_with_its_own_value_is_confirmed = CASES.honest_confirmed()


def test_the_word_taking_the_value_is_named() -> None:
    assert anchored.member_moved("Expedited 层取回要 90 分钟内返回", ZH) == "expedit"  # its key
    assert anchored.member_moved("Standard 层 90 分钟内返回", ZH) is None
