"""The one a cleft names is its event's agent (app/domain/apart.py): "order-api v5.2.0 是 孙浩
发布的" says who released it as "由 孙浩 发布" does, and a person set apart after the cleft's 是 whom
the item does not name, opening with a surname, moves another line's person onto this event (周立
released it; 孙浩 rolled it back). English says it with a handle ("It was h.sun who released …"),
a name by its form. The cleft naming the item's own person is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-11T10:02:00Z deploy: z.li released order-api v5.2.0 via Argo\n"
      "2026-05-11T10:20:00Z h.sun rolled order-api back to v5.1.3\n"
      "2026-05-11T10:25:00Z alert OrderApi5xx acknowledged by h.sun")
ZH = ("2026-05-11 10:02:00 发布：周立 通过 Argo 发布 order-api v5.2.0\n"
      "2026-05-11 10:20:00 孙浩 把 order-api 回滚到 v5.1.3\n"
      "2026-05-11 10:25:00 告警 OrderApi5xx 由 孙浩 确认")

LIES = {  # claim, what must not be read as fact
    "en-cleft": ("It was h.sun who released order-api v5.2.0", "h.sun who released"),
    "en-passive": ("order-api v5.2.0 was released by h.sun", "released by h.sun"),
    "zh-cleft": ("order-api v5.2.0 是 孙浩 发布的", "是 孙浩 发布的"),
    "zh-cleft-object": ("order-api 是 周立 回滚到 v5.1.3 的", "是 周立 回滚"),
    "zh-cleft-opening": ("是 孙浩 通过 Argo 发布了 order-api v5.2.0", "是 孙浩 通过 Argo 发布"),
}
HONEST = {
    "en-cleft": "It was z.li who released order-api v5.2.0",
    "zh-cleft": "order-api v5.2.0 是 周立 发布的",
    "zh-cleft-object": "order-api 是 孙浩 回滚到 v5.1.3 的",
    "zh-cleft-alert": "告警 OrderApi5xx 是 孙浩 确认的",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_cleft_agent_the_item_does_not_name_is_not_traced = CASES.lies_untraced()
test_a_cleft_agent_the_item_does_not_name_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_cleft_naming_the_items_own_agent_is_traced = CASES.honest_traced()
test_a_cleft_naming_the_items_own_agent_is_a_confirmed_finding = CASES.honest_confirmed()
