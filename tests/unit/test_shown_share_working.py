"""A share with its working shown in brackets (app/domain/steps.py, ``unshown``): "只有原来的 1%
（50/5000）" of "max_tokens 由 5000 改为 50", "about 9% of the archived objects were restored
(37/412)" of "37 of 412 archived objects restored": the bracket is the share's own arithmetic, two
numbers of one kind one item holds that give it, and names no value of its own; the share is then
held or refused as any. A working of numbers no item holds, or one that does not give the share,
stays refused, and so does a share the numbers do not give. 只有 / 仅 before a share of what it was
("只有原来的 1%") are the words relating it to its terms, as 只剩 are. With the rule off, the honest
claims are refused ("names '50/5000'")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T09:32:00Z s3: restore-object started for 37 of 412 archived objects in pg/orders, Tier=Bulk",
])
ZH = "\n".join([
    "2026-12-05 15:03:30 配置 diff：route tenant-blue-api 的 max_tokens 由 5000 改为 50，fill_interval 1s 未变",
])

HONEST = {
    "en-slash": "restore-object was started for about 9% of the archived objects in pg/orders (37/412)",
    "en-of": "restore-object was started for about 9% of the archived objects in pg/orders (37 of 412)",
    "zh-slash": "tenant-blue-api 的 max_tokens 只有原来的 1%（50/5000）",
    "zh-bare": "tenant-blue-api 的 max_tokens 只有原来的 1%",
}
LIES = {
    "en-made-up-working": ("restore-object was started for about 9% of the archived objects in pg/orders (40/440)",
                           "40/440"),
    "en-wrong-share": ("restore-object was started for about 20% of the archived objects in pg/orders (37/412)",
                       "20%"),
    "zh-made-up-working": ("tenant-blue-api 的 max_tokens 只有原来的 1%（60/6000）", "60/6000"),
    "zh-wrong-share": ("tenant-blue-api 的 max_tokens 只有原来的 10%（50/5000）", "10%"),
    "zh-bare-wrong-share": ("tenant-blue-api 的 max_tokens 只有原来的 2%", "2%"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_share_with_its_working_shown_is_traced = CASES.honest_traced()
test_a_share_with_its_working_shown_is_a_finding = CASES.honest_confirmed()
test_a_working_no_item_gives_is_not_traced = CASES.lies_untraced()
test_a_working_no_item_gives_is_not_read_as_fact = CASES.lies_not_read_as_fact()
