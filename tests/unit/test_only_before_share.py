"""An exclusive word right before a share ("the success rate was only 3.1%", "成功率仅 3.1%") says how
little, which the share says: a share is a part of a whole, the rest being what it leaves out
(app/domain/exclusive.py ``_MEASURED``); the line is judged without it. Before a name or a count of
things ("only fx-rates failed", "只有 1 个服务") it restricts a set no line restricts, and stays
untraced; a share the line moves is contradicted as without the word."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-04T09:05:00Z prometheus: success rate to fx-rates 3.1% over last 2 min; success rate to"
    " fx-quotes 97.9% over last 2 min",
    "2026-12-04T09:06:00Z envoy checkout-api: upstream reset to fx-rates, reset reason connection termination"])
ZH = "\n".join([
    "2026-12-04 09:05:00 prometheus：近 2 分钟 fx-rates 成功率 3.1%，fx-quotes 成功率 97.9%",
    "2026-12-04 09:06:00 envoy checkout-api：到 fx-rates 的连接被重置，原因 connection termination"])

LIES = {  # claim, what must not be read as fact
    "en-only-name": ("At 09:05 only fx-rates had a low success rate", "only fx-rates"),
    "en-only-moved-share": ("At 09:05 the success rate to fx-rates was only 2.1%", "2.1%"),
    "zh-only-name": ("只有 fx-rates 成功率 3.1%", "只有 fx-rates"),
    "zh-only-moved-share": ("09:05 近 2 分钟 fx-rates 成功率仅 2.1%", "2.1%"),
}
HONEST = {
    "en-only-share": "At 09:05 the success rate to fx-rates was only 3.1%",
    "en-only-share-over": "At 09:05 the success rate to fx-rates was only 3.1% over last 2 min",
    "zh-jin-share": "09:05 近 2 分钟 fx-rates 成功率仅 3.1%",
    "zh-zhiyou-share": "09:05 近 2 分钟 fx-rates 成功率只有 3.1%",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_only_before_a_name_or_a_moved_share_is_not_traced = CASES.lies_untraced()
test_only_before_a_name_or_a_moved_share_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_only_before_a_share_is_traced = CASES.honest_traced()
test_only_before_a_share_is_a_confirmed_finding = CASES.honest_confirmed()
