"""The Gatekeeper reads each clause of a claim joining two lines in its own line's places, the
clause looked for among all lines (app/domain/gatekeeper.py ``elsewhere``).

"The OutOfMemoryError was thrown in PriceCache.put, and v3.2.0 had enabled a per-request price
cache" restates the OOM line and the deploy line; aligned whole with the deploy line, "PriceCache.put"
stands where it has "cart-svc". Its clause is the OOM line's, though that line shares none of its
terms as written ("java.lang.OutOfMemoryError: … com.acme.cart.PriceCache.put(…)" are longer tokens):
it was looked for only among the lines sharing most of its terms. A clause giving a name another
line's value is still contradicted or not traced ("cart-svc-2 保持 v3.2.0" where the line gives the
canary v3.1.9: the Gatekeeper's swap, which a version standing where a log's name is still is)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-21T14:02:10Z deploy-log: cart-svc v3.2.0 deployed to cart-svc-1, cart-svc-3 "
    "(cart-svc-2 canary excluded, stays on v3.1.9); change: per-request price cache enabled",
    "2026-11-21T14:20:47Z cart-svc-2 app.log: checkout queue depth 0, 0 errors in last 60 s",
    "2026-11-21T14:25:07Z cart-svc-1 app.log: java.lang.OutOfMemoryError: Java heap space "
    "at com.acme.cart.PriceCache.put(PriceCache.java:41)"])
ZH = "\n".join([
    "2026-11-21T06:02:10Z 发布记录: cart-svc v3.2.0 发布到 cart-svc-1、cart-svc-3（cart-svc-2 为金丝雀，保持 v3.1.9）",
    "2026-11-21T06:20:47Z cart-svc-2 app.log: 结算队列深度 0，过去 60 秒 0 个错误",
    "2026-11-21T06:25:07Z cart-svc-1 app.log: java.lang.OutOfMemoryError: Java heap space "
    "at com.acme.cart.PriceCache.put(PriceCache.java:41)"])

HONEST = {
    "en-long-token-line": "The OutOfMemoryError was thrown in PriceCache.put, and v3.2.0 had enabled a per-request price cache",
    "zh-long-token-line": "OutOfMemoryError 在 PriceCache.put 抛出，cart-svc v3.2.0 已发布到 cart-svc-1",
}
LIES = {
    "en-other-version": ("cart-svc-2 stayed on v3.2.0 and its checkout queue depth was 0 at 14:20", "v3.2.0"),
    "en-other-host": ("cart-svc-3 threw the OutOfMemoryError in PriceCache.put", "cart-svc-3"),
    "zh-other-version": ("cart-svc-2 保持 v3.2.0，06:20 时结算队列深度为 0", "v3.2.0"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_claim_joining_two_lines_is_traced = CASES.honest_traced()
test_a_claim_joining_two_lines_is_read_in_each_lines_places = CASES.honest_confirmed()
test_a_clause_giving_another_lines_value_is_not_read_as_fact = CASES.lies_not_read_as_fact()
