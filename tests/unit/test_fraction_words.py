"""A fraction in English words is the share it is (app/domain/derived.py, ``_PARTS``): "from 64 to 8,
an eighth of its old value" is 12.5% of 64, held as "八分之一" is; another fraction is refused.

With the rule off the English honest claim is refused (the Chinese one is the control); a wrong
fraction stays refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-12-05T15:02:00Z ops-log: p.nakamura merged ingress config rev cfg-2417: upstream checkout-backend keepalive 64 -> 8"
ZH = "2026-12-05 15:02:00 运维日志：中村 合并 ingress 配置 cfg-2417：上游 checkout-backend 的 keepalive 由 64 改为 8"

HONEST = {
    "en-eighth": "cfg-2417 cut the checkout-backend keepalive from 64 to 8, an eighth of its old value",
    "en-one-eighth": "cfg-2417 cut the checkout-backend keepalive from 64 to 8, one eighth of its old value",
    "zh-eighth": "cfg-2417 把 checkout-backend 的 keepalive 由 64 改为 8，是原来的八分之一",
}
LIES = {
    "en-quarter": ("cfg-2417 cut the checkout-backend keepalive from 64 to 8, a quarter of its old value", "a quarter"),
    "en-third": ("cfg-2417 cut the checkout-backend keepalive from 64 to 8, a third of its old value", "a third"),
    "zh-quarter": ("cfg-2417 把 checkout-backend 的 keepalive 由 64 改为 8，是原来的四分之一", "四分之一"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_fraction_in_words_is_traced = CASES.honest_traced()
test_a_fraction_in_words_is_confirmed = CASES.honest_confirmed()
test_a_wrong_fraction_is_not_traced = CASES.lies_untraced()
test_a_wrong_fraction_is_not_read_as_fact = CASES.lies_not_read_as_fact()
