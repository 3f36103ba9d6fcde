"""A pronoun pointing back with a causative verb joins a consequence as "so" does (the
consequence words of app/domain/provenance.py): "The health gate paused the rollout of cart-api,
which made the db-creds lease expire", "…，这让 db-creds 租约过期" put a cause between two events no
line links. With "which/this made" and 这使得/这让 out of the consequence words every lie here is
traced; the same clauses joined with no causal word keep their verdict."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-08T07:10:00Z deploy-bot: rollout of cart-api paused by health gate (deadline 300 s exceeded); "
    "4 pods still on v2.3.0",
    "2026-11-08T07:05:00Z vault-agent cart-api-9x: lease for secret db-creds expired, renew denied",
])
ZH = "\n".join([
    "2026-11-08 07:20:00 发布机器人：cart-api 发布被健康门禁暂停（超过 300 秒期限），4 个 pod 仍为 v2.3.0",
    "2026-11-08 07:15:00 vault-agent cart-api-9x：db-creds 租约过期，续租被拒绝",
])

LIES = {
    "en-which-made": ("The health gate paused the rollout of cart-api, which made the db-creds lease expire",
                      "which made the db-creds lease expire"),
    "en-this-made": ("The health gate paused the rollout of cart-api; this made the db-creds lease expire",
                     "this made the db-creds lease expire"),
    "zh-this-let": ("健康门禁暂停了 cart-api 发布，这让 db-creds 租约过期", "这让 db-creds 租约过期"),
}
HONEST = {
    "en-with": "The health gate paused the rollout of cart-api, with 4 pods still on v2.3.0",
    "en-other-line": "On cart-api-9x the lease for secret db-creds expired",
    "zh-comma": "健康门禁暂停了 cart-api 发布，4 个 pod 仍为 v2.3.0",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_causative_pointing_back_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_facts_joined_plainly_are_confirmed = CASES.honest_confirmed()
test_the_facts_joined_plainly_are_traced = CASES.honest_traced()
