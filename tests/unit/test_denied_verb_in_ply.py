"""A denial of a verb in "-ply" (apply, reply, supply) is read against the item's other forms of
that verb (app/domain/alignment.py ``_SUFFIX``: the "-ly" of such a verb is no adverb's ending):
"RateLimitPolicy tenant-quota did not apply to route /v2/orders" of "… applies to route /v2/orders",
"vault-agent did not reply to the health probe" of "vault-agent replied to the health probe in 12
ms". With "-ply" read as an adverb's ending ("apply" compared as "app") the English lies are traced;
the line told as its item tells it keeps its verdict."""

from __future__ import annotations

from app.domain import alignment
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-24T08:15:00Z policy-check gw-edge-4: config sync has not finished for 2 shards; "
      "RateLimitPolicy tenant-quota applies to route /v2/orders; vault-agent replied to the health probe in 12 ms")
ZH = "2026-11-24 08:15:00 policy-check gw-edge-4：/healthz 路由未启用限流；RateLimitPolicy tenant-quota 适用于路由 /v2/orders"

LIES = {
    "en-did-not-apply": ("RateLimitPolicy tenant-quota did not apply to route /v2/orders", "did not apply"),
    "en-never-applied": ("RateLimitPolicy tenant-quota does not apply to route /v2/orders",
                         "does not apply"),
    "en-did-not-reply": ("vault-agent did not reply to the health probe", "did not reply"),
    "zh-not-apply": ("RateLimitPolicy tenant-quota 不适用于路由 /v2/orders", "不适用于路由"),
}
HONEST = {
    "en-applies": "RateLimitPolicy tenant-quota applies to route /v2/orders",
    "en-apply": "RateLimitPolicy tenant-quota does apply to route /v2/orders",
    "en-replied": "vault-agent replied to the health probe in 12 ms",
    "zh-applies": "RateLimitPolicy tenant-quota 适用于路由 /v2/orders",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_denied_ply_verb_is_not_traced = CASES.lies_untraced()
test_a_denied_ply_verb_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_ply_verb_as_its_item_tells_it_is_traced = CASES.honest_traced()
test_a_ply_verb_as_its_item_tells_it_is_confirmed = CASES.honest_confirmed()


def test_a_ply_verb_keeps_its_stem() -> None:
    assert {w.key for w in alignment.words("apply applies applied")} == {"appl"}
    assert alignment.words("quickly")[0].key == "quick"
