"""A multiple written "N-fold" and a difference of two percentages in "points" "below"/"above"
(app/domain/derived.py ``_FORMS``, ``_POINTS``, ``_DIFFERENCES``).

"rose about 160-fold, from 15/s to 2400/s" is the ratio of the two rates it names: "N-fold" never
counts events, so it needs no "its"/"the" after it as "N times" does. "33 points below its baseline
of 95%" is the difference of two percentages, as "33 percentage points lower" is. Both are held
only where the arithmetic of the numbers it is of gives them; another multiple, another difference
stays the claim's own."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-02T10:00:00Z redis cache-7: evictions 15/s",
    "2026-11-02T10:05:00Z redis cache-7: evictions 2400/s (maxmemory 2 GB)",
    "2026-11-02T10:06:00Z grafana shop-api: cache hit ratio 62% (7-day baseline 95%)"])
ZH = "\n".join([
    "2026-11-02 10:00:00 redis cache-7：驱逐 15/s",
    "2026-11-02 10:05:00 redis cache-7：驱逐 2400/s（maxmemory 2 GB）",
    "2026-11-02 10:06:00 grafana shop-api：缓存命中率 62%（7 天基线 95%）"])

HONEST = {
    "en-fold": "cache-7's evictions rose about 160-fold, from 15/s at 10:00 to 2400/s at 10:05",
    "en-more-than-fold": "cache-7's evictions rose more than 150-fold, from 15/s at 10:00 to 2400/s at 10:05",
    "en-points-below": "At 10:06 shop-api's cache hit ratio was 62%, 33 points below its 7-day baseline of 95%",
    "en-percentage-points-below": "At 10:06 shop-api's cache hit ratio was 62%, "
                                  "33 percentage points below its 7-day baseline of 95%",
    "zh-points": "10:06 shop-api 的缓存命中率为 62%，比 7 天基线 95% 低 33 个百分点",
}
LIES = {  # claim, what must not be read as fact
    "en-another-fold": ("cache-7's evictions rose more than 200-fold, from 15/s at 10:00 to 2400/s at 10:05",
                        "200-fold"),
    "en-another-points": ("At 10:06 shop-api's cache hit ratio was 62%, 40 points below its 7-day baseline of 95%",
                          "40 points"),
    "en-points-above": ("At 10:06 shop-api's cache hit ratio was 62%, 33 points above its 7-day baseline of 95%",
                        "33 points above"),
    "zh-another-fold": ("10:05 cache-7 的驱逐为 2400/s，约为 10:00 的 15/s 的 300 倍", "300 倍"),
    "zh-points-higher": ("10:06 shop-api 的缓存命中率为 62%，比 7 天基线 95% 高 33 个百分点", "高 33 个百分点"),
    "zh-another-points": ("10:06 shop-api 的缓存命中率为 62%，比 7 天基线 95% 低 40 个百分点", "40 个百分点"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_fold_or_points_difference_the_numbers_give_is_traced = CASES.honest_traced()
test_a_fold_or_points_difference_the_numbers_give_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_fold_or_points_difference_the_numbers_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_fold_or_points_difference_the_numbers_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
